export {
  FileChips,
  type FileChipsProps,
  fileBadge,
  fileKindLabel,
  formatFileSize,
  type PendingFile,
} from './FileChips';
