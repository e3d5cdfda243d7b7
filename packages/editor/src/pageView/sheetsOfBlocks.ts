import type { LexicalEditor } from 'lexical';

/**
 * Which sheet each top-level block starts on, as the page view last laid them out: what a table of
 * contents or a cross-reference shows as a page number. The page view publishes after every layout;
 * readers ask by the block's DOM element (editor.getElementByKey of a top-level node) and subscribe to be
 * told when the numbers may have moved. Outside the page view (continuous, a phone) there are no sheets
 * and every answer is undefined.
 */
interface Sheets {
  sheetOf: (element: Element) => number | undefined;
  count: number;
}

const published = new WeakMap<LexicalEditor, Sheets>();
const listeners = new WeakMap<LexicalEditor, Set<() => void>>();

/** Called by the page view after a layout (null when it is switched off). */
export function publishSheets(editor: LexicalEditor, sheets: Sheets | null): void {
  if (sheets) published.set(editor, sheets);
  else published.delete(editor);
  for (const listener of listeners.get(editor) ?? []) listener();
}

/** The page number (1 is the first sheet) a top-level block's element starts on; undefined out of page view. */
export function pageOfBlock(editor: LexicalEditor, element: Element | null | undefined): number | undefined {
  if (!element) return undefined;
  const sheet = published.get(editor)?.sheetOf(element);
  return sheet === undefined ? undefined : sheet + 1;
}

/** The number of sheets; undefined out of page view. */
export const sheetCount = (editor: LexicalEditor): number | undefined => published.get(editor)?.count;

/** Calls `listener` after each layout that may have moved page numbers; returns the unsubscribe. */
export function subscribeSheets(editor: LexicalEditor, listener: () => void): () => void {
  let set = listeners.get(editor);
  if (!set) {
    set = new Set();
    listeners.set(editor, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}
