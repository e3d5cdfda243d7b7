import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  $getRoot,
  $isElementNode,
  $parseSerializedNode,
  type LexicalEditor,
  type LexicalNode,
  type SerializedLexicalNode,
} from 'lexical';
import type { ComponentProps } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { largeChineseDocument } from '../../bench/fixture';
import {
  editorState,
  headingNode,
  paragraphNode,
  tableCellNode,
  tableNode,
  tableRowNode,
  textNode,
} from '../convert/nodes';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { PAGE_BREAK_TYPE } from '../pages/pageBreakType';
import { linesOutsideTextAreas, movedOffTextTops } from './linesOnSheets';
import { contentRects } from './pageLayout';
import { pageOfBlock } from './sheetsOfBlocks';

/**
 * 页面视图: the document on sheets of A4 with the desk between them, the text flowing from one sheet's text
 * area to the next, paragraphs cut between lines, headings kept with what follows them.
 */
const meta = {
  title: 'PageView',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const SENTENCE = '这是用来检查分页的正文，句子长短不一，中文与 English 混排，段落有长有短。';

/** About six sheets of headings, paragraphs of 1 to 9 lines and a table. */
function longDocument() {
  const blocks = [];
  for (let i = 0; i < 60; i += 1) {
    if (i % 9 === 0) blocks.push(headingNode(2, [textNode(`第${i / 9 + 1}节 分页检查`)]));
    blocks.push(paragraphNode([textNode(`${i + 1}. ${SENTENCE.repeat(1 + ((i * 5) % 9))}`)]));
    if (i === 30)
      blocks.push(
        tableNode(
          Array.from({ length: 4 }, (_, r) =>
            tableRowNode(
              Array.from({ length: 3 }, (_, c) =>
                tableCellNode([paragraphNode([textNode(`表格 ${r + 1}-${c + 1}`)])], r === 0),
              ),
            ),
          ),
        ),
      );
  }
  return { version: '2.0.0', editorState: editorState(blocks) } as const;
}

/** The word processor full height on `content`, opened in `view`, its Lexical editor kept in `lexical`. */
function pageViewEditor(
  documentId: string,
  title: string,
  content: ComponentProps<typeof WordEditor>['initialContent'],
  view: 'page' | 'continuous' = 'page',
) {
  return (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId={documentId}
        initialTitle={title}
        initialContent={content}
        initialView={view}
        onEditorReady={(editor) => {
          lexical = editor;
        }}
        onSave={async () => {}}
        saveDelayMs={50}
      />
    </div>
  );
}

const paperOf = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-wx-paper]') as HTMLElement;

/** The headings whose next line went to another sheet than theirs. */
function headingsApartFromTheirText(paper: HTMLElement) {
  const sheets = Array.from(paper.querySelectorAll('[data-wx-sheets] > div')).map((sheet) =>
    sheet.getBoundingClientRect(),
  );
  const sheetOf = (y: number) => sheets.findIndex((rect) => y >= rect.top && y <= rect.bottom);
  const apart: string[] = [];
  for (const heading of Array.from(paper.querySelectorAll('[data-lexical-editor] > h2'))) {
    const next = heading.nextElementSibling;
    const headingTop = contentRects(heading)[0]?.top ?? 0;
    const nextTop = next ? (contentRects(next)[0]?.top ?? 0) : headingTop;
    if (sheetOf(headingTop) !== sheetOf(nextTop)) apart.push(heading.textContent ?? '');
  }
  return apart;
}

let lexical: LexicalEditor | undefined;

