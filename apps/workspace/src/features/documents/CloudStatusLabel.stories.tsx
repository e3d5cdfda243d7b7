import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CloudStatusLabel } from './CloudStatusLabel';
import { conflict } from './cloudFixtures';

const meta = {
  title: 'Documents/CloudStatusLabel',
  component: CloudStatusLabel,
  args: { status: { kind: 'saved', at: '2026-11-26T01:42:00.000Z' }, onShowConflict: fn() },
} satisfies Meta<typeof CloudStatusLabel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('已保存到云端');
    await expect(status).toHaveAttribute('title', '已保存到云端（11/26 09:42）');
  },
};

export const Saving: Story = {
  args: { status: { kind: 'saving' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('保存中');
  },
};

export const Offline: Story = {
  args: { status: { kind: 'offline' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('离线，稍后同步');
  },
};

export const Conflict: Story = {
  args: { status: { kind: 'conflict', conflict } },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: '冲突：查看冲突并选择版本' });
    await userEvent.click(button);
    await expect(args.onShowConflict).toHaveBeenCalledOnce();
  },
};

export const Failed: Story = {
  args: {
    status: {
      kind: 'failed',
      message: '文档过大（6.2 MB），云端文档最多 5 MB。请删减图片或拆分文档后再保存；本机副本不受影响。',
    },
  },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('云端保存失败');
    await expect(status.getAttribute('title')).toContain('云端文档最多 5 MB');
  },
};

/** A document only on this device shows nothing: the editor's own label says it is saved. */
export const OnlyLocal: Story = {
  args: { status: { kind: 'local' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
  },
};
