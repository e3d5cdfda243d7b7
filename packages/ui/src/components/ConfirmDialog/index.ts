export {
  ConfirmDialog,
  type ConfirmDialogProps,
  type ConfirmDialogTone,
  confirmDialogTones,
} from './ConfirmDialog';
