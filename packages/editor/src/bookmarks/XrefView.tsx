import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { t } from '../i18n/zh-CN';
import { GOTO_BOOKMARK_COMMAND } from './commands';
import type { ReferenceDisplay, ReferenceKind } from './resolve';

export interface XrefViewProps {
  nodeKey: string;
  target: string;
  kind: ReferenceKind;
  display: ReferenceDisplay;
  text: string;
  missing: boolean;
}

/**
 * A cross-reference in the text: its target's current value, a link that goes there on a click (Enter
 * on the reference, selected with the arrow keys, does the same: BookmarksPlugin); when its target is
 * gone, Word's error text, marked as an error, with a tooltip that says what happened.
 */
export function XrefView({ target, kind, text, missing }: XrefViewProps) {
  const [editor] = useLexicalComposerContext();
  const shown = missing ? t.bookmarks.missing : text || t.bookmarks.emptyResult;
  const tooltip = missing
    ? t.bookmarks.missingTooltip
    : kind === 'heading'
      ? t.bookmarks.goToHeading
      : t.bookmarks.goToBookmark(target);
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
      aria-invalid={missing || undefined}
      aria-label={
        missing ? `${shown}（${t.bookmarks.missingTooltip}）` : `${t.bookmarks.referenceLabel}：${shown}`
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
