import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { StoryColumn } from '../private/StoryLayout';
import { FileChips, formatFileSize, type PendingFile } from './FileChips';
import { FileTile, fileTileListClass } from './FileTile';

/** A 1×1 PNG, as an image's thumbnail would be. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const sized = (name: string, type: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type });

const FILES: PendingFile[] = [
  { id: 'a', file: sized('季度报告.pdf', 'application/pdf', 1.5 * 1024 ** 2) },
  {
    id: 'b',
    file: sized(
      '会议纪要.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      48_000,
    ),
  },
  { id: 'c', file: sized('截图.png', 'image/png', 2048), previewUrl: PIXEL },
  { id: 'd', file: sized('一个名字很长很长很长很长的笔记文件.md', 'text/markdown', 512) },
];

const meta = {
  title: 'Components/FileChips',
  component: FileChips,
  args: { files: FILES, onRemove: fn() },
  decorators: [
    (Story) => (
      <StoryColumn width="560px">
        <Story />
      </StoryColumn>
    ),
  ],
} satisfies Meta<typeof FileChips>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Chosen: Story = {
  play: async ({ canvas, args }) => {
    const list = canvas.getByRole('list', { name: '待发送的附件' });
    await expect(list).toBeVisible();
    await expect(canvas.getByText(`PDF · ${formatFileSize(1.5 * 1024 ** 2)}`)).toBeVisible();
    await expect(canvas.getByText('DOCX')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '移除 会议纪要.docx' }));
    await expect(args.onRemove).toHaveBeenCalledWith('b');
  },
};

export const Uploading: Story = {
  args: { progress: 0.42 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: '季度报告.pdf 上传中 42%' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /移除/ })).toBeNull();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, 'aria-label': '提问的附件' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: '提问的附件' })).toBeVisible();
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

/** Sent files are the same tiles without the remove button; their text keeps the tile's margin on the right. */
export const SentTiles: Story = {
  render: () => (
    <ul className={fileTileListClass} aria-label="已发送的附件">
      <FileTile name="季度报告.pdf" badge="PDF" details={[`PDF · ${formatFileSize(1.5 * 1024 ** 2)}`]} />
      <FileTile name="data.csv" badge="CSV" details={['CSV · 2 KB', '内容过长，模型只读取了前一部分']} />
    </ul>
  ),
  play: async ({ canvas }) => {
    const note = canvas.getByText('内容过长，模型只读取了前一部分');
    await expect(note).toBeVisible();
    const tile = note.closest('li') as HTMLElement;
    const gap = tile.getBoundingClientRect().right - note.getBoundingClientRect().right;
    // The tile's inner margin (8 px) and its border, not text against the edge.
    await expect(gap).toBeGreaterThanOrEqual(8);
  },
};
