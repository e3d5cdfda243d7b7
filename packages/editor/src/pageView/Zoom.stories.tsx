import type { Meta, StoryObj } from '@storybook/react-vite';
import { $getRoot, type LexicalEditor } from 'lexical';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { editorState, headingNode, paragraphNode, textNode } from '../convert/nodes';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { linesOutsideTextAreas } from './linesOnSheets';
import { pageOfBlock, sheetCount } from './sheetsOfBlocks';
import { ZOOM_STORAGE_KEY } from './useZoom';

/**
 * 显示比例: the page view's sheets drawn smaller or larger (50 % to 200 %, 适合页宽, 整页) from the control at
 * the desk's bottom-right, the 视图 menu's 缩放 entries, Ctrl+= / Ctrl+- / Ctrl+0 and Ctrl + the wheel. The
 * zoom only draws: every block stays on its sheet at every scale.
 */
const meta = {
  title: 'PageView/Zoom',
  parameters: { layout: 'fullscreen' },
  // The zoom is the browser's, kept between visits: each story starts from 100 %, and leaves none behind
  // for the stories after it.
  beforeEach: () => {
    localStorage.removeItem(ZOOM_STORAGE_KEY);
  },
  afterEach: () => {
    localStorage.removeItem(ZOOM_STORAGE_KEY);
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const SENTENCE = '这是用来检查缩放的正文，句子长短不一，中文与 English 混排，段落有长有短。';

function longDocument() {
  const blocks = [];
  for (let i = 0; i < 48; i += 1) {
    if (i % 8 === 0) blocks.push(headingNode(2, [textNode(`第${i / 8 + 1}节 缩放检查`)]));
    blocks.push(paragraphNode([textNode(`${i + 1}. ${SENTENCE.repeat(1 + ((i * 5) % 9))}`)]));
  }
  return { version: '2.0.0', editorState: editorState(blocks) } as const;
}

let lexical: LexicalEditor | undefined;

const editorOf = (documentId: string) => (
  <div style={{ height: '100vh' }}>
    <WordEditor
      documentId={documentId}
      initialTitle="缩放"
      initialContent={longDocument()}
      initialView="page"
      onEditorReady={(editor) => {
        lexical = editor;
      }}
      onSave={async () => {}}
      saveDelayMs={50}
    />
  </div>
);

const paperOf = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-wx-paper]') as HTMLElement;
const stageOf = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-wx-stage]') as HTMLElement;

/** The sheet each top-level block starts on, as the page view published it. */
function sheetsOfBlocks(paper: HTMLElement): Array<number | undefined> {
  const root = paper.querySelector('[data-lexical-editor]') as HTMLElement;
  return Array.from(root.children, (block) => pageOfBlock(lexical as LexicalEditor, block));
}

/**
 * The count of sheets and each block's sheet, read in one go once every sheet is laid out and no line
 * stands outside a text area (a font that arrives lays the sheets out again, the ones below the screen
 * when the browser is idle).
 */
async function laidOut(paper: HTMLElement) {
  let read: { pages: number | undefined; sheets: Array<number | undefined> } | undefined;
  await waitFor(() => {
    expect(linesOutsideTextAreas(paper).outside).toEqual([]);
    read = { pages: sheetCount(lexical as LexicalEditor), sheets: sheetsOfBlocks(paper) };
  });
  return read as NonNullable<typeof read>;
}

/** How many sheets show on the desk, wholly or in part. */
function sheetsInView(paper: HTMLElement, stage: HTMLElement): number {
  const view = stage.getBoundingClientRect();
  return Array.from(paper.querySelectorAll('[data-wx-sheets] > div')).filter((sheet) => {
    const rect = sheet.getBoundingClientRect();
    return rect.bottom > view.top + 1 && rect.top < view.bottom - 1;
  }).length;
}

/** The scale the desk draws the sheets at (useZoom's `--wx-zoom`). */
const zoomOfRow = (paper: HTMLElement) =>
  paper.closest<HTMLElement>('[data-wx-stage]')?.style.getPropertyValue('--wx-zoom');

