import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { HistoryRow } from './HistoryRow';

const meta = {
  title: 'Chat/HistoryRow',
  component: HistoryRow,
  args: {
    session: {
      id: 's1',
      title: '季度销售数据分析',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-02T00:00:00Z',
    },
    isCurrent: false,
    onOpen: fn(),
    onDelete: fn(async () => {}),
  },
  decorators: [
    (Story) => (
      <nav aria-label="历史会话" style={{ width: 260 }}>
        {Story()}
      </nav>
    ),
  ],
  parameters: { a11y: { context: { exclude: ['[data-live-announcer]'] } } },
} satisfies Meta<typeof HistoryRow>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DeleteAfterConfirmation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: '季度销售数据分析' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '删除会话：季度销售数据分析' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('确定要删除这个会话吗？');
    await expect(dialog).toHaveTextContent('“季度销售数据分析”及其全部消息将被删除');
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await expect(args.onDelete).toHaveBeenCalledWith('s1');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const CancelKeepsSession: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /删除会话/ }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

export const DeleteFailureStaysOpen: Story = {
  args: {
    onDelete: fn(async () => {
      throw new Error('删除会话失败');
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /删除会话/ }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(within(dialog).getByText('删除会话失败')).toBeVisible());
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
  },
};

export const UntitledAndCurrent: Story = {
  args: {
    isCurrent: true,
    session: {
      id: 's2',
      title: null,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    },
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: '未命名会话' });
    await expect(link).toHaveAttribute('aria-current', 'page');
  },
};
