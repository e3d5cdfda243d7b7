import { Dialog, TextField } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { okCancelFooter } from './DialogParts';
import * as css from './dialogs.css';

export interface LinkDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  initialUrl: string;
  /** null removes the link (empty input). */
  onApply(url: string | null): void;
}

const SAFE_URL = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

export function isSafeUrl(url: string): boolean {
  return SAFE_URL.test(url.trim());
}

/** The link prompt: an address, https:// by default; empty removes the link. */
export function LinkDialog({ isOpen, onOpenChange, initialUrl, onApply }: LinkDialogProps) {
  const [url, setUrl] = useState(initialUrl);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (isOpen) {
      setUrl(initialUrl || 'https://');
      setInvalid(false);
    }
  }, [isOpen, initialUrl]);
  const submit = (close: () => void) => {
    const value = url.trim();
    if (value === '') {
      onApply(null);
      close();
      return;
    }
    if (!isSafeUrl(value)) {
      setInvalid(true);
      return;
    }
    onApply(value);
    close();
  };
  return (
    <Dialog
      title={t.link.title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter(submit, { okLabel: t.link.apply, cancelLabel: t.link.cancel })}
    >
      {(close) => (
        <form
          className={css.dialogStack}
          onSubmit={(event) => {
            event.preventDefault();
            submit(close);
          }}
        >
          <TextField
            label={t.link.url}
            value={url}
            onChange={(v) => {
              setUrl(v);
              setInvalid(false);
            }}
            description={t.link.hint}
            isInvalid={invalid}
            errorMessage={t.link.invalid}
            autoFocus
            type="url"
          />
        </form>
      )}
    </Dialog>
  );
}
