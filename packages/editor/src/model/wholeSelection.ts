import { $isTableCellNode, $isTableNode, $isTableSelection, type TableSelection } from '@lexical/table';
import {
  $createParagraphNode,
  $getNodeByKey,
  $getPreviousSelection,
  $getRoot,
  $isDecoratorNode,
  $isElementNode,
  $isNodeSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $isTextNode,
  $setSelection,
  type BaseSelection,
  type LexicalNode,
  type RangeSelection,
} from 'lexical';

/**
 * Where typing goes when the selection is no caret or range of text but whole nodes: a picture after a
 * click (a NodeSelection), any node a plugin selects as a whole (a footnote mark, a horizontal rule, a
 * table or a code block as one node), cells of a table (a TableSelection), or a selection kind added later.
 *
 * Lexical shows such a selection without any selection in the page, while the paper keeps the focus. The
 * editor then has no caret, and Lexical leaves whatever the browser does with typed text to the browser,
 * which writes it at a caret of its own at the very start of the document: each key went before the last,
 * backwards into the first paragraph. So before anything is typed, the selection becomes a caret here:
 *
 * - Inline nodes (pictures, footnote marks) are replaced, as Word, WPS and Google Docs replace a selected
 *   picture with what is typed: they are removed and the caret takes the place of the first, continuing
 *   the text before it. Undo brings them back.
 * - A block (a table, a code block, a horizontal rule) is kept, and a new empty paragraph right after the
 *   last one takes the caret: nothing is lost to a stray key, and the text goes where Word puts text typed
 *   after a table.
 * - Cells of a table: the caret goes to the end of the first cell, keeping what the cells hold; all the
 *   cells of the table are the table selected as a whole.
 * - Anything else: a new paragraph after the block of its last node.
 *
 * Returns whether a new paragraph was opened for the caret (Enter has then done its work already).
 */
export function $caretInPlaceOf(selection: BaseSelection): { opened: boolean } {
  if ($isNodeSelection(selection)) {
    const nodes = inDocumentOrder(selection.getNodes().filter((node) => node.isAttached()));
    if (nodes.length === 0) return $caretWhereItWas();
    if (nodes.every(isInline)) {
      $selectBefore(nodes[0] as LexicalNode);
      for (const node of nodes) node.remove();
      return { opened: false };
    }
    return $openParagraphAfter(nodes[nodes.length - 1] as LexicalNode);
  }
  if ($isTableSelection(selection)) return $caretInCells(selection);
  const nodes = inDocumentOrder(selection.getNodes().filter((node) => node.isAttached()));
  const last = nodes[nodes.length - 1];
  return last ? $openParagraphAfter(last) : $caretWhereItWas();
}

const isInline = (node: LexicalNode) =>
  $isTextNode(node) || (($isDecoratorNode(node) || $isElementNode(node)) && node.isInline());

function inDocumentOrder(nodes: LexicalNode[]): LexicalNode[] {
  return [...nodes].sort((a, b) => (a.is(b) ? 0 : a.isBefore(b) ? -1 : 1));
}

/**
 * A caret just before the node: at the end of a plain text run before it (so the typing continues that
 * text with its format), else at the node's place in its parent.
 */
function $selectBefore(node: LexicalNode): RangeSelection {
  const previous = node.getPreviousSibling();
  let caret: RangeSelection;
  if ($isTextNode(previous) && previous.isSimpleText()) {
    const end = previous.getTextContentSize();
    caret = previous.select(end, end);
    caret.format = previous.getFormat();
    caret.style = previous.getStyle();
  } else {
    const parent = node.getParentOrThrow();
    const index = node.getIndexWithinParent();
    caret = parent.select(index, index);
    caret.format = parent.getTextFormat();
    caret.style = parent.getTextStyle();
  }
  return caret;
}

/**
 * A new empty paragraph right after the outermost block holding the node (or the node itself) within the
 * document or its table cell, with the caret in it.
 */
function $openParagraphAfter(node: LexicalNode): { opened: boolean } {
  let block: LexicalNode = node;
  for (let parent = block.getParent(); parent && !$isRootOrShadowRoot(parent); parent = block.getParent())
    block = parent;
  const paragraph = $createParagraphNode();
  block.insertAfter(paragraph);
  paragraph.select();
  return { opened: true };
}

function $caretInCells(selection: TableSelection): { opened: boolean } {
  const cells = selection.getNodes().filter($isTableCellNode);
  const table = selection.getNodes().find($isTableNode);
  const allCells =
    table?.getChildren().flatMap((row) => ($isElementNode(row) ? row.getChildren() : [])) ?? [];
  if (table && cells.length === allCells.length) return $openParagraphAfter(table);
  const first = cells[0];
  if (!first) return $caretWhereItWas();
  first.selectEnd();
  return { opened: false };
}

/** No node is selected any more: the caret goes back to where it last was, else to the document's end. */
function $caretWhereItWas(): { opened: boolean } {
  const previous = $getPreviousSelection();
  const attached = (key: string) => $getNodeByKey(key)?.isAttached() ?? false;
  if ($isRangeSelection(previous) && attached(previous.anchor.key) && attached(previous.focus.key))
    $setSelection(previous.clone());
  else $getRoot().selectEnd();
  return { opened: false };
}
