import type { Meta, StoryObj } from '@storybook/react-vite';
import { NavGroup, Sidebar } from '@wanxiang/ui';
import { expect, fn, waitFor, within } from 'storybook/test';
import { SessionList } from './SessionList';
import type { ChatSessionSummary } from './state/types';

/** The stories' clock: 2026-11-23 10:00 local time, so that the groups do not move with the day they run. */
const now = new Date(2026, 10, 23, 10, 0);
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

/** One session every seven hours back from now: 今天, 昨天, 最近 7 天, 最近 30 天 and months before. */
const manySessions: ChatSessionSummary[] = Array.from({ length: 500 }, (_, i) => ({
  id: `s${i}`,
  title: i % 7 === 3 ? null : `第 ${i + 1} 个会话：沪深300走势与估值`,
  created_at: hoursAgo(i * 7 + 1),
  updated_at: hoursAgo(i * 7),
}));

const at = (month: number, day: number, hour = 12, year = 2026) =>
  new Date(year, month - 1, day, hour).toISOString();
const titled = (id: string, title: string, updated: string): ChatSessionSummary => ({
  id,
  title,
  created_at: updated,
  updated_at: updated,
});

/** A history as a user accumulates it, one or more sessions in each group, one from last year. */
const groupedSessions: ChatSessionSummary[] = [
  titled('g1', '帮我润色年终总结', at(11, 23, 9)),
  titled('g2', '复利的通俗解释', at(11, 23, 8)),
  titled('g3', '周报：本周工作小结', at(11, 22, 21)),
  titled('g4', '国风茶饮品牌起名', at(11, 20)),
  titled('g5', '沪深300走势与估值', at(11, 18)),
  titled('g6', 'Python 读取 Excel 报错', at(11, 10)),
  titled('g7', '租房合同注意事项', at(10, 28)),
  titled('g8', '国庆出行攻略', at(10, 3)),
  titled('g9', '月度销售额数据分析', at(9, 15)),
  titled('g10', '新年贺词', at(12, 30, 12, 2025)),
];

const meta = {
  title: 'Chat/SessionList',
  component: SessionList,
  args: {
    sessions: manySessions.slice(0, 12),
    currentId: 's1',
    now,
    hasMore: false,
    isLoadingMore: false,
    onLoadMore: fn(),
    onOpen: fn(),
    onDelete: fn(async () => {}),
  },
  // As in the app: the list scrolls with the whole sidebar, under a group above it.
  decorators: [
    (Story) => (
      <div style={{ width: 260, height: 520 }}>
        <Sidebar aria-label="主导航">
          <NavGroup title="办公">
            <p style={{ margin: 0, padding: '8px', height: 120 }}>…</p>
          </NavGroup>
          <NavGroup title="历史会话">{Story()}</NavGroup>
        </Sidebar>
      </div>
    ),
  ],
  parameters: { a11y: { context: { exclude: ['[data-live-announcer]'] } } },
} satisfies Meta<typeof SessionList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Short: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('link')).toHaveLength(12));
    await expect(canvas.getByRole('link', { name: /第 2 个会话/ })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getAllByRole('link', { name: '未命名会话' })).toHaveLength(2);
  },
};

/**
 * The history under time headings, newest first: 今天, 昨天, 最近 7 天, 最近 30 天, then one per month
 * (last year's with its year). Each heading is a level-3 heading under 历史会话, right before its rows.
 */
