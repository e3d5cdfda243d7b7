import { clsx } from 'clsx';
import { type ReactNode, useRef } from 'react';
import {
  Heading,
  Modal,
  ModalOverlay,
  PopoverContext,
  Dialog as RACDialog,
  useSlottedContext,
} from 'react-aria-components';
import { useUiMessages } from '../../i18n/UiProvider';
import { CloseIcon } from '../../icons';
import { useOverlayTheme } from '../../theme/overlayTheme';
import { IconButton } from '../IconButton/IconButton';
import * as styles from './Dialog.css';

export { DialogTrigger, type DialogTriggerProps } from 'react-aria-components';

export const dialogSizes = ['sm', 'md', 'lg'] as const;
export type DialogSize = (typeof dialogSizes)[number];

type CloseRenderable = ReactNode | ((close: () => void) => ReactNode);

export interface DialogProps {
  /** The heading; it also names the dialog for assistive technology. */
  title: ReactNode;
  /** The body; a function receives `close`. */
  children: CloseRenderable;
  /** Actions under the body, usually Buttons; a function receives `close`. */
  footer?: CloseRenderable;
  /** @default 'md' */
  size?: DialogSize;
  /** Clicking the backdrop closes the dialog. @default true */
  isDismissable?: boolean;
  /** Escape closes the dialog. Turn off only while an action must not be interrupted. @default false */
  isKeyboardDismissDisabled?: boolean;
  /** The × button in the header. @default true */
  showCloseButton?: boolean;
  /** `alertdialog` for confirmations that interrupt the user. @default 'dialog' */
  role?: 'dialog' | 'alertdialog';
  /** Controlled open state; inside a <DialogTrigger> leave these out. */
  isOpen?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  className?: string;
}

function render(content: CloseRenderable, close: () => void): ReactNode {
  return typeof content === 'function' ? content(close) : content;
}

export interface DialogFrameProps extends Omit<DialogProps, 'children' | 'footer'> {
  /** Everything under the header; receives `close`. */
  children: (close: () => void) => ReactNode;
}

/** Overlay, modal, header and focus handling, shared by Dialog and ConfirmDialog. Not exported. */
export function DialogFrame({
  title,
  children,
  size = 'md',
  isDismissable = true,
  isKeyboardDismissDisabled = false,
  showCloseButton = true,
  role = 'dialog',
  isOpen,
  defaultOpen,
  onOpenChange,
  className,
}: DialogFrameProps) {
  const messages = useUiMessages();
  // The theme of the part of the page the dialog belongs to (overlayTheme.ts): its DialogTrigger's button,
  // or, opened by state, where it is rendered (an empty hidden span marks the place).
  const trigger = useSlottedContext(PopoverContext)?.triggerRef;
  const place = useRef<HTMLSpanElement>(null);
  const theme = useOverlayTheme(trigger ?? place);
  return (
    <>
      {trigger ? null : <span hidden ref={place} />}
      <ModalOverlay
        data-theme={theme}
        className={styles.overlay}
        isDismissable={isDismissable}
        isKeyboardDismissDisabled={isKeyboardDismissDisabled}
        isOpen={isOpen}
        defaultOpen={defaultOpen}
        onOpenChange={onOpenChange}
      >
        <Modal className={clsx(styles.modal, styles.modalSize[size], className)}>
          <RACDialog role={role} className={styles.dialog}>
            {({ close }) => (
              <>
                <div className={styles.header}>
                  <Heading slot="title" className={styles.title}>
                    {title}
                  </Heading>
                  {showCloseButton ? (
                    <IconButton
                      size="sm"
                      variant="subtle"
                      className={styles.close}
                      aria-label={messages.common.close}
                      onPress={close}
                    >
                      <CloseIcon />
                    </IconButton>
                  ) : null}
                </div>
                {children(close)}
              </>
            )}
          </RACDialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

/**
 * A modal dialog: backdrop, focus trapped inside, focus restored to the trigger on close, Escape and the
 * × button close it. Put it after a trigger inside <DialogTrigger>, or control it with isOpen.
 */
export function Dialog({ children, footer, ...props }: DialogProps) {
  return (
    <DialogFrame {...props}>
      {(close) => (
        <>
          <div className={styles.body}>{render(children, close)}</div>
          {footer != null ? <div className={styles.footer}>{render(footer, close)}</div> : null}
        </>
      )}
    </DialogFrame>
  );
}
