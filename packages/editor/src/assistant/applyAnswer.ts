/**
 * Apply: an answer's Markdown written into the document as rich content (headings, lists, quotes, code,
 * emphasis, links), through the same conversion as an opened .md file (documentFromMarkdown), in one
 * update, pushed as one undo step. It replaces the selection the question was about, or goes after the
 * block that held the caret.
 */
import {
  $createRangeSelection,
  $getNodeByKey,
  $getRoot,
  $isElementNode,
  $isParagraphNode,
  $parseSerializedNode,
  $setSelection,
  HISTORY_PUSH_TAG,
  type LexicalEditor,
  type LexicalNode,
  type SerializedLexicalNode,
} from 'lexical';
import { documentFromMarkdown } from '../files/importFile';
import type { SelectionCapture } from './documentContext';

/** The top-level nodes an answer becomes, serialized (the mapping Apply uses). */
export function markdownToSerializedNodes(markdown: string): SerializedLexicalNode[] {
  if (markdown.trim() === '') return [];
  const state = documentFromMarkdown(markdown.trim()).content.editorState as {
    root: { children: SerializedLexicalNode[] };
  } | null;
  const nodes = state?.root.children ?? [];
  // Blank lines around the answer become empty paragraphs: they are not part of it.
  const isBlank = (node: SerializedLexicalNode | undefined) =>
    node?.type === 'paragraph' && ((node as { children?: unknown[] }).children?.length ?? 0) === 0;
  while (isBlank(nodes[0])) nodes.shift();
  while (isBlank(nodes.at(-1))) nodes.pop();
  return nodes;
}

function $nodesFromMarkdown(markdown: string): LexicalNode[] {
  return markdownToSerializedNodes(markdown).map((node) => $parseSerializedNode(node));
}

export type ApplyResult = 'applied' | 'selectionChanged' | 'empty';

/** Whether the captured selection still holds the same text (the user may have edited meanwhile). */
function $restoreSelection(capture: SelectionCapture) {
  if (!$getNodeByKey(capture.anchor.key) || !$getNodeByKey(capture.focus.key)) return null;
  const selection = $createRangeSelection();
  selection.anchor.set(capture.anchor.key, capture.anchor.offset, capture.anchor.type);
  selection.focus.set(capture.focus.key, capture.focus.offset, capture.focus.type);
  try {
    if (selection.getTextContent() !== capture.text) return null;
  } catch {
    return null;
  }
  return selection;
}

/** True when the selection the question was about is still in the document, unchanged. */
export function canReplace(editor: LexicalEditor, capture: SelectionCapture | null): boolean {
  if (!capture || capture.text === '') return false;
  return editor.getEditorState().read(() => $restoreSelection(capture) !== null);
}

export function applyAnswer(
  editor: LexicalEditor,
  markdown: string,
  target: { mode: 'replace' | 'insert'; capture: SelectionCapture | null },
): ApplyResult {
  if (markdown.trim() === '') return 'empty';
  let result: ApplyResult = 'applied';
  editor.update(
    () => {
      const nodes = $nodesFromMarkdown(markdown);
      if (nodes.length === 0) {
        result = 'empty';
        return;
      }
      if (target.mode === 'replace') {
        const selection = target.capture ? $restoreSelection(target.capture) : null;
        if (!selection) {
          result = 'selectionChanged';
          return;
        }
        $setSelection(selection);
        const only = nodes.length === 1 ? nodes[0] : undefined;
        // One paragraph replacing text inside a paragraph stays inline: the sentence is rewritten in place.
        if (only && $isParagraphNode(only)) selection.insertNodes(only.getChildren());
        else selection.insertNodes(nodes);
        return;
      }
      const key = target.capture?.blockKey;
      const block = key ? $getNodeByKey(key) : null;
      const root = $getRoot();
      let previous: LexicalNode | null = block && block.getParent() === root ? block : root.getLastChild();
      for (const node of nodes) {
        if (previous) previous.insertAfter(node);
        else root.append(node);
        previous = node;
      }
      const last = nodes.at(-1);
      if (last && $isElementNode(last)) last.selectEnd();
    },
    { tag: HISTORY_PUSH_TAG, discrete: true },
  );
  return result;
}
