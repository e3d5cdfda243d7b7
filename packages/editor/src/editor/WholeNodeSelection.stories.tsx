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
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
  CLEAR_HISTORY_COMMAND,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';
import { expect, fn, waitFor, within } from 'storybook/test';
import { $createFootnoteNode, $isFootnoteNode } from '../footnotes/FootnoteNode';
import { t } from '../i18n/zh-CN';
import { $createImageNode } from '../images/ImageNode';
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

/** A small seeded generator (mulberry32): the same seed gives the same steps. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T,>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)] };
}

/** The seeds run by the test; to replay a failure, put the seed its message names first. */
const SEEDS = [20261127, 90210, 4711];
const STEPS = 16;
/** The document's own text, in order: no step may lose, split or reorder it. */
const SENTINELS = ['甲段开头', '乙段', '丙段', '丁段', '戊', '己', '庚', '辛', '壬段', 'code;', '癸段结尾'];
const MARKS = /[🖼①-⑳]/gu;

/** Where typed text must land, found before typing. */
type Landing =
  | { kind: 'inline'; index: number; before: string }
  | { kind: 'block'; index: number }
  | { kind: 'cell'; index: number; cell: string }
  | { kind: 'end'; index: number; text: string };

let sequenceEditor: LexicalEditor | null = null;
/**
 * Seeded sequences of what a writer does around nodes selected as a whole: click a picture, select a
 * footnote mark, a table, a code block or table cells, or put the caret at a paragraph's end; then keys,
 * committed text, a composition, Enter or Backspace; undo and redo in between. After every step the
 * document's own text is all there, whole and in order, what was typed is there as typed (not reversed,
 * not scattered), and it landed where the selection was. A failure names its seed and steps.
 */
