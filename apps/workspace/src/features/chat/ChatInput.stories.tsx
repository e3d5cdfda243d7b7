import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PendingFile } from './attachments/AttachmentChips';
import { ChatInput, type ChatInputProps } from './ChatInput';

/** The input is controlled; the story keeps its text the way the page does. */
function Stateful(props: ChatInputProps) {
  const [value, setValue] = useState(props.value);
  const [search, setSearch] = useState(props.searchEnabled);
  return (
    <ChatInput
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
      searchEnabled={search}
      onSearchChange={(next) => {
        setSearch(next);
        props.onSearchChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Chat/ChatInput',
  component: ChatInput,
  args: {
    value: '',
    onChange: fn(),
    onSend: fn(),
    onStop: fn(),
    onSearchChange: fn(),
    onAddFiles: fn(),
    isStreaming: false,
    searchEnabled: false,
  },
  render: (args) => <Stateful {...args} />,
  decorators: [(Story) => <div style={{ maxWidth: 800 }}>{Story()}</div>],
} satisfies Meta<typeof ChatInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EnterSendsShiftEnterBreaks: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: '输入消息' });
    await expect(canvas.getByRole('button', { name: '发送' })).toBeDisabled();
    await userEvent.type(box, '第一行');
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    await userEvent.type(box, '第二行');
    await expect(box).toHaveValue('第一行\n第二行');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledOnce();
  },
};

export const EnterDuringImeCompositionDoesNotSend: Story = {
  args: { value: 'ni hao' },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('textbox', { name: '输入消息' });
    box.focus();
    // The Enter that confirms a Pinyin candidate arrives while the composition is still on.
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, isComposing: true }));
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, keyCode: 229 }));
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledOnce();
  },
};

export const GrowsToSixRows: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: '输入消息' }) as HTMLTextAreaElement;
    const oneRow = box.getBoundingClientRect().height;
    await userEvent.click(box);
    await userEvent.keyboard('1{Shift>}{Enter}{/Shift}2{Shift>}{Enter}{/Shift}3');
    const threeRows = box.getBoundingClientRect().height;
    await expect(threeRows).toBeGreaterThan(oneRow * 2);
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}4{Shift>}{Enter}{/Shift}5{Shift>}{Enter}{/Shift}6');
    const sixRows = box.getBoundingClientRect().height;
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}7{Shift>}{Enter}{/Shift}8{Shift>}{Enter}{/Shift}9');
    // Past six rows it stops growing and scrolls instead.
    await expect(Math.abs(box.getBoundingClientRect().height - sixRows)).toBeLessThan(1);
    await expect(getComputedStyle(box).overflowY).toBe('auto');
  },
};

/** While an answer streams the next question can be written; Enter does not send it yet. */
export const StreamingShowsStop: Story = {
  args: { isStreaming: true, value: '' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: '输入消息' });
    await expect(box).toBeEnabled();
    await userEvent.type(box, '下一个问题');
    await userEvent.keyboard('{Enter}');
    await expect(box).toHaveValue('下一个问题');
    await expect(args.onSend).not.toHaveBeenCalled();
    await expect(canvas.queryByRole('button', { name: '发送' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '停止生成' }));
    await expect(args.onStop).toHaveBeenCalledOnce();
  },
};

export const ToolsWebSearchAndAttachments: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: '联网搜索' }));
    await expect(args.onSearchChange).toHaveBeenCalledWith(true);
    const attach = canvas.getByRole('button', { name: '添加附件' });
    await expect(attach).toBeEnabled();
    // The pointer comes to it from outside (it was on the switch just clicked), as a user's does.
    await userEvent.unhover(attach);
    await userEvent.hover(attach);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('添加附件'));
  },
};

const chosen = (name: string, type: string, content: string): PendingFile => ({
  id: name,
  file: new File([content], name, { type }),
});
/** A 1×1 PNG, for a thumbnail that needs no network. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const chips: PendingFile[] = [
  chosen('季度报告.pdf', 'application/pdf', '%PDF-1.7'.repeat(2000)),
  chosen('notes.md', 'text/markdown', '# 标题'),
  { ...chosen('截图.png', 'image/png', 'png'), previewUrl: PIXEL },
];

/** Chosen files wait as chips; each can be removed, and files alone may be sent. */
export const WithFiles: Story = {
  args: { files: chips, onAddFiles: fn(), onRemoveFile: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: '待发送的附件' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(list).toHaveTextContent('PDF · 16 KB');
    await expect(canvas.getByRole('button', { name: '发送' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: '移除 notes.md' }));
    await expect(args.onRemoveFile).toHaveBeenCalledWith('notes.md');
  },
};

