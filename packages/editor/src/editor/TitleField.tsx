import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { TITLE_INPUT_MAX } from './useDocumentSave';
import * as css from './WordEditor.css';

export interface TitleFieldProps {
  title: string;
  /** Called with what was typed (the caller turns an empty name into 未命名文档). */
  onRename(name: string): void;
  /** Where the focus goes after a rename or a cancel by keyboard. */
  onDone?(): void;
  /** A read-only document (another tab edits it): the title shows but cannot be renamed here. */
  readOnly?: boolean;
}

/**
 * The title pill (草稿 · 标题), renamed in place: a click or Enter opens the field, Enter or leaving it
 * saves, Escape cancels. Written with a native button and input: react-aria's TextField would bring a
 * label and a form field's layout to what is one line of text in a bar.
 */
export function TitleField({ title, onRename, onDone, readOnly = false }: TitleFieldProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const byKeyboard = useRef(false);

  useEffect(() => {
    if (!editing) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [editing]);

  const finish = (save: boolean) => {
    if (!editing) return;
    setEditing(false);
    if (save && draft.trim() !== title) onRename(draft);
    if (byKeyboard.current) {
      byKeyboard.current = false;
      // Back on the pill, so the next Tab goes on from where the user was.
      requestAnimationFrame(() => buttonRef.current?.focus());
    }
    onDone?.();
  };

  if (editing) {
    return (
      <input
        ref={inputRef}
        className={css.titleInput}
        aria-label={t.title.label}
        value={draft}
        maxLength={TITLE_INPUT_MAX}
        placeholder={t.panels.untitled}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.nativeEvent.isComposing) return;
          if (event.key === 'Enter') {
            event.preventDefault();
            byKeyboard.current = true;
            finish(true);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            byKeyboard.current = true;
            finish(false);
          }
        }}
        onBlur={() => finish(true)}
      />
    );
  }
  return (
    <button
      ref={buttonRef}
      type="button"
      className={css.titleChip}
      title={readOnly ? undefined : t.title.hint}
      disabled={readOnly}
      onClick={() => {
        setDraft(title);
        setEditing(true);
      }}
    >
      {t.draftTitle(title)}
    </button>
  );
}
