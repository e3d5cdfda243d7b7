import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useUiMessages } from '../../i18n/UiProvider';
import { Alert } from '../Alert/Alert';
import { Button } from '../Button/Button';
import { DialogFrame, type DialogSize } from '../Dialog/Dialog';
import * as dialogStyles from '../Dialog/Dialog.css';
import * as styles from './ConfirmDialog.css';

export const confirmDialogTones = ['default', 'danger'] as const;
export type ConfirmDialogTone = (typeof confirmDialogTones)[number];

export interface ConfirmDialogProps {
  title: ReactNode;
  /** What will happen, in a sentence or two. */
  children?: ReactNode;
  /** @default the catalogue's "确定" */
  confirmLabel?: string;
  /** @default the catalogue's "取消" */
  cancelLabel?: string;
  /** `danger` paints the confirm button red and puts the initial focus on cancel. @default 'default' */
  tone?: ConfirmDialogTone;
  /**
   * Runs on confirm. If it returns a promise the dialog shows a pending confirm button and stays open
   * until the promise settles: it closes on success and shows the error (and stays) on failure.
   */
  onConfirm: () => unknown;
  /** The user backed out: the cancel button or Escape. */
  onCancel?: () => void;
  /** @default 'sm' */
  size?: DialogSize;
  /** Controlled open state; inside a <DialogTrigger> leave these out. */
  isOpen?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

interface ContentProps extends Pick<ConfirmDialogProps, 'children' | 'onConfirm' | 'onCancel' | 'tone'> {
  confirmLabel: string;
  cancelLabel: string;
  close: () => void;
}

/* Lives inside the modal, so its pending and error state start fresh every time the dialog opens. */
function ConfirmContent({
  children,
  onConfirm,
  onCancel,
  tone,
  confirmLabel,
  cancelLabel,
  close,
}: ContentProps) {
  const messages = useUiMessages();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);

  const failureText = (thrown: unknown) =>
    thrown instanceof Error && thrown.message ? thrown.message : messages.confirmDialog.failed;

  const cancel = () => {
    onCancel?.();
    close();
  };

  const confirm = async () => {
    setError(null);
    let result: unknown;
    try {
      result = onConfirm();
    } catch (thrown) {
      setError(failureText(thrown));
      return;
    }
    if (!isPromiseLike(result)) {
      close();
      return;
    }
    setPending(true);
    try {
      await result;
      if (mounted.current) close();
    } catch (thrown) {
      if (mounted.current) setError(failureText(thrown));
    } finally {
      if (mounted.current) setPending(false);
    }
  };

  /*
   * Escape must mean "cancel" (so onCancel runs) and must do nothing while the confirmation runs.
   * react-aria's own Escape handling is switched off on the overlay and done here instead; the listener
   * exists only while this dialog is open.
   */
  const cancelRef = useRef(cancel);
  cancelRef.current = cancel;
  const pendingRef = useRef(isPending);
  pendingRef.current = isPending;
  useEffect(() => {
    mounted.current = true;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      if (!pendingRef.current) cancelRef.current();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      mounted.current = false;
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, []);

  return (
    <>
      <div className={dialogStyles.body}>
        {children}
        {error ? (
          <Alert tone="danger" className={styles.error}>
            {error}
          </Alert>
        ) : null}
      </div>
      <div className={dialogStyles.footer}>
        <Button isDisabled={isPending} autoFocus={tone === 'danger'} onPress={cancel}>
          {cancelLabel}
        </Button>
        <Button
          variant={tone === 'danger' ? 'danger' : 'primary'}
          isPending={isPending}
          autoFocus={tone !== 'danger'}
          onPress={confirm}
        >
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}

/**
 * Asks the user to confirm an action (delete a session, log out). An alertdialog: the backdrop does not
 * dismiss it; Escape cancels, except while the confirmation is running.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'default',
  onConfirm,
  onCancel,
  size = 'sm',
  isOpen,
  defaultOpen,
  onOpenChange,
}: ConfirmDialogProps) {
  const messages = useUiMessages();
  return (
    <DialogFrame
      title={title}
      role="alertdialog"
      size={size}
      isDismissable={false}
      isKeyboardDismissDisabled
      showCloseButton={false}
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
    >
      {(close) => (
        <ConfirmContent
          tone={tone}
          onConfirm={onConfirm}
          onCancel={onCancel}
          confirmLabel={confirmLabel ?? messages.common.confirm}
          cancelLabel={cancelLabel ?? messages.common.cancel}
          close={close}
        >
          {children}
        </ConfirmContent>
      )}
    </DialogFrame>
  );
}