export const TypingSequencesAroundSelectedNodes: Story = {
  tags: ['!vrt'],
  args: {
    onEditorReady: (editor: LexicalEditor) => {
      sequenceEditor = editor;
    },
  },
  play: async ({ canvasElement }) => {
    const input = await realInput();
    const editor = paper(canvasElement);
    await input.click(editor);
    await waitFor(() => expect(sequenceEditor).not.toBeNull());
    const lexical = sequenceEditor as LexicalEditor;
    const picture = document.createElement('canvas');
    picture.width = 24;
    picture.height = 16;
    const src = picture.toDataURL('image/png');
    const children = () => [...editor.children];

    for (const seed of SEEDS) {
      const random = seeded(seed);
      const log: string[] = [];
      const typed: string[] = [];
      // Text typed in several inputs (keys, then committed text) may be undone in parts.
      let undone = false;
      const fail = (message: string) =>
        `seed ${seed}, steps: ${log.join(' → ')}\n${message}\n${blocks(editor).join('\n')}`;

      lexical.update(() => {
        const table = $createTableNodeWithDimensions(2, 2, false);
        cellsOf(table).forEach((cell, i) => {
          const paragraph = cell.getFirstChild();
          if ($isElementNode(paragraph)) paragraph.append($createTextNode('戊己庚辛'[i]));
        });
        const first = $createParagraphNode().append($createTextNode('甲段开头'));
        $getRoot()
          .clear()
          .append(
            first,
            $createParagraphNode().append(
              $createTextNode('乙段'),
              $createImageNode({ src, altText: '甲图' }),
              $createTextNode('丙段'),
              $createFootnoteNode(`fn-${seed}`, '出处'),
              $createTextNode('丁段'),
            ),
            table,
            $createParagraphNode().append(
              $createTextNode('壬段'),
              $createImageNode({ src, altText: '乙图' }),
            ),
            $createCodeNode('plain').append($createTextNode('code;')),
            $createParagraphNode().append($createTextNode('癸段结尾')),
          );
        first.selectEnd();
      });
      await waitFor(() =>
        expect(blocks(editor)).toEqual([
          '甲段开头',
          '乙段🖼丙段①丁段',
          '戊己庚辛',
          '壬段🖼',
          'code;',
          '癸段结尾',
        ]),
      );
      // Undo goes no further back than this document.
      lexical.dispatchCommand(CLEAR_HISTORY_COMMAND, undefined);
      await waitFor(() => expect(editor).toHaveFocus());

      /**
       * The document's own text whole and in order, with nothing else but what was typed and the marks of
       * pictures and footnotes. After undo a token may be partly there: its keys can be several undo steps.
       */
      const checkText = (partly: boolean) => {
        let rest = blocks(editor).join('');
        const pieces = typed.flatMap((token) =>
          partly ? [...token].map((_, i) => token.slice(0, token.length - i)) : [token],
        );
        for (const piece of pieces.sort((a, b) => b.length - a.length)) rest = rest.split(piece).join('');
        expect(rest.replace(MARKS, ''), fail('the document’s own text is not whole and in order')).toBe(
          SENTINELS.join(''),
        );
      };
      /** The text before an element inside its block, and the block's index. */
      const before = (element: Element) => {
        const block = children().find((b) => b.contains(element));
        if (!block) throw new Error(fail('node outside any block'));
        const range = document.createRange();
        range.setStart(block, 0);
        range.setEndBefore(element);
        const holder = document.createElement('div');
        holder.append(range.cloneContents());
        return { index: children().indexOf(block), before: blocks(holder).join('') };
      };
      const keysOf = (find: (node: LexicalNode) => boolean) =>
        lexical.getEditorState().read(() =>
          $getRoot()
            .getChildren()
            .flatMap((n) => ($isElementNode(n) ? [n, ...n.getChildren()] : [n]))
            .filter(find)
            .map((n) => n.getKey()),
        );
      const selectWhole = async (make: () => BaseSelection) => {
        await waitFor(() => {
          lexical.update(() => $setSelection(make()), { discrete: true });
          expect(lexical.getEditorState().read(() => $getSelection()?.is(make()) ?? false)).toBe(true);
        });
      };

      /** Selects something at random; returns where typing must land, or null if there was nothing. */
      const select = async (): Promise<Landing | null> => {
        const choice = random.pick([
          'image',
          'footnote',
          'table',
          'code',
          'allCells',
          'someCells',
          'end',
        ] as const);
        log.push(choice ?? '');
        if (choice === 'image') {
          const img = random.pick([...editor.querySelectorAll('img')]);
          if (!img) return null;
          await input.click(img);
          await waitFor(() => expect(img.closest('.wx-ed-image-frame')).toHaveAttribute('data-selected'));
          return { kind: 'inline', ...before(img.closest('.wx-ed-image') ?? img) };
        }
        if (choice === 'footnote' || choice === 'table' || choice === 'code') {
          const find =
            choice === 'footnote' ? $isFootnoteNode : choice === 'table' ? $isTableNode : $isCodeNode;
          const key = random.pick(keysOf(find));
          if (!key) return null;
          await selectWhole(() => {
            const selection = $createNodeSelection();
            selection.add(key);
            return selection;
          });
          const element = lexical.getElementByKey(key);
          if (!element) throw new Error(fail('no element'));
          return choice === 'footnote'
            ? { kind: 'inline', ...before(element) }
            : { kind: 'block', index: children().indexOf(element) };
        }
        if (choice === 'allCells' || choice === 'someCells') {
          const key = random.pick(keysOf($isTableNode));
          if (!key) return null;
          await selectWhole(() => {
            const table = $getNodeByKey(key) as TableNode;
            const cells = cellsOf(table);
            const last = choice === 'allCells' ? cells[cells.length - 1] : cells[1];
            return $createTableSelectionFrom(table, cells[0] as TableCellNode, last as TableCellNode);
          });
          const element = lexical.getElementByKey(key);
          const index = children().findIndex((b) => element !== null && b.contains(element));
          return choice === 'allCells'
            ? { kind: 'block', index }
            : { kind: 'cell', index, cell: element?.querySelector('td, th')?.textContent ?? '' };
        }
        // The caret at the end of a paragraph, as a click there puts it, once the editor and the page have it.
        const paragraph = random.pick(children().filter((b) => b.tagName === 'P'));
        if (!paragraph) return null;
        const index = children().indexOf(paragraph);
        const key = lexical.getEditorState().read(() => $getRoot().getChildAtIndex(index)?.getKey());
        await waitFor(() => {
          lexical.update(() => {
            const node = key ? $getNodeByKey(key) : null;
            if ($isElementNode(node)) node.selectEnd();
          });
          const caret = document.getSelection();
          expect(caret?.isCollapsed && paragraph.contains(caret.anchorNode)).toBe(true);
          expect(
            lexical.getEditorState().read(() => {
              const selection = $getSelection();
              return $isRangeSelection(selection)
                ? selection.anchor.getNode().getTopLevelElement()?.getKey()
                : null;
            }),
          ).toBe(key);
        });
        return { kind: 'end', index, text: blocks(editor)[index] ?? '' };
      };

      for (let step = 1; step <= STEPS; step++) {
        // Every step types into the paper: the focus never leaves it.
        await expect(editor, fail('the paper lost the focus')).toHaveFocus();
        const roll = random.next();
        if (roll < 0.2) {
          const undo = roll < 0.12;
          log.push(undo ? 'undo' : 'redo');
          // The key is handled (the history's state written) by the time the keyboard returns.
          await input.keyboard(undo ? '{Control>}z{/Control}' : '{Control>}y{/Control}');
          undone = true;
          checkText(true);
          continue;
        }
        const landing = await select();
        if (!landing) continue;
        const action = random.pick(['keys', 'text', 'compose', 'enter', 'backspace'] as const);
        // Backspace deletes a selected inline node (a block's deletion would take its text with it); Enter in
        // a cell makes a paragraph inside it.
        if (
          (action === 'backspace' && landing.kind !== 'inline') ||
          (action === 'enter' && landing.kind === 'cell')
        ) {
          log.push(`(no ${action})`);
          continue;
        }
        const count = blocks(editor).length;
        if (action === 'enter') {
          log.push('Enter');
          await input.keyboard('{Enter}');
          await waitFor(() => expect(blocks(editor).length, fail('Enter made no paragraph')).toBe(count + 1));
          if (landing.kind === 'block')
            await expect(blocks(editor)[landing.index + 1], fail('Enter')).toBe('');
        } else if (action === 'backspace') {
          log.push('Backspace');
          const marks = blocks(editor).join('').match(MARKS)?.length ?? 0;
          await input.keyboard('{Backspace}');
          await waitFor(() =>
            expect(blocks(editor).join('').match(MARKS)?.length ?? 0, fail('Backspace')).toBe(marks - 1),
          );
        } else {
          const token =
            action === 'keys' ? `t${seed % 97}x${step}.` : action === 'text' ? `〔${step}〕` : `「${step}」`;
          log.push(`${action} ${token}`);
          typed.push(token);
          if (action === 'compose' && input.compose) await input.compose('ab', token);
          else await input.keyboard(token);
          await waitFor(() => {
            const now = blocks(editor);
            const message = fail(`${token} did not land at ${JSON.stringify(landing)}`);
            if (landing.kind === 'inline') {
              const block = now.find((b) => b.includes(token)) ?? '';
              expect(block.slice(0, block.indexOf(token)), message).toBe(landing.before);
            } else if (landing.kind === 'block') expect(now[landing.index + 1], message).toBe(token);
            else if (landing.kind === 'cell')
              expect(children()[landing.index]?.querySelector('td, th')?.textContent, message).toBe(
                landing.cell + token,
              );
            else expect(now[landing.index], message).toBe(landing.text + token);
          });
        }
        checkText(undone);
      }
    }
  },
};
