import { $createCodeNode, $isCodeNode } from '@lexical/code';
import {
  $createTableNodeWithDimensions,
  $createTableSelectionFrom,
  $isTableCellNode,
  $isTableNode,
  type TableCellNode,
  type TableNode,
} from '@lexical/table';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  $createNodeSelection,
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isElementNode,
  $setSelection,
  type BaseSelection,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';
import { expect, fn, waitFor, within } from 'storybook/test';
import { $createFootnoteNode, $isFootnoteNode } from '../footnotes/FootnoteNode';
import { t } from '../i18n/zh-CN';
import { realInput } from '../stories/realInput';
import { WordEditor } from './WordEditor';

/**
 * Typing while a node is selected as a whole (a picture after a click, a footnote mark, a table, a code
 * block): what is typed replaces an inline node, as in Word, or starts a paragraph right after a block, and
 * nothing else in the document changes or moves. Driven by the browser's own keyboard, input method and
 * mouse (realInput), since the defect these guard against lived between the editor and the browser.
 */
const meta = {
  title: 'WordEditor/Typing over a selected node',
  component: WordEditor,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ height: '100vh' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    documentId: 'local-doc-whole-node',
    initialTitle: '',
    initialContent: { version: '2.0.0', editorState: null },
    onSave: fn(async () => {}),
    saveDelayMs: 50,
  },
} satisfies Meta<typeof WordEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

const paper = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: t.editorLabel });

/** The document as the reader sees it: the text of each block, a picture shown as 🖼. */
const blocks = (editor: HTMLElement) =>
  [...editor.children].map((block) => {
    const copy = block.cloneNode(true) as HTMLElement;
    for (const img of copy.querySelectorAll('img')) img.replaceWith('🖼');
    return copy.textContent ?? '';
  });

/** A 40×24 PNG put in through the toolbar's file input, as the 图片 button's dialog would. */
async function insertPng(canvasElement: HTMLElement, name: string) {
  const canvas = document.createElement('canvas');
  canvas.width = 40;
  canvas.height = 24;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d context');
  g.fillStyle = '#3b82f6';
  g.fillRect(0, 0, 40, 24);
  const blob = await (await fetch(canvas.toDataURL('image/png'))).blob();
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"][accept="image/*"]');
  if (!input) throw new Error('no image input');
  const files = new DataTransfer();
  files.items.add(new File([blob], name, { type: 'image/png' }));
  input.files = files.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * The reported steps: a title line, a line with a picture in it, a click on the picture (its resize handle
 * shows), then typing. The typed text takes the picture's place; the title line is untouched. Then the same
 * with keys pressed one by one, with an input method's composition, and with Enter; undo brings the
 * picture back each time.
 */
export const TypingOverASelectedImage: Story = {
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const input = await realInput();
    const canvas = within(canvasElement);
    const editor = paper(canvasElement);
    await input.click(editor);
    await waitFor(() => expect(editor).toHaveFocus());
    await input.keyboard('标题段落。{Enter}图片前的文字。');
    await waitFor(() => expect(blocks(editor)).toEqual(['标题段落。', '图片前的文字。']));
    await insertPng(canvasElement, '示意图.png');
    await waitFor(() => expect(editor.querySelector('img')).not.toBeNull());
    await input.keyboard('图片后');
    const before = ['标题段落。', '图片前的文字。🖼图片后'];
    await waitFor(() => expect(blocks(editor)).toEqual(before));
    // The document's title is its first line.
    await waitFor(() => expect(canvas.getByText(t.draftTitle('标题段落。'))).toBeVisible());

    /** Clicks the picture and waits until it shows as selected, with its handle. */
    const selectImage = async () => {
      const img = await waitFor(() => {
        const found = editor.querySelector('img');
        if (!found) throw new Error('no picture');
        return found;
      });
      await input.click(img);
      await waitFor(() => expect(editor.querySelector('.wx-ed-image-frame[data-selected]')).not.toBeNull());
      await expect(within(editor).getByRole('slider', { name: t.image.resizeHandle })).toBeVisible();
    };
    /** Undoes until the picture is back, and checks the document is as it was. */
    const undoToPicture = async () => {
      await waitFor(async () => {
        if (!editor.querySelector('img')) await input.keyboard('{Control>}z{/Control}');
        expect(blocks(editor)).toEqual(before);
      });
    };

    // Typed text committed by an input method (insertText), as a Chinese user types.
    await selectImage();
    await input.keyboard('新的内容');
    await waitFor(() => expect(blocks(editor)).toEqual(['标题段落。', '图片前的文字。新的内容图片后']));
    await expect(canvas.getByText(t.draftTitle('标题段落。'))).toBeVisible();
    await undoToPicture();

    // Keys pressed one by one (keydown, beforeinput, input), with a space.
    await selectImage();
    await input.keyboard('abc def');
    await waitFor(() => expect(blocks(editor)).toEqual(['标题段落。', '图片前的文字。abc def图片后']));
    await undoToPicture();

    // An input method's composition: the reading shows while composing, the choice is committed.
    if (input.compose) {
      await selectImage();
      await input.compose('xin', '新');
      await waitFor(() => expect(blocks(editor)).toEqual(['标题段落。', '图片前的文字。新图片后']));
      await input.keyboard('的');
      await waitFor(() => expect(blocks(editor)).toEqual(['标题段落。', '图片前的文字。新的图片后']));
      await undoToPicture();
    }

    // Enter replaces the picture with a paragraph break, as a typed character would.
    await selectImage();
    await input.keyboard('{Enter}');
    await waitFor(() => expect(blocks(editor)).toEqual(['标题段落。', '图片前的文字。', '图片后']));
    await input.keyboard('续');
    await waitFor(() => expect(blocks(editor)).toEqual(['标题段落。', '图片前的文字。', '续图片后']));
    await expect(canvas.getByText(t.draftTitle('标题段落。'))).toBeVisible();
  },
};

