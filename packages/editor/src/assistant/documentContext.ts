/**
 * What the assistant reads from the document when a question goes: the document as Markdown, the
 * selected text, and where the selection or the caret is, so that the server can cut a long document
 * around it. The selection is kept as its points too, so that Apply can replace exactly it later.
 */
import { $convertToMarkdownString, TRANSFORMERS } from '@lexical/markdown';
import { $getRoot, $getSelection, $isRangeSelection, type LexicalEditor } from 'lexical';

export interface PointCapture {
  key: string;
  offset: number;
  type: 'text' | 'element';
}

/** The selection (or the caret) at the moment the user asked. */
export interface SelectionCapture {
  /** The selected text; empty for a caret. */
  text: string;
  anchor: PointCapture;
  focus: PointCapture;
  /** The top-level block holding the focus, where an answer is inserted after. */
  blockKey: string | null;
}

export interface DocumentSnapshot {
  markdown: string;
  selection: SelectionCapture | null;
  focusOffset: number | undefined;
}

/** The current selection as points and text, or null when there is none. Inside a read or an update. */
export function $captureSelection(): SelectionCapture | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const point = (p: typeof selection.anchor): PointCapture => ({
    key: p.key,
    offset: p.offset,
    type: p.type,
  });
  const block = selection.focus.getNode().getTopLevelElement();
  return {
    text: selection.isCollapsed() ? '' : selection.getTextContent(),
    anchor: point(selection.anchor),
    focus: point(selection.focus),
    blockKey: block?.getKey() ?? null,
  };
}

/**
 * Where block `index` starts in `markdown`, found by the beginning of each block's text in turn (the
 * Markdown adds marks around the text, so the text is searched for rather than counted). Blocks without
 * text keep the position reached so far.
 */
export function focusOffsetOf(markdown: string, blockTexts: readonly string[], index: number): number {
  let cursor = 0;
  for (let j = 0; j <= index && j < blockTexts.length; j += 1) {
    const probe = (blockTexts[j] ?? '').trim().split('\n')[0]?.slice(0, 12) ?? '';
    if (probe === '') continue;
    const position = markdown.indexOf(probe, cursor);
    if (position < 0) continue;
    if (j === index) return position;
    cursor = position + probe.length;
  }
  return cursor;
}

/** The document as the assistant sends it, with the last known selection. */
export function readDocument(editor: LexicalEditor, remembered: SelectionCapture | null): DocumentSnapshot {
  return editor.getEditorState().read(() => {
    const markdown = $convertToMarkdownString(TRANSFORMERS);
    const selection = $captureSelection() ?? remembered;
    const blocks = $getRoot().getChildren();
    const index = selection?.blockKey
      ? blocks.findIndex((block) => block.getKey() === selection.blockKey)
      : -1;
    return {
      markdown,
      selection,
      focusOffset:
        index < 0
          ? undefined
          : focusOffsetOf(
              markdown,
              blocks.map((block) => block.getTextContent()),
              index,
            ),
    };
  });
}