export const HalfSizeShowsMoreSheets: Story = {
  tags: ['!vrt'],
  render: () => editorOf('zoom-half'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: t.editorLabel });
    const paper = paperOf(canvasElement);
    const stage = stageOf(canvasElement);
    await waitFor(() => expect(sheetCount(lexical as LexicalEditor)).toBeGreaterThanOrEqual(4));
    const { pages, sheets } = await laidOut(paper);
    const inViewAt100 = sheetsInView(paper, stage);

    // The control: a labelled group at the desk's corner, its scale a menu of 适合页宽, 整页 and 50 %–200 %.
    const control = await canvas.findByRole('group', { name: t.zoom.title });
    const scale = within(control).getByRole('button', { name: `${t.zoom.title} 100%` });
    await userEvent.click(scale);
    await userEvent.click(await within(document.body).findByRole('menuitemradio', { name: '50%' }));
    await waitFor(() => expect(zoomOfRow(paper)).toBe('0.5'));
    await waitFor(() =>
      expect(within(control).getByRole('button', { name: `${t.zoom.title} 50%` })).toBeVisible(),
    );

    // Half size: the sheet is half as wide, more sheets show at once, and the same blocks are on the same
    // sheets, the same count of them.
    await waitFor(() => expect(Math.abs(paper.getBoundingClientRect().width - 794 / 2)).toBeLessThan(2));
    await waitFor(() => {
      expect(sheetCount(lexical as LexicalEditor)).toBe(pages);
      expect(sheetsOfBlocks(paper)).toEqual(sheets);
      expect(linesOutsideTextAreas(paper).outside).toEqual([]);
    });
    expect(sheetsInView(paper, stage)).toBeGreaterThan(inViewAt100);
    expect(sheetsInView(paper, stage)).toBeGreaterThanOrEqual(2);
    // Kept for the next visit, in this browser, not in the document.
    expect(localStorage.getItem(ZOOM_STORAGE_KEY)).toBe('0.5');

    // Typing at half size lays the sheets out from the boxes as drawn, divided by the scale: the new line is
    // on the first sheet and the blocks it pushed down start on the sheets they start on at 100 % (one
    // block later, none on a sheet before its own).
    const editor = canvas.getByRole('textbox', { name: t.editorLabel });
    await userEvent.click(editor);
    lexical?.update(() => $getRoot().selectStart());
    await userEvent.keyboard('缩小时新增的一行把后面的内容往下推。{Enter}');
    await waitFor(() => expect(editor).toHaveTextContent('缩小时新增的一行把后面的内容往下推。'));
    await waitFor(() => {
      const now = sheetsOfBlocks(paper);
      expect(now[0]).toBe(1);
      expect(now.slice(1).every((sheet, i) => (sheet ?? 0) >= (sheets[i] ?? 0))).toBe(true);
      expect(sheetCount(lexical as LexicalEditor)).toBeGreaterThanOrEqual(pages as number);
    });
  },
};