export const GroupedByTime: Story = {
  args: { sessions: groupedSessions, currentId: 'g1' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const headings = () => canvas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    await waitFor(() => expect(headings().slice(0, 4)).toEqual(['今天', '昨天', '最近 7 天', '最近 30 天']));
    // In reading order each heading comes right before the sessions of its group.
    const order = Array.from(
      canvasElement.querySelectorAll<HTMLElement>('h3, a'),
      (node) => node.textContent?.trim() ?? '',
    );
    await expect(order.slice(0, 6)).toEqual([
      '今天',
      '帮我润色年终总结',
      '复利的通俗解释',
      '昨天',
      '周报：本周工作小结',
      '最近 7 天',
    ]);
    // Further down, one group per month, last year's with its year.
    const nav = canvas.getByRole('navigation');
    nav.scrollTop = nav.scrollHeight;
    await waitFor(() => expect(canvas.getByRole('link', { name: '新年贺词' })).toBeVisible());
    await expect(headings().slice(-3)).toEqual(['2026年10月', '2026年9月', '2025年12月']);
    nav.scrollTop = 0;
    await waitFor(() =>
      expect(canvas.getByRole('link', { name: '帮我润色年终总结' })).toHaveAttribute('aria-current', 'page'),
    );
  },
};

/** A group with nothing in it has no heading: a history of today and last year only. */
export const GroupsWithoutEmptyOnes: Story = {
  args: {
    sessions: [groupedSessions[0], groupedSessions[1], groupedSessions[9]] as ChatSessionSummary[],
    currentId: null,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('link')).toHaveLength(3));
    await expect(canvas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      '今天',
      '2025年12月',
    ]);
  },
};

/** Five hundred sessions: only those near the visible part of the sidebar are in the DOM. */
export const LongIsVirtualized: Story = {
  args: { sessions: manySessions },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('link').length).toBeGreaterThan(5));
    await expect(canvas.getAllByRole('link').length).toBeLessThan(40);
    const nav = canvas.getByRole('navigation');
    nav.scrollTop = nav.scrollHeight;
    await waitFor(() => expect(canvas.getByRole('link', { name: /第 500 个会话/ })).toBeVisible());
    await expect(canvas.queryByRole('link', { name: /第 1 个会话/ })).toBeNull();
    // The headings are windowed with the rows: those of the first months are gone, the oldest is there.
    await expect(canvas.queryByRole('heading', { level: 3, name: '今天' })).toBeNull();
    await expect(canvas.getByRole('heading', { level: 3, name: '2026年6月' })).toBeInTheDocument();
  },
};

/** Scrolling to the end of what is loaded asks for the next page; the button is there for the keyboard. */
export const LoadsMoreAtTheEnd: Story = {
  args: { sessions: manySessions.slice(0, 30), hasMore: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation');
    await waitFor(() => expect(canvas.getAllByRole('link').length).toBeGreaterThan(5));
    await expect(args.onLoadMore).not.toHaveBeenCalled();
    nav.scrollTop = nav.scrollHeight;
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalledTimes(1));
    await expect(canvas.getByRole('button', { name: '加载更多' })).toBeVisible();
  },
};

export const LoadingMore: Story = {
  args: { sessions: manySessions.slice(0, 10), hasMore: true, isLoadingMore: true },
};

/** Pinned chats come first under 已置顶, whatever their age; the rest keep their time groups. */
export const PinnedOnTop: Story = {
  args: {
    sessions: [{ ...groupedSessions[9], pinned: true } as ChatSessionSummary, ...groupedSessions.slice(0, 3)],
    currentId: 'g1',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        '已置顶',
        '今天',
        '昨天',
      ]),
    );
    await expect(canvas.getAllByRole('link')[0]).toHaveAccessibleName(/新年贺词/);
  },
};

/** A search's results: in the server's order, under no heading, the matches marked. */
export const SearchResults: Story = {
  args: {
    query: '数据',
    sessions: [
      groupedSessions[8] as ChatSessionSummary,
      { ...(groupedSessions[4] as ChatSessionSummary), snippet: '…给出这组数据的估值区间…' },
    ],
    currentId: null,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('link')).toHaveLength(2));
    await expect(canvas.queryByRole('heading', { level: 3 })).toBeNull();
    const marks = [...canvasElement.querySelectorAll('mark')].map((m) => m.textContent);
    await expect(marks).toEqual(['数据', '数据']);
  },
};