export const SheetsOfA4: Story = {
  render: () => pageViewEditor('page-view', '分页', longDocument()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    const paper = paperOf(canvasElement);
    await waitFor(() => expect(paper).toHaveAttribute('data-wx-page-view'));
    // Every line stands inside a sheet's text area, none in a margin or on the desk between sheets.
    await waitFor(() => {
      const { sheets, outside } = linesOutsideTextAreas(paper);
      expect(sheets).toBeGreaterThanOrEqual(4);
      expect(outside).toEqual([]);
    });
    // A heading never ends a sheet: the first line after each heading is on the heading's sheet; what
    // goes on to a sheet starts at its text top. (Read again until the sheets are all laid out: a font
    // that arrives lays them out anew, the ones below the screen when the browser is idle.)
    await waitFor(() => {
      expect(headingsApartFromTheirText(paper)).toEqual([]);
      expect(movedOffTextTops(paper)).toEqual([]);
    });

    // Typing at the top pushes the text down the sheets; every line still lands inside a text area.
    await userEvent.click(editor);
    lexical?.update(() => $getRoot().selectStart());
    await userEvent.keyboard('新增的一行文字把后面的内容往下推。{Enter}');
    await waitFor(() => expect(editor).toHaveTextContent('新增的一行文字把后面的内容往下推。'));
    await waitFor(() => expect(linesOutsideTextAreas(paper).outside).toEqual([]));
  },
};

/** 视图 › 连续视图 turns the sheets back into one long sheet, and 页面视图 brings them back. */
export const SwitchTheView: Story = {
  tags: ['!vrt'],
  render: () => pageViewEditor('page-view-switch', '分页', longDocument(), 'continuous'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: t.editorLabel });
    // Opened in 连续视图 (the story's own paper, once the one before it is gone): one long sheet.
    await waitFor(() => expect(paperOf(canvasElement)).not.toHaveAttribute('data-wx-page-view'));
    const paper = paperOf(canvasElement);
    const choose = async (name: string) => {
      await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.view }));
      const item = await within(document.body).findByRole('menuitemradio', { name });
      await userEvent.click(item);
    };
    await choose(t.view.page);
    await waitFor(() => expect(paper).toHaveAttribute('data-wx-page-view'));
    await waitFor(() => expect(linesOutsideTextAreas(paper).sheets).toBeGreaterThanOrEqual(4));
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.view }));
    await expect(
      await within(document.body).findByRole('menuitemradio', { name: t.view.page }),
    ).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Escape}');
    await choose(t.view.continuous);
    await waitFor(() => expect(paper).not.toHaveAttribute('data-wx-page-view'));
    await expect(paper.querySelector('[data-wx-sheets]')).toBeNull();
    await expect(paper.querySelector('[data-wx-page-gap]')).toBeNull();
  },
};

/** A 分页符 starts the next sheet: the heading after each one stands at the top of its own sheet. */
export const PageBreaks: Story = {
  tags: ['!vrt'],
  render: () =>
    pageViewEditor('page-view-breaks', '分页符', {
      version: '2.0.0',
      editorState: editorState([
        headingNode(1, [textNode('封面')]),
        { type: PAGE_BREAK_TYPE, version: 1 },
        headingNode(2, [textNode('第一章')]),
        paragraphNode([textNode('第一章的正文。')]),
        { type: PAGE_BREAK_TYPE, version: 1 },
        headingNode(2, [textNode('第二章')]),
        paragraphNode([textNode('第二章的正文。')]),
      ]),
    }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: t.editorLabel });
    const paper = paperOf(canvasElement);
    const sheetOfHeadings = () => {
      const sheets = Array.from(paper.querySelectorAll('[data-wx-sheets] > div')).map((sheet) =>
        sheet.getBoundingClientRect(),
      );
      return Array.from(paper.querySelectorAll('[data-lexical-editor] > h1, [data-lexical-editor] > h2')).map(
        (heading) => {
          const top = contentRects(heading)[0]?.top ?? 0;
          return sheets.findIndex((rect) => top >= rect.top && top <= rect.bottom) + 1;
        },
      );
    };
    await waitFor(() => expect(sheetOfHeadings()).toEqual([1, 2, 3]));
  },
};

