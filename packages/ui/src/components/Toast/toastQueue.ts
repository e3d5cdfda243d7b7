import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

/** A toast's tones, named as the alert's are; `toast.error()` is the danger tone's adder. */
export const toastTones = ['info', 'success', 'warning', 'danger'] as const;
export type ToastTone = (typeof toastTones)[number];

export interface ToastContent {
  tone: ToastTone;
  /** The message. */
  message: string;
  /** An optional bold line above the message. */
  title?: string;
}

export interface ToastOptions {
  /**
   * Milliseconds until the toast closes by itself; 0 keeps it until dismissed. The timer pauses while the
   * pointer or focus is on the toasts. @default DEFAULT_TOAST_TIMEOUT_MS
   */
  timeout?: number;
  title?: string;
  onClose?: () => void;
}

/**
 * Long enough to read a sentence of Chinese; the app's shorter confirmations (1.5 s after copying, 3 s
 * for chat notices) pass their own timeout.
 */
export const DEFAULT_TOAST_TIMEOUT_MS = 5000;

/** The queue <ToastRegion> shows by default. A module singleton so `toast.*` works from anywhere. */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 5 });

export function createToastApi(queue: ToastQueue<ToastContent>) {
  const add = (tone: ToastTone, message: string, options: ToastOptions = {}) => {
    const { timeout = DEFAULT_TOAST_TIMEOUT_MS, title, onClose } = options;
    return queue.add(
      { tone, message, ...(title ? { title } : {}) },
      { ...(timeout > 0 ? { timeout } : {}), ...(onClose ? { onClose } : {}) },
    );
  };
  return {
    info: (message: string, options?: ToastOptions) => add('info', message, options),
    success: (message: string, options?: ToastOptions) => add('success', message, options),
    warning: (message: string, options?: ToastOptions) => add('warning', message, options),
    error: (message: string, options?: ToastOptions) => add('danger', message, options),
    /** Closes one toast by the key the adders return. */
    dismiss: (key: string) => queue.close(key),
    /** Closes every toast. */
    clear: () => queue.clear(),
  };
}

/** `toast.info('对话已中断', { timeout: 3000 })` — shows in the app's <ToastRegion>. */
export const toast = createToastApi(toastQueue);

export { ToastQueue };
