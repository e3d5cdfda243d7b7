import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CloudDocumentList } from './CloudDocumentList';
import { cloudSummaries } from './cloudFixtures';

const meta = {
  title: 'Documents/CloudDocumentList',
  component: CloudDocumentList,
  // A fixed present: the dates read 今天 / 11月24日 against it, in the browser's time zone.
  args: { load: fn(async () => cloudSummaries), onOpen: fn(), now: Date.UTC(2026, 10, 26, 12) },
  decorators: [(Story) => <div style={{ maxWidth: 720, padding: 24 }}>{Story()}</div>],
  // The delete's pending button is announced through react-aria's live region, which keeps for seconds an
  // img labelled by the button's id; once the dialog closed axe reports that stale node (see ConfirmDialog).
  parameters: { a11y: { context: { exclude: ['[data-live-announcer]'] } } },
} satisfies Meta<typeof CloudDocumentList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Listed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: '云端文档列表' });
    const items = within(list).getAllByRole('button');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('万象季度报告');
    await expect(items[0]).toHaveTextContent(/更新于 今天 \d\d:42/);
    await userEvent.click(items[1] as HTMLElement);
    await expect(args.onOpen).toHaveBeenCalledWith('5e2d9a71-3c4b-4f8e-8a1d-7b6c5d4e3f21');
  },
};

export const Empty: Story = {
  args: { load: fn(async () => []) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/没有只在云端的文档/)).toBeVisible();
  },
};

export const LoadFailedThenRetried: Story = {
  args: {
    load: fn(async () => {
      throw new Error('network');
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('云端文档加载失败')).toBeVisible();
    args.load.mockImplementation(async () => cloudSummaries);
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await canvas.findByRole('list', { name: '云端文档列表' })).toBeVisible();
  },
};

export const DeleteConfirmed: Story = {
  args: { onDelete: fn(async () => {}) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await canvas.findByRole('list', { name: '云端文档列表' });
    await userEvent.click(canvas.getByRole('button', { name: '删除云端文档「万象季度报告」' }));
    const dialog = await page.findByRole('alertdialog', { name: '删除云端文档「万象季度报告」？' });
    await expect(dialog).toHaveTextContent('本机副本会保留下来');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除云端文档' }));
    await expect(args.onDelete).toHaveBeenCalledWith(expect.objectContaining({ title: '万象季度报告' }));
    await expect(canvas.queryByText('万象季度报告')).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};

export const DeleteFailed: Story = {
  args: {
    onDelete: fn(async () => {
      throw new Error('network');
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    // Found, not got: the story before this one deleted that document, and its list may still be on the
    // canvas for a moment.
    await userEvent.click(await canvas.findByRole('button', { name: '删除云端文档「万象季度报告」' }));
    const dialog = await page.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除云端文档' }));
    const failed = await within(dialog).findByText('删除失败，请检查网络后重试。');
    await waitFor(() => expect(failed).toBeVisible());
    await waitFor(() => expect(canvas.getByText('万象季度报告')).toBeVisible());
  },
};