export const KeysAndMenu: Story = {
  tags: ['!vrt'],
  render: () => editorOf('zoom-keys'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    const paper = paperOf(canvasElement);
    const stage = stageOf(canvasElement);
    await waitFor(() => expect(sheetCount(lexical as LexicalEditor)).toBeGreaterThanOrEqual(4));
    const { pages, sheets } = await laidOut(paper);
    const control = await canvas.findByRole('group', { name: t.zoom.title });
    const shows = (percent: string) =>
      waitFor(() =>
        expect(within(control).getByRole('button', { name: `${t.zoom.title} ${percent}` })).toBeVisible(),
      );
    const samePages = () =>
      waitFor(() => {
        expect(sheetCount(lexical as LexicalEditor)).toBe(pages);
        expect(sheetsOfBlocks(paper)).toEqual(sheets);
        expect(linesOutsideTextAreas(paper).outside).toEqual([]);
      });

    // Ctrl+= and Ctrl+- step through 125 %, 150 %, 200 %; Ctrl+0 is 100 % again.
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}={/Control}');
    await shows('125%');
    await userEvent.keyboard('{Control>}={/Control}');
    await userEvent.keyboard('{Control>}={/Control}');
    await shows('200%');
    await waitFor(() => expect(Math.abs(paper.getBoundingClientRect().width - 794 * 2)).toBeLessThan(2));
    await samePages();
    // The desk scrolls sideways over a sheet wider than it.
    expect(stage.scrollWidth).toBeGreaterThan(stage.clientWidth);
    await userEvent.keyboard('{Control>}-{/Control}');
    await shows('150%');
    await userEvent.keyboard('{Control>}0{/Control}');
    await shows('100%');
    await samePages();
    // The keys stay the editor's: typing still types.
    await userEvent.keyboard('A');
    await waitFor(() => expect(editor).toHaveTextContent(/A/));

    // 视图 › 缩放 › 适合页宽: the sheet as wide as the desk, and it follows the desk's width.
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.view }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: t.zoom.fitWidth }));
    const room = () => {
      const style = getComputedStyle(stage);
      return stage.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    };
    await waitFor(() => expect(Math.abs(paper.getBoundingClientRect().width - room())).toBeLessThan(2));
    const fitted = Number(zoomOfRow(paper));
    expect(fitted).toBeGreaterThan(1);
    await samePages();

    // 整页: a whole sheet in view.
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.view }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: t.zoom.wholePage }));
    await waitFor(() =>
      expect(
        paper.querySelector('[data-wx-sheets] > div')?.getBoundingClientRect().height,
      ).toBeLessThanOrEqual(stage.clientHeight),
    );
    await samePages();

    // The control works from the keyboard: the scale's menu opens with Enter, End is 200 %, and 缩小 is a
    // button that Space presses.
    const scale = within(control).getByRole('button', { name: new RegExp(`^${t.zoom.title} `) });
    // Once the 视图 menu has closed and given its focus back.
    await waitFor(() => expect(within(document.body).queryByRole('menu')).toBeNull());
    await waitFor(() => {
      scale.focus();
      expect(scale).toHaveFocus();
    });
    await userEvent.keyboard('{Enter}');
    // The menu is named by its trigger (显示比例 and the scale).
    await within(document.body).findByRole('menu', { name: new RegExp(`^${t.zoom.title}`) });
    await userEvent.keyboard('{End}{Enter}');
    await shows('200%');
    await waitFor(() => expect(within(document.body).queryByRole('menu')).toBeNull());
    const out = within(control).getByRole('button', { name: t.zoom.out });
    await waitFor(() => {
      out.focus();
      expect(out).toHaveFocus();
    });
    await userEvent.keyboard(' ');
    await shows('150%');

    // 连续视图 has no zoom: the control goes, the sheets' row is drawn at its own size.
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.view }));
    await userEvent.click(
      await within(document.body).findByRole('menuitemradio', { name: t.view.continuous }),
    );
    await waitFor(() => expect(canvas.queryByRole('group', { name: t.zoom.title })).toBeNull());
    await waitFor(() => expect(stage).not.toHaveAttribute('data-wx-zoom'));
    await waitFor(() => expect(within(document.body).queryByRole('menu')).toBeNull());
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.view }));
    // 视图 › 缩放 is disabled there, and says why.
    const fit = await within(document.body).findByRole('menuitem', {
      name: new RegExp(`^${t.zoom.fitWidth}`),
    });
    await expect(fit).toHaveAttribute('aria-disabled', 'true');
    await expect(fit).toHaveTextContent(t.zoom.onlyPageView);
    await userEvent.keyboard('{Escape}');
  },
};

/** Opened at 75 % (the zoom kept from an earlier visit): the control and the sheets, in both themes. */
export const OpenedAtThreeQuarters: Story = {
  tags: ['!vrt'],
  beforeEach: () => {
    localStorage.setItem(ZOOM_STORAGE_KEY, '0.75');
  },
  render: () => editorOf('zoom-75'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: t.editorLabel });
    const control = await canvas.findByRole('group', { name: t.zoom.title });
    await expect(within(control).getByRole('button', { name: `${t.zoom.title} 75%` })).toBeVisible();
    const paper = paperOf(canvasElement);
    await waitFor(() => expect(Math.abs(paper.getBoundingClientRect().width - 794 * 0.75)).toBeLessThan(2));
    await waitFor(() => expect(linesOutsideTextAreas(paper).outside).toEqual([]));
  },
};
