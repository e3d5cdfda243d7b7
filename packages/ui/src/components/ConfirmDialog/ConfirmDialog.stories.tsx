import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { TrashIcon } from '../../icons';
import { DialogTrigger } from '../Dialog/Dialog';
import { IconButton } from '../IconButton/IconButton';
import { ConfirmDialog, confirmDialogTones } from './ConfirmDialog';

const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    title: '退出登录？',
    children: '退出后需要重新输入邮箱和密码才能继续使用。',
    confirmLabel: '退出登录',
    onConfirm: fn(),
    onCancel: fn(),
    onOpenChange: fn(),
    isOpen: true,
  },
  argTypes: { tone: { control: 'inline-radio', options: confirmDialogTones } },
  parameters: {
    a11y: {
      context: {
        // react-aria announces the end of a pending button through a live region that keeps, for seven
        // seconds, an img labelled by the button's id. Once the dialog has closed that id is gone and axe
        // reports the stale, invisible node (role-img-alt) in this story or the next; it is not content.
        exclude: ['[data-live-announcer]'],
      },
    },
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: '退出登录？' });
    // The confirm button takes focus for a non-destructive action.
    await expect(within(dialog).getByRole('button', { name: '退出登录' })).toHaveFocus();
  },
};

export const Danger: Story = {
  args: {
    tone: 'danger',
    title: '删除会话？',
    children: '「季度销售数据分析」及其全部消息将被永久删除，无法恢复。',
    confirmLabel: '删除',
  },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: '删除会话？' });
    // A destructive action starts on the safe choice.
    await expect(within(dialog).getByRole('button', { name: '取消' })).toHaveFocus();
  },
};

export const DefaultLabels: Story = {
  args: { confirmLabel: undefined, title: '应用更改？', children: '新的设置将立即生效。' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '确定' })).toBeVisible());
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '取消' })).toBeVisible());
  },
};

export const ConfirmCallsOnConfirm: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '退出登录' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const CancelCallsOnCancel: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const EscapeCancels: Story = {
  play: async ({ args }) => {
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** A promise the play function settles, so the pending state is deterministic. */
function deferred() {
  let resolve!: () => void;
  let reject!: (reason: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const pendingDelete = deferred();

export const AsyncConfirmPending: Story = {
  args: {
    tone: 'danger',
    title: '删除会话？',
    children: '该会话将被永久删除。',
    confirmLabel: '删除',
    onConfirm: fn(() => pendingDelete.promise),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    // While the deletion runs: confirm is busy, cancel is off, Escape does nothing.
    await expect(within(dialog).getByRole('button', { name: /删除/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(within(dialog).getByRole('progressbar', { name: '加载中...' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: '取消' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('alertdialog')).toBeVisible());
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const AsyncConfirmSucceeds: Story = {
  args: {
    tone: 'danger',
    title: '删除会话？',
    confirmLabel: '删除',
    onConfirm: fn(() => Promise.resolve()),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const AsyncConfirmFails: Story = {
  args: {
    tone: 'danger',
    title: '删除会话？',
    children: '该会话将被永久删除。',
    confirmLabel: '删除',
    onConfirm: fn(() => Promise.reject(new Error('删除会话失败'))),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    // The failure is shown in the dialog, which stays open for another try.
    const message = await within(dialog).findByText('删除会话失败');
    await waitFor(() => expect(message).toBeVisible());
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(within(dialog).getByRole('button', { name: '删除' })).not.toHaveAttribute('aria-disabled');
  },
};

export const FromTrigger: Story = {
  args: { isOpen: undefined, tone: 'danger', title: '删除会话？', confirmLabel: '删除' },
  render: (args) => (
    <DialogTrigger>
      <IconButton aria-label="删除会话">
        <TrashIcon />
      </IconButton>
      <ConfirmDialog {...args} />
    </DialogTrigger>
  ),
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '删除会话' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};
