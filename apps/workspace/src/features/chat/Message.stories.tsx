import type { Meta, StoryObj } from '@storybook/react-vite';
import { createStore, Provider } from 'jotai';
import { type ReactNode, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { FileLoaderContext } from './attachments/loader';
import { type ChatUser, ChatUserContext } from './chatUser';
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

/** Each story its own jotai store, so that a question left in editing does not carry into the next. */
function OwnStore({ children }: { children: ReactNode }) {
  const [store] = useState(createStore);
  return <Provider store={store}>{children}</Provider>;
}

/** The signed-in user of most stories: no picture, so their badge is the monogram 李. */
const LI_MING: ChatUser = { name: '李明', avatarUrl: null };

/** An uploaded avatar, local (a data: URL) as every story image is; its colours are the picture's own. */
const PORTRAIT = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" fill="#f4a261"/>' +
    '<circle cx="32" cy="26" r="12" fill="#264653"/>' +
    '<path d="M10 64 Q32 36 54 64 Z" fill="#264653"/>' +
    '</svg>',
)}`;

/** The user's badge beside their question: decorative, outside the article (which says 你). */
function badgeOf(canvasElement: HTMLElement) {
  return canvasElement.querySelector<HTMLElement>('[data-avatar]');
}

const meta = {
  title: 'Chat/Message',
  component: MessageView,
  args: { message: base },
  // `parameters.chatUser`: who asks (null: not known yet); 李明 without a picture unless a story says.
  decorators: [
    (Story, { parameters }) => (
      <OwnStore>
        <ChatUserContext.Provider value={parameters.chatUser === undefined ? LI_MING : parameters.chatUser}>
          <div style={{ maxWidth: 800 }}>{Story()}</div>
        </ChatUserContext.Provider>
      </OwnStore>
    ),
  ],
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

/** Without a picture the badge beside the question is the nickname's first character, on the accent disc. */
export const UserMessageMonogram: Story = {
  args: { message: { ...base, role: 'user', text: '帮我解释一下复利' } },
  play: async ({ canvasElement }) => {
    const article = within(canvasElement).getByRole('article', { name: '你' });
    const badge = badgeOf(canvasElement);
    await expect(badge).toHaveTextContent(/^李$/);
    await expect(badge?.querySelector('img')).toBeNull();
    // Decorative: the article already says who asks, so the name is not read again on every question.
    await expect(badge).toHaveAttribute('aria-hidden', 'true');
    await expect(article).toHaveTextContent(/^帮我解释一下复利$/);
    const bubble = within(article).getByText('帮我解释一下复利').getBoundingClientRect();
    const disc = (badge as HTMLElement).getBoundingClientRect();
    // At the end of the row, beside the bubble and level with its top.
    await expect(disc.left).toBeGreaterThanOrEqual(bubble.right);
    await expect(Math.abs(disc.top - bubble.top)).toBeLessThan(1);
    await expect(disc.width).toBe(32);
  },
};

/** With a picture (头像) the badge shows it. */
export const UserMessageWithAvatar: Story = {
  args: { message: { ...base, role: 'user', text: '帮我解释一下复利' } },
  parameters: { chatUser: { name: '李明', avatarUrl: PORTRAIT } },
  play: async ({ canvasElement }) => {
    const image = badgeOf(canvasElement)?.querySelector('img');
    await expect(image).toHaveAttribute('src', PORTRAIT);
    await expect(image).toHaveAttribute('alt', '');
    await waitFor(() => expect(image?.naturalWidth).toBeGreaterThan(0));
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
  },
};

/** On a phone's width a long question wraps beside the badge; nothing wider than the screen. */
export const UserMessagePhone: Story = {
  args: {
    message: {
      ...base,
      role: 'user',
      text: '我每个月定投 2000 元，年化收益按 6% 算，坚持 20 年之后大概能有多少钱？请列出计算过程。',
    },
  },
  parameters: { chatUser: { name: '李明', avatarUrl: PORTRAIT } },
  decorators: [(Story) => <div style={{ width: 342 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const badge = badgeOf(canvasElement) as HTMLElement;
    const frame = (canvasElement.querySelector('div[style*="342px"]') as HTMLElement).getBoundingClientRect();
    await expect(badge.getBoundingClientRect().right).toBeLessThanOrEqual(frame.right);
    await expect(badge.getBoundingClientRect().width).toBe(32);
    const article = within(canvasElement).getByRole('article', { name: '你' });
    await expect(article.scrollWidth).toBeLessThanOrEqual(article.clientWidth);
  },
};

/** Before the signed-in user is known the question shows no badge. */
export const UserMessageUserUnknown: Story = {
  args: { message: { ...base, role: 'user', text: '帮我解释一下复利' } },
  parameters: { chatUser: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('article', { name: '你' })).toBeVisible();
    await expect(badgeOf(canvasElement)).toBeNull();
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

const sources = [
  {
    index: 1,
    title: '国家统计局：2026 年 10 月份国民经济持续恢复',
    url: 'https://www.stats.gov.cn/sj/zxfb/202611/t20261115.html',
    snippet: '10 月份，规模以上工业增加值同比增长 5.2%……',
    site: '国家统计局',
  },
  {
    index: 2,
    title: '10 月社会消费品零售总额同比增长 4.8%',
    url: 'https://www.news.cn/fortune/20261115/consumption.html',
    snippet: '社会消费品零售总额 45000 亿元……',
    site: '新华网',
  },
  {
    index: 3,
    title: '解读：四季度经济走势展望',
    url: 'https://www.thepaper.cn/newsDetail_forward_30000000',
    snippet: '',
    site: 'thepaper.cn',
  },
];

const citedAnswer = [
  '根据最新公布的数据，10 月份规模以上工业增加值同比增长 5.2% [1]，社会消费品零售总额同比增长 4.8% [2]。',
  '',
  '- 工业生产保持平稳 [1]',
  '- 消费继续恢复，服务消费增速较快 [2][3]',
  '',
  '代码里的 `[1]` 保持原样，没有的编号 [9] 也只是文字。',
].join('\n');

/** 联网搜索 on: the search as a step while it runs, before any of the answer. */
export const SearchRunning: Story = {
  args: {
    message: {
      ...base,
      status: 'streaming',
      startedAt: Date.now(),
      search: { status: 'searching', query: '10 月份国民经济数据' },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('正在搜索“10 月份国民经济数据”…');
    // The search is the step shown: no thinking timer beside it.
    await expect(canvas.queryByRole('timer')).toBeNull();
  },
};

/** The answer cites its sources as [1] [2], each a link out; the sources are listed under it. */
export const AnswerWithCitations: Story = {
  args: {
    message: {
      ...base,
      text: citedAnswer,
      credits: 4,
      modelName: 'DeepSeek',
      search: { status: 'done', query: '10 月份国民经济数据', count: 3 },
      sources,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('已搜索到 3 个网页')).toBeVisible();
    const list = canvas.getByRole('region', { name: '引用来源（3）' });
    const cites = [
      ...canvas.getAllByRole('link', { name: /^来源 1：/ }),
      within(list).getByRole('link', { name: /国家统计局：2026 年 10 月份/ }),
    ];
    // [1] twice in the answer, once in the list.
    await expect(cites).toHaveLength(3);
    for (const link of cites) {
      await expect(link).toHaveAttribute('href', sources[0]?.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noreferrer noopener');
    }
    const inline = canvasElement.querySelectorAll('[data-citation]');
    await expect([...inline].map((link) => link.textContent)).toEqual(['1', '2', '1', '2', '3']);
    // Code keeps its brackets; a number with no source stays text.
    await expect(canvas.getByText('[1]').tagName).toBe('CODE');
    await expect(canvasElement.textContent).toContain('[9]');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(list).getByText('新华网')).toBeVisible();
  },
};

/** A provider that failed or timed out: a visible note, and the answer without search. */
export const SearchFailed: Story = {
  args: {
    message: {
      ...base,
      text: '以下是不联网的回答：复利就是**利滚利**。',
      credits: 1,
      search: {
        status: 'failed',
        query: '复利',
        message: '搜索服务超时（8 秒内没有结果），本次回答未联网。',
      },
      sources: [],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      '搜索服务超时（8 秒内没有结果），本次回答未联网。',
    );
    await expect(canvas.queryByRole('region', { name: /引用来源/ })).toBeNull();
  },
};

const versionActions = () => ({ onSelectVersion: fn(), onRegenerate: fn(), onEdit: fn(() => true) });

/** The last answer, regenerated twice: ‹ 2/3 ›, its own model and cost, and 重新生成 again. */
export const AnswerVersions: Story = {
  args: {
    message: {
      ...base,
      id: 'a2',
      serverId: 'a2',
      versions: ['a1', 'a2', 'a3'],
      text: '复利就是**利滚利**。',
      credits: 4,
      modelName: 'DeepSeek V3',
    },
    actions: versionActions(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const pager = canvas.getByRole('group', { name: '回答版本' });
    await expect(within(pager).getByText('2/3')).toBeVisible();
    await expect(within(pager).getByRole('status')).toHaveTextContent('第 2 个版本，共 3 个');
    await expect(within(pager).getByRole('button', { name: '上一个版本' })).toHaveAccessibleDescription(
      /第 2 个版本，共 3 个/,
    );
    await expect(canvas.getByText('DeepSeek V3')).toBeVisible();
    await expect(canvas.getByText('消耗 4 积分')).toBeVisible();
    await userEvent.click(within(pager).getByRole('button', { name: '上一个版本' }));
    await expect(args.actions?.onSelectVersion).toHaveBeenCalledWith('a1');
    await userEvent.click(within(pager).getByRole('button', { name: '下一个版本' }));
    await expect(args.actions?.onSelectVersion).toHaveBeenCalledWith('a3');
    await userEvent.click(canvas.getByRole('button', { name: '重新生成' }));
    await expect(args.actions?.onRegenerate).toHaveBeenCalledTimes(1);
  },
};

/** The first of two versions: nothing before it, so 上一个版本 is off. */
export const FirstVersion: Story = {
  args: {
    message: { ...base, id: 'a1', serverId: 'a1', versions: ['a1', 'a2'], text: '第一个回答', credits: 2 },
    actions: versionActions(),
  },
  play: async ({ canvasElement }) => {
    const pager = within(canvasElement).getByRole('group', { name: '回答版本' });
    await expect(within(pager).getByText('1/2')).toBeVisible();
    await expect(within(pager).getByRole('button', { name: '上一个版本' })).toBeDisabled();
    await expect(within(pager).getByRole('button', { name: '下一个版本' })).toBeEnabled();
  },
};

/** While another answer streams, paging and 重新生成 wait for it. */
export const VersionsWhileStreaming: Story = {
  args: {
    message: { ...base, id: 'a2', serverId: 'a2', versions: ['a1', 'a2'], text: '第二个回答', credits: 2 },
    actions: { ...versionActions(), isBusy: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: '上一个版本' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: '重新生成' })).toBeDisabled();
  },
};

/** An edited question: ‹ 2/2 › under it, with 编辑 and 复制问题. */
export const QuestionVersions: Story = {
  args: {
    message: { ...base, role: 'user', id: 'q2', serverId: 'q2', versions: ['q1', 'q2'], text: '改过的问题' },
    actions: versionActions(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const pager = canvas.getByRole('group', { name: '问题版本' });
    await expect(within(pager).getByText('2/2')).toBeVisible();
    await expect(within(pager).getByRole('button', { name: '下一个版本' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: '上一个版本' }));
    await expect(args.actions?.onSelectVersion).toHaveBeenCalledWith('q1');
    await expect(canvas.getByRole('button', { name: '编辑' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '复制问题' })).toBeVisible();
  },
};

/** 编辑 opens the question in a text box: Escape leaves it as it was, Enter sends the new text. */
export const EditingQuestion: Story = {
  args: {
    message: { ...base, role: 'user', id: 'q1', serverId: 'q1', text: '帮我解释一下复利' },
    actions: versionActions(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '编辑' }));
    const editor = canvas.getByRole('textbox', { name: '编辑问题' });
    await expect(editor).toHaveValue('帮我解释一下复利');
    await expect(editor).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('textbox', { name: '编辑问题' })).toBeNull());
    await waitFor(() => expect(canvas.getByRole('button', { name: '编辑' })).toHaveFocus());
    await userEvent.click(canvas.getByRole('button', { name: '编辑' }));
    const again = canvas.getByRole('textbox', { name: '编辑问题' });
    await userEvent.clear(again);
    await expect(canvas.getByRole('button', { name: '发送' })).toBeDisabled();
    await userEvent.type(again, '用一个例子解释复利');
    await userEvent.keyboard('{Enter}');
    await expect(args.actions?.onEdit).toHaveBeenCalledWith('用一个例子解释复利');
  },
};

/** Editing while an answer streams: the text can be typed now, and sent once the answer ends. */
export const EditingWhileStreaming: Story = {
  args: {
    message: { ...base, role: 'user', id: 'q1', serverId: 'q1', text: '帮我解释一下复利' },
    actions: { ...versionActions(), isBusy: true },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '编辑' }));
    const editor = canvas.getByRole('textbox', { name: '编辑问题' });
    await userEvent.type(editor, '，再举个例子');
    await expect(editor).toHaveValue('帮我解释一下复利，再举个例子');
    await expect(canvas.getByText('回答结束后可发送')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '发送' })).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    await expect(args.actions?.onEdit).not.toHaveBeenCalled();
  },
};

/** A question with files: an image as a thumbnail that opens larger, other files with kind and size. */
export const QuestionWithFiles: Story = {
  args: {
    message: {
      ...base,
      role: 'user',
      text: '帮我总结这两份材料',
      files: [
        {
          name: '截图.png',
          type: 'image/png',
          size: 68,
          localUrl:
            'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        },
        { name: '季度报告.pdf', type: 'application/pdf', size: 1_572_864 },
        { name: 'data.csv', type: 'text/csv', size: 2048, truncated: true },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const article = within(canvasElement).getByRole('article', { name: '你' });
    await expect(article).toHaveTextContent('季度报告.pdf');
    await expect(article).toHaveTextContent('PDF · 1.5 MB');
    await expect(article).toHaveTextContent('内容过长，模型只读取了前一部分');
    await userEvent.click(within(article).getByRole('button', { name: '查看大图：截图.png' }));
    const dialog = await screen.findByRole('dialog', { name: '截图.png' });
    // The dialog fades in: wait until its image shows.
    await waitFor(() => expect(within(dialog).getByRole('img', { name: '截图.png' })).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/**
 * A picture as a model might draw it: a gradient sky, a sun and a hill. An SVG stands in for the PNG the
 * store would serve; its colours are the picture's, not the interface's.
 */
const DRAWING = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="384" viewBox="0 0 512 384">' +
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#7cc4f5"/><stop offset="1" stop-color="#e8f4fd"/></linearGradient></defs>' +
    '<rect width="512" height="384" fill="url(#sky)"/>' +
    '<circle cx="380" cy="110" r="52" fill="#f9c74f"/>' +
    '<path d="M0 300 Q140 190 290 280 T512 250 V384 H0 Z" fill="#43aa8b"/>' +
    '</svg>',
)}`;
/** The same hill at night, as an older answer kept it inline (base64 in the stored message). */
const NIGHT = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="384" height="384" viewBox="0 0 384 384">' +
    '<rect width="384" height="384" fill="#1d3557"/>' +
    '<circle cx="280" cy="100" r="40" fill="#f1faee"/>' +
    '<path d="M0 290 Q120 200 230 270 T384 250 V384 H0 Z" fill="#2a6f4e"/>' +
    '</svg>',
)}`;
const loadStored = fn(async (_url: string) => DRAWING);

/**
 * An answer with the images the model generated: one the server stored (fetched with the user's token,
 * as after a reload), one that came inline (an answer stored before images were kept as files), and the
 * note on one the server dropped. Each opens larger, as the user's own images do.
 */
export const AnswerWithGeneratedImages: Story = {
  args: {
    message: {
      ...base,
      text: '按你的描述画了一幅**晴天的山丘**：',
      images: [
        { src: '', url: '/chat/files/5b0c6c2e-0000-4000-8000-000000000001/', mimeType: 'image/png' },
        { src: NIGHT, mimeType: 'image/svg+xml' },
      ],
      notices: ['模型返回的一张图片不是有效的图片，未显示。'],
      credits: 12,
      modelName: '绘图模型',
    },
  },
  decorators: [
    (Story) => <FileLoaderContext.Provider value={loadStored}>{Story()}</FileLoaderContext.Provider>,
  ],
  play: async ({ canvasElement }) => {
    const article = within(canvasElement).getByRole('article', { name: 'AI 助手' });
    await expect(loadStored).toHaveBeenCalledWith('/chat/files/5b0c6c2e-0000-4000-8000-000000000001/');
    const stored = await within(article).findByRole('img', { name: '模型生成的图片 1' });
    await waitFor(() => expect(stored).toHaveAttribute('src', DRAWING));
    await expect(within(article).getByRole('img', { name: '模型生成的图片 2' })).toHaveAttribute(
      'src',
      NIGHT,
    );
    await expect(within(article).getByRole('note')).toHaveTextContent(
      '模型返回的一张图片不是有效的图片，未显示。',
    );
    // In the answer, at its start: not pushed to the right like the user's own files.
    const offset = stored.getBoundingClientRect().left - article.getBoundingClientRect().left;
    await expect(offset).toBeLessThan(4);
    await userEvent.click(within(article).getByRole('button', { name: '查看大图：模型生成的图片 1' }));
    const dialog = await screen.findByRole('dialog', { name: '模型生成的图片 1' });
    await waitFor(() => expect(within(dialog).getByRole('img', { name: '模型生成的图片 1' })).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};
