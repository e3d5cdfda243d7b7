export {
  FileChips,
  type FileChipsProps,
  fileBadge,
  fileKindLabel,
  formatFileSize,
  type PendingFile,
} from './FileChips';
export { FileTile, type FileTileProps, fileTileListClass, fileTileNameClass } from './FileTile';
export { useFileDrop } from './useFileDrop';
