import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { editorState, paragraphNode, textNode } from '../convert/nodes';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { PageSetupDialog } from './PageSetupDialog';
import { pageBreakNode } from './pageBreakFormats';
import { MARGIN_PRESETS, mmToPx, type PageSetup, withPageSetup } from './pageSetup';

/** 文件 › 页面设置, and 分页符 (Ctrl+Enter): the paper follows the document's page. */
const meta = {
  title: 'Pages',
  parameters: { layout: 'fullscreen' },
  render: () => (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId="pages"
        initialTitle="页面"
        initialContent={{ version: '2.0.0', editorState: null }}
        onSave={async () => {}}
        saveDelayMs={50}
      />
    </div>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const paperOf = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-wx-paper]') as HTMLElement;

async function openPageSetup(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.file }));
  const item = await body().findByRole('menuitem', { name: t.file.pageSetup });
  await expect(item).not.toHaveAttribute('aria-disabled', 'true');
  await userEvent.click(item);
  return body().findByRole('dialog', { name: t.pages.setupTitle });
}

const px = (value: string) => Number.parseFloat(value);

export const OfficialMargins: Story = {
  // Interactions only: the looks are OfficialPaper's and SetupDialog's.
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const paper = paperOf(canvasElement);
    const editor = await within(canvasElement).findByRole('textbox', { name: t.editorLabel });
    await userEvent.click(editor);
    await userEvent.keyboard('正文');
    await waitFor(() => expect(editor).toHaveTextContent('正文'));
    // A4 with Word's margins: 1 inch top (96 px), 31.8 mm at the sides.
    await waitFor(() => expect(px(getComputedStyle(paper).paddingTop)).toBeCloseTo(96, 0));
    await expect(px(getComputedStyle(paper).paddingLeft)).toBeCloseTo(mmToPx(31.8), 0);
    const dialog = await openPageSetup(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(t.pages.marginPreset) }));
    await userEvent.click(await body().findByRole('option', { name: t.pages.presets.official }));
    // The fields take the preset's margins.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: t.pages.top })).toHaveValue('37'));
    await expect(within(dialog).getByRole('textbox', { name: t.pages.right })).toHaveValue('26');
    await waitFor(() => expect(within(dialog).getByText(t.pages.textArea('156', '225'))).toBeVisible());
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    // The paper's margins are the document's now: 37 mm top, 28 mm left, 26 mm right.
    await waitFor(() => expect(px(getComputedStyle(paper).paddingTop)).toBeCloseTo(mmToPx(37), 0));
    await expect(px(getComputedStyle(paper).paddingLeft)).toBeCloseTo(mmToPx(28), 0);
    await expect(px(getComputedStyle(paper).paddingRight)).toBeCloseTo(mmToPx(26), 0);
    // Undo (in the editor) takes the change back.
    await userEvent.click(editor);
    await waitFor(() => expect(editor).toHaveFocus());
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(px(getComputedStyle(paper).paddingTop)).toBeCloseTo(96, 0));
    await expect(editor).toHaveTextContent('正文');
  },
};

export const WrongMarginIsNamed: Story = {
  // Interactions only: the looks are OfficialPaper's and SetupDialog's.
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const dialog = await openPageSetup(canvasElement);
    const left = within(dialog).getByRole('textbox', { name: t.pages.left });
    await userEvent.clear(left);
    await userEvent.type(left, '120');
    await waitFor(async () =>
      expect(await within(dialog).findByText('左边距须在 0～100 毫米之间')).toBeVisible(),
    );
    await expect(left).toHaveAttribute('aria-invalid', 'true');
    // 确定 keeps the dialog open with the wrong value in it.
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    await waitFor(() => expect(body().getByRole('dialog', { name: t.pages.setupTitle })).toBeVisible());
    // Right margin so large that too little text is left: both side margins are named.
    await userEvent.clear(left);
    await userEvent.type(left, '95');
    const right = within(dialog).getByRole('textbox', { name: t.pages.right });
    await userEvent.clear(right);
    await userEvent.type(right, '100');
    await expect(await within(dialog).findAllByText(/左右边距过大/)).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.cancel }));
  },
};

export const CtrlEnterBreaksThePage: Story = {
  // Interactions only: the looks are OfficialPaper's and SetupDialog's.
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    await userEvent.click(editor);
    await waitFor(() => expect(editor).toHaveFocus());
    await userEvent.keyboard('第一页');
    await waitFor(() => expect(editor).toHaveTextContent('第一页'));
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await userEvent.keyboard('第二页');
    await waitFor(() => expect(editor.innerHTML).toContain('data-wx-page-break'));
    const pageBreak = await within(editor).findByRole('separator', { name: t.pages.pageBreak });
    await expect(pageBreak).toHaveTextContent(t.pages.pageBreak);
    await waitFor(() => expect(pageBreak.nextElementSibling).toHaveTextContent('第二页'));
    await expect(pageBreak.previousElementSibling).toHaveTextContent('第一页');
    // A click selects it; Delete removes it.
    await userEvent.click(pageBreak);
    await waitFor(() => expect(pageBreak).toHaveAttribute('data-selected'));
    await userEvent.keyboard('{Delete}');
    await waitFor(() => expect(within(editor).queryByRole('separator')).toBeNull());
    // 插入 › 分页符 does the same, and says its shortcut.
    await userEvent.click(within(editor).getByText('第一页'));
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.insert }));
    const item = await body().findByRole('menuitem', { name: new RegExp(t.insert.pageBreak) });
    await expect(item).toHaveTextContent('Ctrl+Enter');
    await userEvent.click(item);
    await waitFor(async () =>
      expect(await within(editor).findByRole('separator', { name: t.pages.pageBreak })).toBeVisible(),
    );
  },
};

const OFFICIAL: PageSetup = {
  paper: 'a4',
  orientation: 'portrait',
  margins: MARGIN_PRESETS.official.margins,
};

/** A document on 公文 margins: a page break, and a paragraph that starts a page (段前分页). */
export const OfficialPaper: Story = {
  render: () => (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId="pages-official"
        initialTitle="关于做好年度工作的通知"
        initialContent={{
          version: '2.0.0',
          editorState: withPageSetup(
            editorState([
              paragraphNode([textNode('关于做好年度工作的通知')], 'center'),
              paragraphNode(
                [
                  textNode(
                    '各部门：为做好年度各项工作，现将有关事项通知如下。请各部门结合实际，认真贯彻落实。',
                  ),
                ],
                '',
                'text-indent: 2em;',
              ),
              pageBreakNode(),
              paragraphNode([textNode('附件：年度工作安排')]),
              paragraphNode([textNode('第二部分从新的一页开始。')], '', 'break-before: page;'),
            ]),
            OFFICIAL,
          ),
        }}
        onSave={async () => {}}
      />
    </div>
  ),
};

/** The dialog itself, on the 公文 preset. */
export const SetupDialog: Story = {
  render: () => <PageSetupDialog isOpen onOpenChange={() => {}} setup={OFFICIAL} onApply={() => {}} />,
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: t.pages.setupTitle });
    await expect(within(dialog).getByRole('textbox', { name: t.pages.bottom })).toHaveValue('35');
    // The dialog fades in: what it says is visible once it has.
    await waitFor(() => expect(within(dialog).getByText(t.pages.textArea('156', '225'))).toBeVisible());
  },
};
