/**
 * Apply: an answer's Markdown written into the document as rich content (headings, lists, quotes, code,
 * emphasis, links), through the same conversion as an opened .md file (documentFromMarkdown), in one
 * update, pushed as one undo step. It replaces the selection the question was about, or goes after the
 * block that held the caret.
 */
import {
  $createTableCellNode,
  $createTableNode,
  $createTableRowNode,
  TableCellHeaderStates,
} from '@lexical/table';
import {
  $createParagraphNode,
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

export type MarkdownSegment = { kind: 'markdown'; text: string } | { kind: 'table'; rows: string[][] };

const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function cellsOf(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/**
 * The answer cut into GFM tables and the Markdown between them. Lexical's Markdown transformers have no
 * tables, and answers (the offline model's among them) often hold one, so tables are built here.
 */
export function splitTables(markdown: string): MarkdownSegment[] {
  const lines = markdown.split(/\r?\n/);
  const segments: MarkdownSegment[] = [];
  let text: string[] = [];
  let fence = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const next = lines[i + 1] ?? '';
    if (!fence && TABLE_ROW.test(line) && TABLE_DELIMITER.test(next)) {
      const rows = [cellsOf(line)];
      i += 2;
      while (i < lines.length && TABLE_ROW.test(lines[i] ?? '')) {
        rows.push(cellsOf(lines[i] ?? ''));
        i += 1;
      }
      i -= 1;
      if (text.join('').trim() !== '') segments.push({ kind: 'markdown', text: text.join('\n') });
      text = [];
      segments.push({ kind: 'table', rows });
      continue;
    }
    text.push(line);
  }
  if (text.join('').trim() !== '') segments.push({ kind: 'markdown', text: text.join('\n') });
  return segments;
}

function $tableNode(rows: string[][]): LexicalNode {
  const width = Math.max(...rows.map((row) => row.length));
  const table = $createTableNode();
  rows.forEach((cells, index) => {
    const row = $createTableRowNode();
    for (let column = 0; column < width; column += 1) {
      const cell = $createTableCellNode(
        index === 0 ? TableCellHeaderStates.ROW : TableCellHeaderStates.NO_STATUS,
      );
      // The cell's text keeps its emphasis: its Markdown becomes one paragraph's inline nodes.
      const [first] = markdownToSerializedNodes(cells[column] ?? '').map((node) =>
        $parseSerializedNode(node),
      );
      cell.append(first && $isParagraphNode(first) ? first : $createParagraphNode());
      row.append(cell);
    }
    table.append(row);
  });
  return table;
}

function $nodesFromMarkdown(markdown: string): LexicalNode[] {
  return splitTables(markdown).flatMap((segment) =>
    segment.kind === 'table'
      ? [$tableNode(segment.rows)]
      : markdownToSerializedNodes(segment.text).map((node) => $parseSerializedNode(node)),
  );
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
