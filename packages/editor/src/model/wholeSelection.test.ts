import { $createCodeNode, CodeNode } from '@lexical/code';
import {
  $createTableNodeWithDimensions,
  $createTableSelectionFrom,
  $isTableCellNode,
  $isTableNode,
  type TableCellNode,
  TableCellNode as TableCellNodeClass,
  type TableNode,
  TableNode as TableNodeClass,
  TableRowNode,
} from '@lexical/table';
import {
  $createNodeSelection,
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
  createEditor,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';
import { describe, expect, it } from 'vitest';
import { $createFootnoteNode, FootnoteNode } from '../footnotes/FootnoteNode';
import { $createImageNode, $isImageNode, ImageNode } from '../images/ImageNode';
import { $caretInPlaceOf } from './wholeSelection';

const cellsOf = (table: TableNode): TableCellNode[] =>
  table
    .getChildren()
    .flatMap((row) => ($isElementNode(row) ? row.getChildren().filter($isTableCellNode) : []));

/** 第一段 / 前[图]中[图]后 with a footnote / a 2×2 table 甲乙丙丁 / a code block / 末段. */
function documentEditor(): LexicalEditor {
  const editor = createEditor({
    nodes: [ImageNode, FootnoteNode, CodeNode, TableNodeClass, TableRowNode, TableCellNodeClass],
    onError: (error) => {
      throw error;
    },
  });
  editor.update(
    () => {
      const table = $createTableNodeWithDimensions(2, 2, false);
      cellsOf(table).forEach((cell, i) => {
        const paragraph = cell.getFirstChild();
        if ($isElementNode(paragraph)) paragraph.append($createTextNode('甲乙丙丁'[i]));
      });
      $getRoot().append(
        $createParagraphNode().append($createTextNode('第一段')),
        $createParagraphNode().append(
          $createTextNode('前').toggleFormat('bold'),
          $createImageNode({ src: 'data:image/png;base64,AA==', altText: '一' }),
          $createTextNode('中'),
          $createImageNode({ src: 'data:image/png;base64,AA==', altText: '二' }),
          $createTextNode('后'),
          $createFootnoteNode('fn-1', '注'),
        ),
        table,
        $createCodeNode('plain').append($createTextNode('let x = 1;')),
        $createParagraphNode().append($createTextNode('末段')),
      );
    },
    { discrete: true },
  );
  return editor;
}

/** Each block's text, a picture as 🖼 and a footnote mark as ①. */
const blocks = (editor: LexicalEditor) =>
  editor.getEditorState().read(() =>
    $getRoot()
      .getChildren()
      .map((block) => {
        const text = (node: LexicalNode): string =>
          $isImageNode(node)
            ? '🖼'
            : node instanceof FootnoteNode
              ? '①'
              : $isElementNode(node)
                ? node.getChildren().map(text).join('')
                : node.getTextContent();
        return text(block);
      }),
  );

/** Selects as `select` says, turns the selection into a caret, types 打 there; returns what the caret was. */
function typeOver(editor: LexicalEditor, select: () => BaseSelection) {
  let result: { opened: boolean; format: number } | null = null;
  editor.update(
    () => {
      const selection = select();
      $setSelection(selection);
      const { opened } = $caretInPlaceOf(selection);
      const caret = $getSelection();
      if (!$isRangeSelection(caret) || !caret.isCollapsed()) throw new Error('no caret');
      result = { opened, format: caret.format };
      caret.insertText('打');
    },
    { discrete: true },
  );
  return result as unknown as { opened: boolean; format: number };
}

const nodes =
  (...find: ((node: LexicalNode) => boolean)[]) =>
  () => {
    const selection = $createNodeSelection();
    const all = $getRoot()
      .getChildren()
      .flatMap((block) => ($isElementNode(block) ? [block, ...block.getChildren()] : [block]));
    for (const f of find) {
      const node = all.find(f);
      if (!node) throw new Error('no such node');
      selection.add(node.getKey());
    }
    return selection;
  };
const image = (altText: string) => (node: LexicalNode) => $isImageNode(node) && node.getAltText() === altText;
const tableCells = (count: number | 'all') => () => {
  const table = $getRoot().getChildren().find($isTableNode);
  if (!table) throw new Error('no table');
  const cells = cellsOf(table);
  const last = count === 'all' ? cells[cells.length - 1] : cells[count - 1];
  return $createTableSelectionFrom(table, cells[0] as TableCellNode, last as TableCellNode);
};

const BEFORE = ['第一段', '前🖼中🖼后①', '甲乙丙丁', 'let x = 1;', '末段'];

describe('typing over nodes selected as a whole', () => {
  it('replaces a picture, continuing the text before it in its format', () => {
    const editor = documentEditor();
    expect(blocks(editor)).toEqual(BEFORE);
    expect(typeOver(editor, nodes(image('一')))).toEqual({ opened: false, format: 1 });
    expect(blocks(editor)).toEqual(['第一段', '前打中🖼后①', '甲乙丙丁', 'let x = 1;', '末段']);
  });

  it('replaces several inline nodes, the caret where the first was', () => {
    const editor = documentEditor();
    typeOver(
      editor,
      nodes(image('二'), image('一'), (node) => node instanceof FootnoteNode),
    );
    expect(blocks(editor)).toEqual(['第一段', '前打中后', '甲乙丙丁', 'let x = 1;', '末段']);
  });

  it('replaces a footnote mark', () => {
    const editor = documentEditor();
    typeOver(
      editor,
      nodes((node) => node instanceof FootnoteNode),
    );
    expect(blocks(editor)).toEqual(['第一段', '前🖼中🖼后打', '甲乙丙丁', 'let x = 1;', '末段']);
  });

  it('keeps a block and types in a new paragraph right after it', () => {
    for (const [find, at] of [
      [$isTableNode, 3],
      [(node: LexicalNode) => node instanceof CodeNode, 4],
    ] as const) {
      const editor = documentEditor();
      expect(typeOver(editor, nodes(find)).opened).toBe(true);
      expect(blocks(editor)).toEqual([...BEFORE.slice(0, at), '打', ...BEFORE.slice(at)]);
    }
  });

  it('treats all the cells of a table as the table, and some cells as a place in the first', () => {
    const whole = documentEditor();
    expect(typeOver(whole, tableCells('all')).opened).toBe(true);
    expect(blocks(whole)).toEqual([...BEFORE.slice(0, 3), '打', ...BEFORE.slice(3)]);
    const some = documentEditor();
    expect(typeOver(some, tableCells(2)).opened).toBe(false);
    expect(blocks(some)).toEqual(['第一段', '前🖼中🖼后①', '甲打乙丙丁', 'let x = 1;', '末段']);
  });

  it('puts the caret back where it was when no node is selected any more', () => {
    const editor = documentEditor();
    editor.update(() => $getRoot().getFirstChildOrThrow().selectEnd(), { discrete: true });
    typeOver(editor, () => $createNodeSelection());
    expect(blocks(editor)).toEqual(['第一段打', ...BEFORE.slice(1)]);
  });
});
