import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ConflictDialog } from './ConflictDialog';
import { conflict } from './cloudFixtures';

const meta = {
  title: 'Documents/ConflictDialog',
  component: ConflictDialog,
  args: {
    conflict,
    isOpen: true,
    onOpenChange: fn(),
    onKeepMine: fn(async () => {}),
    onKeepTheirs: fn(async () => {}),
  },
  parameters: { a11y: { context: { exclude: ['[data-live-announcer]'] } } },
} satisfies Meta<typeof ConflictDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Both versions side by side; keeping this page's closes the dialog. */
export const KeepMine: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: '文档在别处被修改了' });
    await expect(dialog).toHaveTextContent('云端第 8 版');
    await expect(dialog).toHaveTextContent('基于第 7 版');
    const mine = within(dialog).getByRole('region', { name: '这里的版本' });
    await expect(mine).toHaveTextContent('电脑上补充：毛利率回升到 42%。');
    const theirs = within(dialog).getByRole('region', { name: '云端第 8 版' });
    await expect(theirs).toHaveTextContent('手机上补充：新增用户主要来自华东。');
    await userEvent.click(within(dialog).getByRole('button', { name: '保留这里的版本' }));
    await expect(args.onKeepMine).toHaveBeenCalledOnce();
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
    await expect(args.onKeepTheirs).not.toHaveBeenCalled();
  },
};

export const KeepTheirs: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '使用云端版本' }));
    await expect(args.onKeepTheirs).toHaveBeenCalledOnce();
    await expect(args.onKeepMine).not.toHaveBeenCalled();
  },
};

/** The choice failed (no network): the dialog stays, says so, and both versions are still there. */
export const ChoiceFails: Story = {
  args: {
    onKeepMine: fn(async () => {
      throw new Error('offline');
    }),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '保留这里的版本' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('两个版本都还在');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};
