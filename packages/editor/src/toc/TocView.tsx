import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalNodeSelection } from '@lexical/react/useLexicalNodeSelection';
import { mergeRegister } from '@lexical/utils';
import { VisuallyHidden } from '@wanxiang/ui';
import { $getNodeByKey, CLICK_COMMAND, COMMAND_PRIORITY_LOW, KEY_ENTER_COMMAND, type NodeKey } from 'lexical';
import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { sheetCount, subscribeSheets } from '../pageView/sheetsOfBlocks';
import { sameEntries, type TocEntry } from './entries';
import { $isTocLike, goToEntry, livePages, updateTocs } from './logic';
import * as css from './toc.css';

/** The updates that only carry the layout's page numbers into the table: undo does not stop at them. */
const PAGES_TAG = 'history-merge';

export interface TocViewProps {
  nodeKey: NodeKey;
  entries: TocEntry[];
}

/**
 * A table of contents on the paper: its title and 更新目录 button, then one link per entry, indented by
 * its level, with a dotted leader to its page number (in the page view; the continuous view has no
 * pages). A click on an entry, or Enter on it, puts the caret at its heading. From the text, the arrow
 * keys select the table and Enter goes into it; Tab moves between its links, Escape goes back.
 */
export function TocView({ nodeKey, entries }: TocViewProps) {
  const [editor] = useLexicalComposerContext();
  const [isSelected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);
  const [paged, setPaged] = useState(() => sheetCount(editor) !== undefined);
  const navRef = useRef<HTMLElement>(null);

  // The page numbers are a view of the page view's layout: they follow it, without an undo step.
  useEffect(() => {
    const sync = () => {
      setPaged(sheetCount(editor) !== undefined);
      const current = editor.getEditorState().read(() => {
        const node = $getNodeByKey(nodeKey);
        return $isTocLike(node) ? node.getEntries() : null;
      });
      if (!current) return;
      const next = livePages(editor, current);
      if (next && !sameEntries(next, current))
        editor.update(
          () => {
            const node = $getNodeByKey(nodeKey);
            if ($isTocLike(node)) node.setEntries(next);
          },
          { tag: PAGES_TAG },
        );
    };
    sync();
    return subscribeSheets(editor, sync);
  }, [editor, nodeKey]);

  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          CLICK_COMMAND,
          (event) => {
            const element = editor.getElementByKey(nodeKey);
            const target = event.target;
            if (!element || !(target instanceof Element) || !element.contains(target)) return false;
            if (target.closest('a, button')) return true;
            if (!event.shiftKey) clearSelection();
            setSelected(true);
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          KEY_ENTER_COMMAND,
          (event) => {
            if (!isSelected) return false;
            event?.preventDefault();
            navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, nodeKey, isSelected, clearSelection, setSelected],
  );

  useEffect(() => {
    editor.getElementByKey(nodeKey)?.toggleAttribute('data-selected', isSelected);
  }, [editor, nodeKey, isSelected]);

  // Keys inside the table are the browser's (Tab between links, Enter follows one), not the editor's: the
  // editor listens on its root, above this, and would indent or split a paragraph.
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const keys = (event: KeyboardEvent) => {
      event.stopPropagation();
      if (event.key === 'Escape') {
        event.preventDefault();
        editor.focus();
        clearSelection();
        setSelected(true);
      }
    };
    nav.addEventListener('keydown', keys);
    return () => nav.removeEventListener('keydown', keys);
  }, [editor, clearSelection, setSelected]);

  return (
    <nav ref={navRef} className={css.toc} aria-label={t.toc.title}>
      <div className={css.header}>
        <span className={css.title}>{t.toc.title}</span>
        <button
          type="button"
          className={css.update}
          title={t.toc.updateTooltip}
          aria-description={t.toc.updateTooltip}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            updateTocs(editor, nodeKey);
            editor.focus();
          }}
        >
          {t.toc.update}
        </button>
      </div>
      {entries.length === 0 ? (
        <p className={css.empty}>{t.toc.empty}</p>
      ) : (
        <ol className={css.list}>
          {entries.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries are a fixed list until the next update.
            <li key={index} className={css.entry} data-toc-level={entry.level}>
              <a
                href={`#toc-entry-${index + 1}`}
                className={css.link}
                data-toc-entry={index}
                onMouseDown={(event) => event.preventDefault()}
                onClick={(event) => {
                  event.preventDefault();
                  goToEntry(editor, entries, index);
                }}
              >
                <span className={css.text} data-toc-text>
                  {entry.text || t.panels.untitled}
                </span>
                {paged ? (
                  <>
                    <span className={css.leader} aria-hidden="true" />
                    {entry.page !== undefined ? <VisuallyHidden>{t.toc.pageBefore}</VisuallyHidden> : null}
                    <span className={css.page} data-toc-page>
                      {entry.page ?? ''}
                    </span>
                    {entry.page !== undefined ? <VisuallyHidden>{t.toc.pageAfter}</VisuallyHidden> : null}
                  </>
                ) : null}
              </a>
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}
