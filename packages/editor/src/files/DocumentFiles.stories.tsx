import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToastRegion } from '@wanxiang/ui';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { documentToDocx } from '../convert/docxExport';
import { editorState, rootChildren } from '../convert/nodes';
import { richDocument } from '../convert/testDocuments';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';

/**
 * 文件 › 打开 with a DOCX file, in a lone editor (no repository: the file is read into it). The converters
 * run in their worker here, as in the app.
 */
const meta = {
  title: 'WordEditor/Files',
  component: WordEditor,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ height: '100vh' }}>
        <Story />
        <ToastRegion />
      </div>
    ),
  ],
  args: {
    documentId: 'local-doc-files',
    initialTitle: '未命名文档',
    initialContent: { version: '2.0.0', editorState: null },
    onSave: fn(async () => {}),
    onBack: fn(),
    saveDelayMs: 50,
  },
} satisfies Meta<typeof WordEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The converters' test document without its check list: Lexical draws a check item as <li role="checkbox">,
 * which axe refuses (aria-allowed-role) — a defect of the editor's check lists, not of opening files.
 */
const openedDocument = editorState(rootChildren(richDocument).filter((block) => block.listType !== 'check'));

function chooseFile(canvasElement: HTMLElement, file: File) {
  const input = canvasElement.querySelector<HTMLInputElement>('input[data-wx-open-file]');
  if (!input) throw new Error('no open-file input');
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A Word file opens with its headings, table (merged cells), picture and footnote; a broken one is refused. */
export const OpenDocx: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const paper = canvas.getByRole('textbox', { name: t.editorLabel });
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.file }));
    const menu = await body.findByRole('menu', { name: t.menus.file });
    await expect(within(menu).getByRole('menuitem', { name: t.file.exportDocx })).not.toHaveAttribute(
      'aria-disabled',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());

    const bytes = await documentToDocx({ editorState: openedDocument, title: '年度总结' });
    chooseFile(canvasElement, new File([bytes as BlobPart], '年度总结.docx'));
    await waitFor(() => expect(paper.querySelector('h1')).toHaveTextContent('年度总结'), { timeout: 15_000 });
    const merged = [...paper.querySelectorAll<HTMLTableCellElement>('td, th')].find(
      (cell) => cell.colSpan === 2,
    );
    await expect(merged?.textContent).toBe('横跨两列');
    await expect(paper.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect(await canvas.findByRole('button', { name: t.footnote.label('①') })).toBeVisible();

    chooseFile(canvasElement, new File(['PK\u0003\u0004 broken'], '损坏.docx'));
    const notice = await body.findByText(t.convert.badDocx);
    // The toast fades in.
    await waitFor(() => expect(notice).toBeVisible());
    // The open document is as it was.
    await expect(paper.querySelector('h1')).toHaveTextContent('年度总结');
  },
};
