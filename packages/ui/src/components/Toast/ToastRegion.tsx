import { clsx } from 'clsx';
import { useRef } from 'react';
import {
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContentSlot,
  UNSTABLE_ToastList as ToastList,
  UNSTABLE_ToastRegion as ToastRegionBase,
} from 'react-aria-components';
import { useUiMessages } from '../../i18n/UiProvider';
import { CloseIcon } from '../../icons';
import { useOverlayTheme } from '../../theme/overlayTheme';
import { IconButton } from '../IconButton/IconButton';
import { ToneIcon } from '../ToneIcon/ToneIcon';
import * as styles from './Toast.css';
import { type ToastContent, type ToastQueue, toastQueue } from './toastQueue';

export interface ToastRegionProps {
  /** @default the shared `toastQueue` that `toast.*` adds to */
  queue?: ToastQueue<ToastContent>;
  className?: string;
}

/**
 * Where toasts appear; render it once near the root of the app. It is a landmark region (F6 reaches it
 * from the keyboard), portalled to <body>, and pauses the timers while hovered or focused.
 */
export function ToastRegion({ queue = toastQueue, className }: ToastRegionProps) {
  const messages = useUiMessages();
  // Toasts take the theme of the part of the page the region is rendered in (overlayTheme.ts): an empty
  // hidden span marks the place, as the region itself is portalled to <body>.
  const place = useRef<HTMLSpanElement>(null);
  const theme = useOverlayTheme(place);
  return (
    <>
      <span hidden ref={place} />
      <ToastRegionBase
        data-theme={theme}
        queue={queue}
        aria-label={messages.toast.region}
        className={clsx(styles.region, className)}
      >
        <ToastList<ToastContent> className={styles.list}>
          {({ toast }) => {
            return (
              <Toast toast={toast} className={styles.toast}>
                <ToneIcon tone={toast.content.tone} />
                <ToastContentSlot className={styles.content}>
                  {toast.content.title ? (
                    <Text slot="title" className={styles.title}>
                      {toast.content.title}
                    </Text>
                  ) : null}
                  <Text slot={toast.content.title ? 'description' : 'title'} className={styles.message}>
                    {toast.content.message}
                  </Text>
                </ToastContentSlot>
                <IconButton
                  slot="close"
                  size="sm"
                  variant="subtle"
                  className={styles.close}
                  aria-label={messages.common.close}
                >
                  <CloseIcon />
                </IconButton>
              </Toast>
            );
          }}
        </ToastList>
      </ToastRegionBase>
    </>
  );
}