/** While the message is sent, the chips show the upload instead of their remove buttons. */
export const Uploading: Story = {
  args: { files: chips, onAddFiles: fn(), uploadProgress: 0.42, isStreaming: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('progressbar')[0]).toHaveAttribute('aria-valuenow', '42');
    await expect(canvas.queryByRole('button', { name: /^移除/ })).toBeNull();
    await expect(canvas.getAllByText('上传中 42%')).toHaveLength(3);
  },
};

/** The attachment check's refusals, one per file, joined with '；'. */
export const RefusedFiles: Story = {
  args: {
    files: [chips[1] as PendingFile],
    onAddFiles: fn(),
    fileError: 'video.mp4 文件类型不支持；big.pdf 超过 30MB 大小限制',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'video.mp4 文件类型不支持；big.pdf 超过 30MB 大小限制',
    );
  },
};

/** An image chosen for a model that cannot see images is said before sending. */
export const ImageForTextOnlyModel: Story = {
  args: {
    files: [chips[2] as PendingFile],
    onAddFiles: fn(),
    fileNotice: '当前模型「DeepSeek」不能识别图片，图片只会以文件名发送。',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('不能识别图片');
  },
};

/**
 * No search provider on the server: the switch cannot be turned on; hovering it or reaching it with Tab
 * shows why, and a screen reader hears why with the switch.
 */
export const WebSearchUnavailable: Story = {
  args: { searchAvailable: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: '联网搜索' });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toHaveAccessibleDescription('联网搜索暂未开通');
    await userEvent.click(toggle.closest('label') as HTMLElement);
    await expect(toggle).not.toBeChecked();
    await expect(args.onSearchChange).not.toHaveBeenCalled();
    // Hovering the switch shows why it cannot be used.
    await userEvent.unhover(toggle.closest('label') as HTMLElement);
    await userEvent.hover(toggle.closest('label') as HTMLElement);
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('联网搜索暂未开通');
    await userEvent.unhover(toggle.closest('label') as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    // So does reaching it from the keyboard: it is a focus stop, and Space does not turn it on.
    await userEvent.click(canvas.getByRole('textbox', { name: '输入消息' }));
    await userEvent.tab();
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('联网搜索暂未开通');
    await userEvent.keyboard(' ');
    await expect(toggle).not.toBeChecked();
    await expect(args.onSearchChange).not.toHaveBeenCalled();
  },
};

/** The page's loop: sending starts an answer, stopping ends it. */
function Conversation(props: ChatInputProps) {
  const [streaming, setStreaming] = useState(false);
  return (
    <Stateful
      {...props}
      isStreaming={streaming}
      onSend={() => {
        props.onSend();
        setStreaming(true);
      }}
      onStop={() => {
        props.onStop();
        setStreaming(false);
      }}
    />
  );
}

/** From the keyboard alone: Enter sends, the caret stays to write the next one, Escape stops, the draft stays. */
export const KeyboardSendAndStop: Story = {
  render: (args) => <Conversation {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: '输入消息' });
    await userEvent.type(box, '你好');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledOnce();
    await canvas.findByRole('button', { name: '停止生成' });
    await expect(box).toHaveFocus();
    await userEvent.type(box, '草稿');
    await userEvent.keyboard('{Escape}');
    await expect(args.onStop).toHaveBeenCalledOnce();
    await canvas.findByRole('button', { name: '发送' });
    await expect(box).toHaveFocus();
    await expect(box).toHaveValue('你好草稿');
  },
};

const transfer = (files: File[]) => {
  const data = new DataTransfer();
  for (const item of files) data.items.add(item);
  return data;
};

/** A drag of files over `target` (the browser's own event: it carries the files and their type). */
const drag = (target: Element, type: 'dragover' | 'drop', files: File[]) =>
  target.dispatchEvent(
    new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer(files) }),
  );

/** Files pasted into the box or dropped on the input go where picked ones go; a drag over it says so. */
export const PasteAndDropFiles: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: '输入消息' });
    await userEvent.click(box);
    const pasted = new File(['# 纪要'], '纪要.md', { type: 'text/markdown' });
    await userEvent.paste(transfer([pasted]));
    await expect(args.onAddFiles).toHaveBeenLastCalledWith([pasted]);
    // Text pasted is text: no file is taken and the box gets it.
    await userEvent.paste('一段文字');
    await expect(box).toHaveValue('一段文字');
    await expect(args.onAddFiles).toHaveBeenCalledOnce();
    const dropped = [new File(['a,b'], '数据.csv', { type: 'text/csv' })];
    // Dragged over the box, the event reaches the input's whole area, which takes the drop.
    drag(box, 'dragover', dropped);
    await expect(await canvas.findByText('松开即可添加附件')).toBeVisible();
    drag(box, 'drop', dropped);
    await expect(args.onAddFiles).toHaveBeenLastCalledWith(dropped);
    await expect(canvas.queryByText('松开即可添加附件')).toBeNull();
  },
};
