import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { Button, Checkbox, Dialog, TextField } from '@wanxiang/ui';
import { useEffect, useId, useState } from 'react';
import * as dialogs from '../dialogs/dialogs.css';
import { t } from '../i18n/zh-CN';
import * as css from './bookmarks.css';
import { $currentTargets } from './logic';
import { bookmarkNameProblem, isHiddenBookmark } from './names';
import type { BookmarkTarget } from './resolve';

export interface BookmarkDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  showMarks: boolean;
  onShowMarksChange(show: boolean): void;
  /** Bookmarks the selection the user had when the dialog opened. */
  onAdd(name: string): void;
  onGoTo(name: string): void;
  onRename(from: string, to: string): void;
  onDelete(name: string): void;
}

/** The user's bookmarks of the document, in the order of the text, kept current while the dialog is open. */
function useBookmarks(isOpen: boolean): BookmarkTarget[] {
  const [editor] = useLexicalComposerContext();
  const [list, setList] = useState<BookmarkTarget[]>([]);
  useEffect(() => {
    if (!isOpen) return;
    const read = () =>
      setList(
        editor
          .getEditorState()
          .read(() => [...$currentTargets().bookmarks.values()].filter((b) => !isHiddenBookmark(b.name))),
      );
    read();
    return editor.registerUpdateListener(read);
  }, [editor, isOpen]);
  return list;
}

/**
 * 插入 › 书签: names the selection (or the caret's place) as a bookmark; lists the document's bookmarks
 * to go to, rename or delete; shows or hides their brackets in the text. A name is checked as it is typed
 * and the message says what is wrong with it.
 */
export function BookmarkDialog(props: BookmarkDialogProps) {
  const { isOpen, onOpenChange, showMarks, onShowMarksChange } = props;
  const bookmarks = useBookmarks(isOpen);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState('');
  const listId = useId();

  useEffect(() => {
    if (isOpen) {
      setName('');
      setChosen(null);
      setTouched(false);
      setStatus('');
    }
  }, [isOpen]);

  const names = bookmarks.map((b) => b.name);
  const others = names.filter((n) => n !== chosen);
  const trimmed = name.trim();
  const problem = bookmarkNameProblem(trimmed, names);
  const renameProblem = bookmarkNameProblem(trimmed, others);
  const message = (p: typeof problem) => (p ? t.bookmarks.problems[p](trimmed) : '');

  const add = (close: () => void) => {
    setTouched(true);
    if (problem) return;
    props.onAdd(trimmed);
    close();
  };

  return (
    <Dialog
      title={t.bookmarks.title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      footer={(close) => (
        <>
          <Button variant="ghost" onPress={close}>
            {t.dialogs.cancel}
          </Button>
          <Button variant="primary" onPress={() => add(close)}>
            {t.bookmarks.add}
          </Button>
        </>
      )}
    >
      {(close) => (
        <form
          className={dialogs.dialogStack}
          onSubmit={(event) => {
            event.preventDefault();
            add(close);
          }}
        >
          <TextField
            label={t.bookmarks.name}
            description={t.bookmarks.nameHint}
            value={name}
            maxLength={80}
            onChange={(value) => {
              setName(value);
              setTouched(value.length > 0);
              setStatus('');
            }}
            isInvalid={touched && problem !== null && !(chosen && problem === 'taken' && trimmed === chosen)}
            errorMessage={message(problem)}
            autoFocus
          />
          <label className={css.fieldLabel} htmlFor={listId}>
            {t.bookmarks.list(bookmarks.length)}
          </label>
          {bookmarks.length ? (
            <select
              id={listId}
              className={css.list}
              size={Math.min(8, Math.max(4, bookmarks.length))}
              value={chosen ?? ''}
              onChange={(event) => {
                setChosen(event.target.value);
                setName(event.target.value);
                setTouched(false);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && chosen) {
                  event.preventDefault();
                  props.onGoTo(chosen);
                  close();
                }
              }}
            >
              {bookmarks.map((b) => (
                <option key={b.name} value={b.name}>
                  {`${b.name}　${b.text || t.bookmarks.atPoint}`}
                </option>
              ))}
            </select>
          ) : (
            <p className={css.empty} id={listId}>
              {t.bookmarks.none}
            </p>
          )}
          <div className={css.buttons}>
            <Button
              isDisabled={!chosen}
              onPress={() => {
                if (!chosen) return;
                props.onGoTo(chosen);
                close();
              }}
            >
              {t.bookmarks.goTo}
            </Button>
            <Button
              isDisabled={!chosen || trimmed === chosen}
              onPress={() => {
                if (!chosen) return;
                setTouched(true);
                if (renameProblem) {
                  setStatus(message(renameProblem));
                  return;
                }
                props.onRename(chosen, trimmed);
                setChosen(trimmed);
                setStatus(t.bookmarks.renamed(chosen, trimmed));
              }}
            >
              {t.bookmarks.rename}
            </Button>
            <Button
              variant="danger"
              isDisabled={!chosen}
              onPress={() => {
                if (!chosen) return;
                props.onDelete(chosen);
                setStatus(t.bookmarks.deleted(chosen));
                setChosen(null);
                setName('');
              }}
            >
              {t.bookmarks.delete}
            </Button>
          </div>
          <Checkbox isSelected={showMarks} onChange={onShowMarksChange}>
            {t.bookmarks.showMarks}
          </Checkbox>
          <p className={dialogs.dialogStatus} role="status">
            {status}
          </p>
        </form>
      )}
    </Dialog>
  );
}
