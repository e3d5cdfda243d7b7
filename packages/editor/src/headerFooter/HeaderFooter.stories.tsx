import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { editorState, headingNode, paragraphNode, textNode } from '../convert/nodes';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { PAGE_BREAK_TYPE } from '../pages/pageBreakType';
import { SHEET_BAND_ATTRIBUTE } from './sheetBands';

/**
 * 页眉和页脚 and 页码 on the page view's sheets: the page number every document shows until told otherwise,
 * 插入 › 页码 in 公文's style without one on the cover, and 插入 › 页眉和页脚 with text and the page count.
 */
const meta = {
  title: 'HeaderFooter',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three sheets: a cover, then two chapters, split by page breaks. */
const threePages = () =>
  ({
    version: '2.0.0',
    editorState: editorState([
      headingNode(1, [textNode('年度报告')]),
      { type: PAGE_BREAK_TYPE, version: 1 },
      headingNode(2, [textNode('第一章 总体情况')]),
      paragraphNode([textNode('正文。')]),
      { type: PAGE_BREAK_TYPE, version: 1 },
      headingNode(2, [textNode('第二章 主要工作')]),
      paragraphNode([textNode('正文。')]),
    ]),
  }) as const;

function Harness() {
  return (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId="header-footer"
        initialTitle="年度报告"
        initialContent={threePages()}
        initialView="page"
        onSave={async () => {}}
        saveDelayMs={50}
      />
    </div>
  );
}

const body = () => within(document.body);

/** The text of each sheet's band of this kind ('' where a sheet has none). */
function bands(canvas: HTMLElement, kind: 'header' | 'footer'): string[] {
  return Array.from(canvas.querySelectorAll('[data-wx-sheets] > div')).map(
    (sheet) =>
      Array.from(sheet.querySelectorAll(`[${SHEET_BAND_ATTRIBUTE}="${kind}"] > span`))
        .map((span) => span.textContent)
        .filter(Boolean)
        .join('|') ?? '',
  );
}

async function openInsert(canvasElement: HTMLElement, entry: string) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.insert }));
  await userEvent.click(await body().findByRole('menuitem', { name: entry }));
}

async function pick(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(label) }));
  await userEvent.click(await body().findByRole('option', { name: option }));
}

export const PageNumbers: Story = {
  // The bands stand at the sheets' feet, below the screenshot's view: the journey looks at them instead.
  tags: ['!vrt'],
  render: () => <Harness />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: t.editorLabel });
    // Until told otherwise, every sheet shows its number of the count in the footer, as the PDF does.
    await waitFor(() =>
      expect(bands(canvasElement, 'footer')).toEqual([
        '第 1 页，共 3 页',
        '第 2 页，共 3 页',
        '第 3 页，共 3 页',
      ]),
    );

    // 公文's — n —, at the right, from 1, none on the cover.
    await openInsert(canvasElement, t.insert.pageNumber);
    const dialog = await body().findByRole('dialog', { name: t.headerFooter.pageNumberTitle });
    await pick(dialog, t.headerFooter.style, t.headerFooter.styles.official);
    await pick(dialog, t.headerFooter.alignment, t.headerFooter.right);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t.headerFooter.skipFirst }));
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(bands(canvasElement, 'footer')).toEqual(['', '— 2 —', '— 3 —']));
    const footer = canvasElement.querySelector(`[${SHEET_BAND_ATTRIBUTE}="footer"]`) as HTMLElement;
    // The number stands at the right of the text area.
    const number = footer.children[2] as HTMLElement;
    await expect(number.getBoundingClientRect().right).toBeCloseTo(footer.getBoundingClientRect().right, 0);

    // A typed start number that is not one is refused in place.
    await openInsert(canvasElement, t.insert.pageNumber);
    const again = await body().findByRole('dialog', { name: t.headerFooter.pageNumberTitle });
    const start = within(again).getByRole('textbox', { name: t.headerFooter.startAt });
    await userEvent.clear(start);
    await userEvent.type(start, 'x');
    await waitFor(() => expect(within(again).getByText(t.headerFooter.startAtError(9999))).toBeVisible());
    await userEvent.clear(start);
    await userEvent.type(start, '5');
    await userEvent.click(within(again).getByRole('button', { name: t.dialogs.ok }));
    await waitFor(() => expect(bands(canvasElement, 'footer')).toEqual(['', '— 6 —', '— 7 —']));

    // 删除页码 takes them all away; one undo brings them back.
    await openInsert(canvasElement, t.insert.pageNumber);
    const remove = await body().findByRole('dialog', { name: t.headerFooter.pageNumberTitle });
    await userEvent.click(within(remove).getByRole('button', { name: t.headerFooter.removeNumbers }));
    await waitFor(() => expect(bands(canvasElement, 'footer')).toEqual(['', '', '']));
    await userEvent.click(await canvas.findByRole('textbox', { name: t.editorLabel }));
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(bands(canvasElement, 'footer')).toEqual(['', '— 6 —', '— 7 —']));
  },
};

export const HeaderWithTheCount: Story = {
  tags: ['!vrt'],
  render: () => <Harness />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: t.editorLabel });
    await waitFor(() => expect(bands(canvasElement, 'footer')).toHaveLength(3));

    await openInsert(canvasElement, t.insert.headerFooter);
    const dialog = await body().findByRole('dialog', { name: t.headerFooter.title });
    const header = within(within(dialog).getByRole('group', { name: t.headerFooter.header }));
    await userEvent.type(header.getByRole('textbox', { name: t.headerFooter.left }), '万象年度报告');
    // The field buttons put {页码}/{总页数} where the caret was in the field last left.
    const right = header.getByRole('textbox', { name: t.headerFooter.right });
    await userEvent.type(right, '共 ');
    await userEvent.click(within(dialog).getByRole('button', { name: t.headerFooter.insertPages }));
    await expect(right).toHaveValue('共 {总页数}');
    await userEvent.type(right, ' 页');
    // 首页不同, the cover's bands left empty.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t.headerFooter.differentFirst }));
    await expect(within(dialog).getByRole('group', { name: t.headerFooter.firstHeader })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(bands(canvasElement, 'header')).toEqual(['', '万象年度报告|共 3 页', '万象年度报告|共 3 页']),
    );
    await expect(bands(canvasElement, 'footer')).toEqual(['', '第 2 页，共 3 页', '第 3 页，共 3 页']);

    // A double click on a sheet's header opens the dialog on what it shows; Escape leaves it unchanged.
    const shown = canvasElement.querySelectorAll(`[${SHEET_BAND_ATTRIBUTE}="header"]`)[0] as HTMLElement;
    await userEvent.dblClick(shown);
    const reopened = await body().findByRole('dialog', { name: t.headerFooter.title });
    const headerAgain = within(within(reopened).getByRole('group', { name: t.headerFooter.header }));
    await expect(headerAgain.getByRole('textbox', { name: t.headerFooter.left })).toHaveValue('万象年度报告');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(bands(canvasElement, 'header')[1]).toBe('万象年度报告|共 3 页');
  },
};
