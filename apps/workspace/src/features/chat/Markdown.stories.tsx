import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Markdown } from './markdown/Markdown';

const meta = {
  title: 'Chat/Markdown',
  component: Markdown,
  args: { text: '' },
  decorators: [(Story) => <div style={{ maxWidth: 800 }}>{Story()}</div>],
} satisfies Meta<typeof Markdown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Gfm: Story = {
  args: {
    text: [
      '## 对比',
      '',
      '| 方式 | 十年后 |',
      '| --- | ---: |',
      '| 单利 | 200 |',
      '| 复利 | 259 |',
      '',
      '- [x] 已完成',
      '- [ ] 待办',
      '',
      '~~删除线~~ 与 [外部链接](https://example.com/doc)',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: '对比' })).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(3);
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(2);
    await expect(canvas.getByText('删除线').tagName).toBe('DEL');
    const link = canvas.getByRole('link', { name: '外部链接' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noreferrer noopener');
  },
};

export const HighlightedCode: Story = {
  args: { text: '```ts\nconst answer: number = 42; // 注释\n```' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('ts')).toBeVisible();
    const keyword = canvasElement.querySelector('pre .hljs-keyword');
    await expect(keyword?.textContent).toBe('const');
    await expect(canvasElement.querySelector('pre .hljs-comment')?.textContent).toBe('// 注释');
    // Copying puts the code (not the language label) on the clipboard and confirms.
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          copied = text;
        },
      },
    });
    await userEvent.click(canvas.getByRole('button', { name: '复制代码' }));
    await waitFor(() => expect(copied).toBe('const answer: number = 42; // 注释'));
    await waitFor(() => expect(canvas.getByRole('button', { name: '已复制' })).toBeVisible());
  },
};

/** What a model may echo back from a hostile prompt: it must show as text and run nothing. */
export const HostileHtmlIsInert: Story = {
  args: {
    text: [
      '<img src=x onerror="window.__xss = 1">',
      '',
      '<script>window.__xss = 2</script>',
      '',
      '<a href="javascript:window.__xss=3">点我</a> [伪链接](javascript:alert(1))',
      '',
      '<iframe src="https://example.com"></iframe>',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The markup shows literally, as the characters the answer contained.
    await expect(canvas.getByText('<img src=x onerror="window.__xss = 1">')).toBeVisible();
    await expect(canvas.getByText('<script>window.__xss = 2</script>')).toBeVisible();
    for (const selector of ['img', 'script', 'iframe', '[onerror]', 'a[href^="javascript"]']) {
      await expect(canvasElement.querySelector(selector)).toBeNull();
    }
    const fake = canvas.getByText('伪链接');
    await expect(fake.closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    await expect((window as { __xss?: number }).__xss).toBeUndefined();
  },
};

export const StreamingUnfinished: Story = {
  args: { text: '```js\nconst a = 1\n```\n\n正在输出 **加粗文字', isStreaming: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('加粗文字').tagName).toBe('STRONG');
    await expect(canvasElement.querySelector('pre code')?.textContent).toContain('const a = 1');
  },
};
