import type { Meta, StoryObj } from '@storybook/react-vite';
import { formatDocumentTime } from '@wanxiang/editor';
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
    // In the browser's time zone, told as every document's time is.
    const time = formatDocumentTime(Date.parse('2026-11-26T01:42:00.000Z'));
    await expect(status).toHaveAttribute('title', `已保存到云端（${time}）`);
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
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      '离线，已保存在本机，联网后同步',
    );
  },
};

export const Conflict: Story = {
  args: { status: { kind: 'conflict', conflict } },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: '同步冲突：查看冲突并选择版本' });
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

/** A document the user keeps only on this device says so. */
export const OnlyLocal: Story = {
  args: { status: { kind: 'local' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('仅保存在本机');
  },
};

/** A new cloud document with nothing written yet shows nothing: it is made in the cloud with its first edit. */
export const NewDocument: Story = {
  tags: ['!vrt'],
  args: { status: { kind: 'new' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
  },
};
