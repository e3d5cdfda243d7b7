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

/** The row's menu renames the chat in a dialog that opens with its name, ready to change. */
export const RenameFromTheMenu: Story = {
  args: { onRename: fn(async () => {}), onPin: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '会话操作：季度销售数据分析' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '重命名' }));
    const dialog = await screen.findByRole('alertdialog');
    const field = within(dialog).getByRole('textbox', { name: '会话名称' });
    await expect(field).toHaveValue('季度销售数据分析');
    await userEvent.clear(field);
    await userEvent.type(field, '年度复盘');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await expect(args.onRename).toHaveBeenCalledWith('s1', '年度复盘');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** A failed rename keeps the dialog open with the reason. */
export const RenameFails: Story = {
  args: {
    onRename: fn(async () => {
      throw new Error('重命名失败，请稍后重试');
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '会话操作：季度销售数据分析' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '重命名' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(dialog).toHaveTextContent('重命名失败，请稍后重试'));
    await userEvent.keyboard('{Escape}');
  },
};

/** 置顶 pins the chat; a pinned chat's menu offers 取消置顶. */
export const PinAndUnpin: Story = {
  args: { onRename: fn(async () => {}), onPin: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '会话操作：季度销售数据分析' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '置顶' }));
    await expect(args.onPin).toHaveBeenCalledWith('s1', true);
  },
};

export const PinnedOffersUnpin: Story = {
  args: {
    session: { ...meta.args.session, pinned: true },
    onRename: fn(async () => {}),
    onPin: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '会话操作：季度销售数据分析' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '取消置顶' }));
    await expect(args.onPin).toHaveBeenCalledWith('s1', false);
  },
};

/** A search result: the match is marked in the title, and in the words around it in the messages. */
export const SearchMatchHighlighted: Story = {
  args: {
    query: '销售',
    session: { ...meta.args.session, snippet: '…请分析本月销售额的变化趋势…' },
  },
  play: async ({ canvasElement }) => {
    const marks = canvasElement.querySelectorAll('mark');
    await expect(marks).toHaveLength(2);
    for (const mark of marks) await expect(mark).toHaveTextContent('销售');
    await expect(within(canvasElement).getByText(/请分析本月/)).toBeVisible();
  },
};
