import { $getRoot, $getState, $setState, createState, type LexicalEditor } from 'lexical';
import { HEADER_FOOTER_STATE_KEY, type HeaderFooter, normalizeHeaderFooter, sameHeaderFooter } from './model';

/**
 * The headers and footers in the root's node state: saved with the document (root.$.wxHeaderFooter) and
 * changed by an editor update, so one undo takes a change back.
 */
export const headerFooterState = createState(HEADER_FOOTER_STATE_KEY, {
  parse: normalizeHeaderFooter,
  isEqual: sameHeaderFooter,
});

export const $getHeaderFooter = (): HeaderFooter => $getState($getRoot(), headerFooterState);

/** Sets the document's headers and footers (one undo step). */
export function setHeaderFooter(editor: LexicalEditor, setting: HeaderFooter): void {
  editor.update(() => {
    $setState($getRoot(), headerFooterState, normalizeHeaderFooter(setting));
  });
}
