import { Dialog, TextField } from '@wanxiang/ui';
import { useState } from 'react';
import { okCancelFooter } from '../dialogs/DialogParts';
import { t } from '../i18n/zh-CN';
import { VERSION_NAME_MAX_CHARS } from './limits';
import * as css from './versions.css';

const m = t.versions;

export interface NameVersionDialogProps {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  /** Saves where needed and names the current version; a rejection is shown in the dialog. */
  onName(name: string): Promise<void>;
}

/** 为当前版本命名: a name for the text as it is now (saved first when it has unsaved changes). */
export function NameVersionDialog({ isOpen, onOpenChange, onName }: NameVersionDialogProps) {
  return (
    <Dialog title={m.nameTitle} size="sm" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      {(close) => <NameForm onName={onName} close={close} />}
    </Dialog>
  );
}

function NameForm({ onName, close }: { onName(name: string): Promise<void>; close(): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async () => {
    const trimmed = name.replace(/\s+/g, ' ').trim();
    if (!trimmed) return setError(m.nameEmpty);
    if (Array.from(trimmed).length > VERSION_NAME_MAX_CHARS)
      return setError(m.nameTooLong(VERSION_NAME_MAX_CHARS));
    setError(null);
    setPending(true);
    try {
      await onName(trimmed);
      close();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : m.nameFailed);
    } finally {
      setPending(false);
    }
  };
  const footer = okCancelFooter(() => void submit(), { okLabel: pending ? `${m.nameSave}…` : m.nameSave });
  return (
    <form
      className={css.body}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={m.nameLabel}
        description={m.nameHint}
        value={name}
        onChange={setName}
        isInvalid={error !== null}
        errorMessage={error ?? undefined}
        autoFocus
      />
      <div className={css.footer}>{footer(close)}</div>
    </form>
  );
}
