export {
  Dialog,
  type DialogProps,
  type DialogSize,
  DialogTrigger,
  type DialogTriggerProps,
  dialogSizes,
} from './Dialog';
