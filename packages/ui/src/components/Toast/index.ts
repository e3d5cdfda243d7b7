export { ToastRegion, type ToastRegionProps } from './ToastRegion';
export {
  createToastApi,
  DEFAULT_TOAST_TIMEOUT_MS,
  type ToastContent,
  type ToastOptions,
  ToastQueue,
  type ToastTone,
  toast,
  toastQueue,
  toastTones,
} from './toastQueue';
