import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { sheetCount, subscribeSheets } from '../pageView/sheetsOfBlocks';
import { GOTO_BOOKMARK_COMMAND } from './commands';
import { type ReferenceDisplay, type ReferenceKind, UNKNOWN_PAGE } from './resolve';

export interface XrefViewProps {
  nodeKey: string;
  target: string;
  kind: ReferenceKind;
  display: ReferenceDisplay;
  text: string;
  missing: boolean;
}

/** Whether the editor is laid out in sheets now (the page view), followed as the view changes. */
function usePaged(enabled: boolean): boolean {
  const [editor] = useLexicalComposerContext();
  const [paged, setPaged] = useState(() => enabled && sheetCount(editor) !== undefined);
  useEffect(() => {
    if (!enabled) return;
    const sync = () => setPaged(sheetCount(editor) !== undefined);
    sync();
    return subscribeSheets(editor, sync);
  }, [editor, enabled]);
  return paged;
}

/**
 * A cross-reference in the text: its target's current value, a link that goes there on a click (Enter
 * on the reference, selected with the arrow keys, does the same: BookmarksPlugin); when its target is
 * gone, Word's error text, marked as an error, with a tooltip that says what happened. A page reference
 * shows the bare number, as Word's 页码 does; BookmarksPlugin keeps it to the page view's layout. The
 * continuous view has no pages: there it shows the number of the last layout (or "?" when there never
 * was one), and its tooltip says so.
 */
export function XrefView({ target, kind, display, text, missing }: XrefViewProps) {
  const [editor] = useLexicalComposerContext();
  const isPage = display === 'page';
  const paged = usePaged(isPage);
  const pageKnown = isPage && !!text && text !== UNKNOWN_PAGE;
  const shown = missing
    ? t.bookmarks.missing
    : isPage
      ? pageKnown
        ? text
        : UNKNOWN_PAGE
      : text || t.bookmarks.emptyResult;
  const goTo = kind === 'heading' ? t.bookmarks.goToHeading : t.bookmarks.goToBookmark(target);
  const tooltip = missing
    ? t.bookmarks.missingTooltip
    : isPage && !paged
      ? pageKnown
        ? t.bookmarks.pageLastKnownTooltip(text)
        : t.bookmarks.pageUnknownTooltip
      : goTo;
  const spoken = isPage && pageKnown ? t.bookmarks.pageLabel(text) : shown;
  const follow = () => {
    if (!missing) editor.dispatchCommand(GOTO_BOOKMARK_COMMAND, target);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a real <a> in the editable text would be followed by the browser.
    <span
      role="link"
      tabIndex={-1}
      className={missing ? 'wx-ed-xref wx-ed-xref-missing' : 'wx-ed-xref'}
      data-xref={target}
      data-xref-display={display}
      data-xref-stale={isPage && !paged && !missing ? 'true' : undefined}
      aria-invalid={missing || undefined}
      aria-label={
        missing
          ? `${shown}（${t.bookmarks.missingTooltip}）`
          : isPage && !paged
            ? `${t.bookmarks.referenceLabel}：${spoken}（${tooltip}）`
            : `${t.bookmarks.referenceLabel}：${spoken}`
      }
      title={tooltip}
      onMouseDown={(event) => event.preventDefault()}
      onClick={(event) => {
        event.preventDefault();
        follow();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') follow();
      }}
    >
      {shown}
    </span>
  );
}
