import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MessageView } from './Message';
import type { ChatMessage } from './state/types';

const base: ChatMessage = {
  id: 'm',
  role: 'assistant',
  text: '',
  images: [],
  files: [],
  status: 'done',
  error: null,
  credits: null,
  startedAt: null,
};

const answer = [
  '复利就是**利滚利**：',
  '',
  '| 年份 | 金额 |',
  '| --- | ---: |',
  '| 1 | 110 |',
  '| 2 | 121 |',
  '',
  '```python',
  'print(100 * 1.1 ** 2)',
  '```',
].join('\n');

const meta = {
  title: 'Chat/Message',
  component: MessageView,
  args: { message: base },
  decorators: [(Story) => <div style={{ maxWidth: 800 }}>{Story()}</div>],
} satisfies Meta<typeof MessageView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const UserMessage: Story = {
  args: { message: { ...base, role: 'user', text: '帮我解释一下复利\n第二行保持换行' } },
  play: async ({ canvasElement }) => {
    const article = within(canvasElement).getByRole('article', { name: '你' });
    await expect(article).toHaveTextContent('帮我解释一下复利');
    await expect(getComputedStyle(article.firstElementChild as HTMLElement).whiteSpace).toBe('pre-wrap');
    // The question can be copied as typed, line breaks kept, and the button confirms.
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          copied = text;
        },
      },
    });
    await userEvent.click(within(article).getByRole('button', { name: '复制问题' }));
    await waitFor(() => expect(copied).toBe('帮我解释一下复利\n第二行保持换行'));
    await waitFor(() => expect(within(article).getByRole('button', { name: '已复制' })).toBeVisible());
  },
};

export const Answer: Story = {
  args: { message: { ...base, text: answer, credits: 3, modelName: 'DeepSeek V3' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const article = canvas.getByRole('article', { name: 'AI 助手' });
    await expect(within(article).getByRole('table')).toBeVisible();
    await expect(within(article).getByText('利滚利').tagName).toBe('STRONG');
    // The credits the turn cost show under the answer, with a copy button for the whole answer.
    await expect(canvas.getByText('消耗 3 积分')).toBeVisible();
    // Which model answered, as a session may mix several.
    await expect(canvas.getByText('DeepSeek V3')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '复制' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '复制代码' })).toBeVisible();
  },
};

/** A question sent `seconds` before the story first renders (not before its file loaded, which may be long). */
function AskedAgo({ seconds, message }: { seconds: number; message: ChatMessage }) {
  const [startedAt] = useState(() => Date.now() - seconds * 1000);
  return <MessageView message={{ ...message, startedAt }} />;
}

export const Thinking: Story = {
  args: { message: { ...base, status: 'streaming', startedAt: null } },
  render: (args) => <AskedAgo seconds={65} message={args.message} />,
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole('timer');
    // mm:ss since the question was sent; no footer while the answer is still coming.
    await expect(timer.textContent).toMatch(/^01:0[5-9]$/);
    await expect(timer).toHaveAccessibleName(/^思考中 01:0\d$/);
    await expect(within(canvasElement).queryByText(/消耗/)).toBeNull();
    await expect(within(canvasElement).getByRole('article')).toHaveAttribute('aria-busy', 'true');
  },
};

export const Streaming: Story = {
  args: { message: { ...base, status: 'streaming', startedAt: Date.now(), text: '复利就是**利滚' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The unfinished bold is closed while streaming, so no stray asterisks show.
    await expect(canvas.getByText('利滚').tagName).toBe('STRONG');
    await expect(canvas.queryByRole('timer')).toBeNull();
    await expect(canvas.queryByRole('button', { name: '复制' })).toBeNull();
  },
};

export const Stopped: Story = {
  args: { message: { ...base, status: 'stopped', text: '从前有座山', credits: 1 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('已停止')).toBeVisible();
    await expect(canvas.getByText('消耗 1 积分')).toBeVisible();
  },
};

export const StreamError: Story = {
  args: { message: { ...base, status: 'error', text: '部分回答', error: '模型服务暂时不可用' } },
  play: async ({ canvasElement }) => {
    const error = within(canvasElement).getByText('抱歉，发生错误: 模型服务暂时不可用');
    await expect(Number(getComputedStyle(error).fontWeight)).toBeGreaterThanOrEqual(700);
  },
};
