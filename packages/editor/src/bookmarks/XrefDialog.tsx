import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { Dialog } from '@wanxiang/ui';
import { useEffect, useId, useState } from 'react';
import { Choice } from '../dialogs/Choice';
import { okCancelFooter } from '../dialogs/DialogParts';
import * as dialogs from '../dialogs/dialogs.css';
import { t } from '../i18n/zh-CN';
import * as css from './bookmarks.css';
import { $currentTargets } from './logic';
import { isHiddenBookmark } from './names';
import type { ReferenceDisplay, ReferenceKind, Targets } from './resolve';

/** The target the user chose: a bookmark by name, or a heading by its position among the headings. */
export type ChosenTarget = { kind: 'bookmark'; name: string } | { kind: 'heading'; index: number };

export interface XrefDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  onInsert(target: ChosenTarget, display: ReferenceDisplay): void;
}

const EMPTY: Targets = { bookmarks: new Map(), headings: [] };

/**
 * 插入 › 交叉引用: what to refer to (a bookmark or a heading), which one, and what the reference shows (the
 * text, for a heading its number, or the page number either starts on, which the page view's layout
 * gives).
 */
export function XrefDialog({ isOpen, onOpenChange, onInsert }: XrefDialogProps) {
  const [editor] = useLexicalComposerContext();
  const [targets, setTargets] = useState<Targets>(EMPTY);
  const [kind, setKind] = useState<ReferenceKind>('heading');
  const [display, setDisplay] = useState<ReferenceDisplay>('text');
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState('');
  const listId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const found = editor.getEditorState().read($currentTargets);
    setTargets(found);
    setKind(found.headings.length || !found.bookmarks.size ? 'heading' : 'bookmark');
    setDisplay('text');
    setChosen('');
    setError('');
  }, [editor, isOpen]);

  const bookmarks = [...targets.bookmarks.values()].filter((b) => !isHiddenBookmark(b.name));
  const items =
    kind === 'heading'
      ? targets.headings.map((h) => ({
          id: String(h.index),
          label: `${'　'.repeat(Math.max(0, h.level - 1))}${h.number}　${h.text || t.bookmarks.emptyResult}`,
        }))
      : bookmarks.map((b) => ({ id: b.name, label: `${b.name}　${b.text || t.bookmarks.atPoint}` }));
  const displays =
    kind === 'heading'
      ? [
          { id: 'text' as const, label: t.bookmarks.showHeadingText },
          { id: 'number' as const, label: t.bookmarks.showHeadingNumber },
          { id: 'page' as const, label: t.bookmarks.showPage },
        ]
      : [
          { id: 'text' as const, label: t.bookmarks.showBookmarkText },
          { id: 'page' as const, label: t.bookmarks.showPage },
        ];

  const insert = (close: () => void) => {
    if (!chosen) {
      setError(items.length ? t.bookmarks.chooseTarget : t.bookmarks.noTargets(kind));
      return;
    }
    onInsert(kind === 'heading' ? { kind, index: Number(chosen) } : { kind, name: chosen }, display);
    close();
  };

  return (
    <Dialog
      title={t.bookmarks.xrefTitle}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      footer={okCancelFooter(insert, { okLabel: t.bookmarks.insert })}
    >
      {(close) => (
        <div className={dialogs.dialogStack}>
          <div className={dialogs.dialogGrid}>
            <Choice
              label={t.bookmarks.kind}
              value={kind}
              options={[
                { id: 'heading', label: t.bookmarks.kinds.heading },
                { id: 'bookmark', label: t.bookmarks.kinds.bookmark },
              ]}
              onChange={(next) => {
                setKind(next);
                // Both kinds offer the page number; the other displays differ.
                setDisplay((current) => (current === 'page' ? 'page' : 'text'));
                setChosen('');
                setError('');
              }}
            />
            <Choice label={t.bookmarks.display} value={display} options={displays} onChange={setDisplay} />
          </div>
          <label className={css.fieldLabel} htmlFor={listId}>
            {kind === 'heading' ? t.bookmarks.whichHeading : t.bookmarks.whichBookmark}
          </label>
          {items.length ? (
            <select
              id={listId}
              className={css.list}
              size={Math.min(10, Math.max(4, items.length))}
              value={chosen}
              onChange={(event) => {
                setChosen(event.target.value);
                setError('');
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && chosen) {
                  event.preventDefault();
                  insert(close);
                }
              }}
            >
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.label}
                </option>
              ))}
            </select>
          ) : (
            <p className={css.empty} id={listId}>
              {t.bookmarks.noTargets(kind)}
            </p>
          )}
          {display === 'page' ? <p className={dialogs.dialogHint}>{t.bookmarks.pageHint}</p> : null}
          {error ? (
            <p className={dialogs.dialogError} role="alert">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
