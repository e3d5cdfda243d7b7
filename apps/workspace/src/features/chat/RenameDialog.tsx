import { MAX_TITLE_LENGTH } from '@wanxiang/api-client';
import { ConfirmDialog, TextField } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { chatText } from './messages';

export interface RenameDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The name shown now (未命名会话 for an untitled chat is not offered as a name). */
  title: string | null;
  /** Saves the new name; a rejection shows its message in the dialog, which stays open. */
  onRename: (title: string) => Promise<void>;
}

/** Renames a chat: a text field with its name, saved with 保存. */
export function RenameDialog({ isOpen, onOpenChange, title, onRename }: RenameDialogProps) {
  const [value, setValue] = useState(title ?? '');
  useEffect(() => {
    if (isOpen) setValue(title ?? '');
  }, [isOpen, title]);
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={chatText.renameTitle}
      confirmLabel={chatText.renameSave}
      onConfirm={() => onRename(value)}
    >
      <TextField
        label={chatText.renameLabel}
        value={value}
        onChange={setValue}
        maxLength={MAX_TITLE_LENGTH}
        autoFocus
      />
    </ConfirmDialog>
  );
}