let wholeEditor: LexicalEditor | null = null;
const cellsOf = (table: TableNode): TableCellNode[] =>
  table
    .getChildren()
    .flatMap((row) => ($isElementNode(row) ? row.getChildren().filter($isTableCellNode) : []));

/**
 * Every other node that can be selected as a whole, whichever way it was selected: a footnote mark (an
 * inline node: replaced, like the picture), all the cells of a table (the table as a whole: the text starts
 * a paragraph after it), a code block and a table as nodes (likewise), and some cells of a table (the text
 * goes into the first of them). Keys, committed text, composition and Enter; nothing else moves.
 */
export const TypingOverOtherSelectedNodes: Story = {
  tags: ['!vrt'],
  args: {
    onEditorReady: (editor: LexicalEditor) => {
      wholeEditor = editor;
    },
  },
  play: async ({ canvasElement }) => {
    const input = await realInput();
    const editor = paper(canvasElement);
    await input.click(editor);
    await waitFor(() => expect(wholeEditor).not.toBeNull());
    const lexical = wholeEditor as LexicalEditor;
    lexical.update(() => {
      const table = $createTableNodeWithDimensions(2, 2, false);
      cellsOf(table).forEach((cell, i) => {
        const paragraph = cell.getFirstChild();
        if ($isElementNode(paragraph)) paragraph.append($createTextNode('甲乙丙丁'[i]));
      });
      const first = $createParagraphNode().append($createTextNode('第一段'));
      $getRoot()
        .clear()
        .append(
          first,
          $createParagraphNode().append(
            $createTextNode('脚注前'),
            $createFootnoteNode('fn-whole', '出处'),
            $createTextNode('脚注后'),
          ),
          table,
          $createCodeNode('plain').append($createTextNode('let x = 1;')),
          $createParagraphNode().append($createTextNode('最后一段')),
        );
      first.selectEnd();
    });
    let expected = ['第一段', '脚注前①脚注后', '甲乙丙丁', 'let x = 1;', '最后一段'];
    await waitFor(() => expect(blocks(editor)).toEqual(expected));
    await waitFor(() => expect(editor).toHaveFocus());

    /**
     * Selects nodes as a whole, as a click or a plugin does, and waits until the editor has the selection
     * (set again meanwhile: a caret from the last update may still reach the editor and replace it).
     */
    const selectWhole = async (make: () => BaseSelection) => {
      await waitFor(() => {
        lexical.update(() => $setSelection(make()), { discrete: true });
        const kept = lexical.getEditorState().read(() => $getSelection()?.is(make()) ?? false);
        expect(kept).toBe(true);
      });
    };
    const nodeSelection = (find: (node: LexicalNode) => boolean) => () => {
      const selection = $createNodeSelection();
      const node = $getRoot()
        .getChildren()
        .flatMap((n) => ($isElementNode(n) ? [n, ...n.getChildren()] : [n]))
        .find(find);
      if (!node) throw new Error('no such node');
      selection.add(node.getKey());
      return selection;
    };
    const tableCells = (count: number | 'all') => () => {
      const table = $getRoot().getChildren().find($isTableNode);
      if (!table) throw new Error('no table');
      const cells = cellsOf(table);
      const last = count === 'all' ? cells[cells.length - 1] : cells[count - 1];
      return $createTableSelectionFrom(table, cells[0] as TableCellNode, last as TableCellNode);
    };

    // A footnote mark is replaced by what is typed, as a picture is.
    await selectWhole(nodeSelection($isFootnoteNode));
    await input.keyboard('注');
    expected = ['第一段', '脚注前注脚注后', '甲乙丙丁', 'let x = 1;', '最后一段'];
    await waitFor(() => expect(blocks(editor)).toEqual(expected));

    // The whole table: the keys start a paragraph right after it.
    await selectWhole(tableCells('all'));
    await input.keyboard('ab');
    expected = ['第一段', '脚注前注脚注后', '甲乙丙丁', 'ab', 'let x = 1;', '最后一段'];
    await waitFor(() => expect(blocks(editor)).toEqual(expected));

    // A code block as a node, then an input method composing.
    if (input.compose) {
      await selectWhole(nodeSelection($isCodeNode));
      await input.compose('hou', '后');
      expected = ['第一段', '脚注前注脚注后', '甲乙丙丁', 'ab', 'let x = 1;', '后', '最后一段'];
      await waitFor(() => expect(blocks(editor)).toEqual(expected));
    }

    // The table as a node, then Enter: the new paragraph after it is the Enter; the text follows.
    await selectWhole(nodeSelection($isTableNode));
    await input.keyboard('{Enter}表');
    expected = ['第一段', '脚注前注脚注后', '甲乙丙丁', '表', ...expected.slice(3)];
    await waitFor(() => expect(blocks(editor)).toEqual(expected));

    // Two cells of the table: the text goes to the end of the first, the cells keep what they hold.
    await selectWhole(tableCells(2));
    await input.keyboard('一');
    expected = ['第一段', '脚注前注脚注后', '甲一乙丙丁', ...expected.slice(3)];
    await waitFor(() => expect(blocks(editor)).toEqual(expected));
  },
};