/**
 * A paste of many pages at the top: the sheets in view (the caret's, after the pasted text) are laid out
 * before the frame is painted, the ones below them when the browser is next idle, each block then on the
 * sheet a layout of the whole document puts it on.
 */
export const PasteManyPagesAtTheTop: Story = {
  tags: ['!vrt'],
  render: () => pageViewEditor('page-view-paste', '分页', longDocument()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    const paper = paperOf(canvasElement);
    await document.fonts.ready;
    let sheetsBefore = 0;
    await waitFor(() => {
      const { sheets, outside } = linesOutsideTextAreas(paper);
      expect(sheets).toBeGreaterThanOrEqual(4);
      expect(outside).toEqual([]);
      sheetsBefore = sheets;
    });
    await userEvent.click(editor);
    const all = longDocument().editorState.root.children as unknown as SerializedLexicalNode[];
    const blocks = all.slice(0, Math.floor(all.length / 3));
    // A third of the document again at the top, as one update; the caret after it, where Lexical scrolls.
    lexical?.update(
      () => {
        const first = $getRoot().getFirstChild();
        let last: LexicalNode | undefined;
        for (const json of blocks) {
          last = $parseSerializedNode(json);
          first?.insertBefore(last);
        }
        if ($isElementNode(last)) last.selectEnd();
      },
      { discrete: true },
    );
    // Painted: the sheets in view are right, and the ones below wait for the browser to be idle.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const stage = (paper.closest('[data-wx-stage]') as HTMLElement).getBoundingClientRect();
    const view = { top: Math.max(stage.top, 0), bottom: Math.min(stage.bottom, window.innerHeight) };
    await expect(linesOutsideTextAreas(paper, view).outside).toEqual([]);
    await expect(paper).toHaveAttribute('data-wx-page-pending');
    // Then every sheet is laid out, as a layout of the whole document lays them out.
    const pages = () =>
      Array.from(paper.querySelector('[data-lexical-editor]')?.children ?? [], (block) =>
        pageOfBlock(lexical as LexicalEditor, block),
      );
    let deferred: Array<number | undefined> = [];
    await waitFor(() => {
      expect(paper).not.toHaveAttribute('data-wx-page-pending');
      expect(linesOutsideTextAreas(paper).outside).toEqual([]);
      expect(movedOffTextTops(paper)).toEqual([]);
      deferred = pages();
    });
    await expect(deferred.length).toBe(all.length + blocks.length);
    await expect(Math.max(...deferred.map((page) => page ?? 0))).toBeGreaterThan(sheetsBefore);
    const choose = async (name: string) => {
      await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.view }));
      await userEvent.click(await within(document.body).findByRole('menuitemradio', { name }));
    };
    await choose(t.view.continuous);
    await waitFor(() => expect(paper).not.toHaveAttribute('data-wx-page-view'));
    await choose(t.view.page);
    await waitFor(() => expect(paper).toHaveAttribute('data-wx-page-view'));
    await waitFor(() => expect(pages()).toEqual(deferred));
  },
};

/**
 * Thirty pages of headings, lists, tables and pictures: every gap opens exactly what it says, so that the
 * sheets stay in step to the last one (a gap a pixel off on each sheet puts the text of the thirtieth in
 * its top margin), and what goes on to a sheet starts at its text top.
 */
export const ThirtyPagesInStep: Story = {
  tags: ['!vrt'],
  render: () =>
    pageViewEditor('page-view-thirty', '三十页', {
      version: '2.0.0',
      editorState: largeChineseDocument(30).state,
    }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: t.editorLabel });
    const paper = paperOf(canvasElement);
    await waitFor(() => expect(linesOutsideTextAreas(paper).sheets).toBeGreaterThanOrEqual(30));
    await document.fonts.ready;
    await waitFor(() => {
      expect(linesOutsideTextAreas(paper).outside).toEqual([]);
      expect(movedOffTextTops(paper)).toEqual([]);
    });
  },
};
