import { Button } from '@wanxiang/ui';
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { chatText } from '../messages';
import * as styles from './versions.css';

export interface QuestionEditorProps {
  /** The edited text. */
  text: string;
  onChange: (text: string) => void;
  /** Sends the edited question; false when it could not be sent (the editor stays open). */
  onSend: (text: string) => boolean;
  onCancel: () => void;
  /** An answer is streaming: the edit can be typed now and sent when it ends. */
  isBusy?: boolean;
  /** Takes the caret (at the end of the text) when it mounts. */
  autoFocus?: boolean;
}

/**
 * 编辑: the question in a text box, sent in its place with 发送 (or Enter; Shift+Enter breaks the line),
 * or left as it was with 取消 (or Escape). While an answer streams the text can be typed, as in the
 * chat's input, and is sent once it ends.
 */
export function QuestionEditor({
  text,
  onChange,
  onSend,
  onCancel,
  isBusy = false,
  autoFocus = true,
}: QuestionEditorProps) {
  const input = useRef<HTMLTextAreaElement>(null);
  const focusOnMount = useRef(autoFocus);
  useEffect(() => {
    const element = input.current;
    if (!element || !focusOnMount.current) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);
  const canSend = text.trim() !== '' && !isBusy;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form className={styles.editor} aria-label={chatText.editLabel} onSubmit={submit}>
      <textarea
        ref={input}
        className={styles.editorInput}
        aria-label={chatText.editLabel}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.editorActions}>
        {isBusy ? <span className={styles.editorNote}>{chatText.editWaiting}</span> : null}
        <Button variant="ghost" size="sm" onPress={onCancel}>
          {chatText.editCancel}
        </Button>
        <Button type="submit" size="sm" isDisabled={!canSend}>
          {chatText.editSend}
        </Button>
      </div>
    </form>
  );
}
