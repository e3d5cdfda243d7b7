import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { dailyPoints, FIXTURE_DAY, FIXTURE_NOW, minutePoints } from './emotionFixtures';
import { MarketBoard } from './MarketBoard';
import { feedNodes, reports, schedules, subscriptions } from './strategyFixtures';

const meta = {
  title: 'Market/MarketBoard',
  component: MarketBoard,
  args: {
    now: FIXTURE_NOW,
    daily: { status: 'ready', points: dailyPoints, source: 'simulated' },
    minute: { status: 'ready', points: minutePoints, source: 'simulated', date: FIXTURE_DAY },
    onRetryDaily: fn(),
    onRetryMinute: fn(),
    feed: { status: 'ready', nodes: feedNodes, schedule: schedules.tradingDay },
    reports: { status: 'ready', reports },
    subscription: { status: 'ready', subscription: subscriptions.none, busy: false, actionError: null },
    onRetryFeed: fn(),
    onRetryReports: fn(),
    onRetrySubscription: fn(),
    onSubscriptionAction: fn(),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof MarketBoard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('短线策略看板');
    await expect(canvas.getByText('更新时间')).toBeVisible();
    await expect(canvas.getByTestId('board-clock')).toHaveTextContent('2026-11-25 14:35:08');
    // 模拟行情 in the header and on both panels; the notice at the foot of the board.
    await expect(canvas.getAllByText('模拟行情')).toHaveLength(3);
    for (const badge of canvas.getAllByText('模拟行情')) await expect(badge).toBeVisible();
    // The notice: under the report and at the foot of the board.
    await expect(
      canvas.getAllByText('本页内容仅供参考，不构成投资建议；股市有风险，投资需谨慎'),
    ).toHaveLength(2);
    await expect(canvas.getByRole('region', { name: '策略订阅' })).toHaveTextContent('点击订阅');
    await expect(canvas.getByRole('heading', { name: '市场情绪指标（近 90 日）' })).toBeVisible();
    await expect(canvas.getByText('数据日期：2026年11月25日周三')).toBeVisible();
    // The latest day and the latest slot are explained by their sub-scores.
    const day = canvas.getByRole('region', { name: /最新情绪构成 · 11月25日周三/ });
    await expect(within(day).getByText('涨停家数')).toBeVisible();
    await expect(within(day).getByText('炸板率')).toBeVisible();
    await expect(within(day).getByText('红盘率（上涨家数占比）')).toBeVisible();
    const slot = canvas.getByRole('region', { name: /最新情绪构成 · 14:35/ });
    await expect(within(slot).getByText('连板高度')).toBeVisible();
    // Part 2's panels: the feed and the recommendations, each a labelled region with its heading.
    await expect(canvas.getByRole('region', { name: '策略执行动态' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: '每日策略推荐' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: '市场整体分析' })).toBeVisible();
  },
};

export const MarketData: Story = {
  args: {
    daily: { status: 'ready', points: dailyPoints, source: 'eastmoney' },
    minute: { status: 'ready', points: minutePoints, source: 'eastmoney', date: FIXTURE_DAY },
    // Reports computed from the same market.
    reports: {
      status: 'ready',
      reports: reports.map((report) =>
        report.result_data && typeof report.result_data === 'object'
          ? { ...report, result_data: { ...report.result_data, data_source: 'eastmoney' } }
          : report,
      ),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText('模拟行情')).toBeNull();
  },
};

export const Loading: Story = {
  args: {
    daily: { status: 'loading', points: [], source: null },
    minute: { status: 'loading', points: [], source: null, date: null },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('正在加载情绪指标数据…')).toBeVisible();
    await expect(canvas.getByText('正在加载分钟级情绪数据…')).toBeVisible();
    await expect(canvas.queryByRole('region', { name: /最新情绪构成/ })).toBeNull();
  },
};

export const DailyFailed: Story = {
  args: { daily: { status: 'error', points: [], source: null } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('获取情绪指标数据失败，请稍后重试')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(args.onRetryDaily).toHaveBeenCalledOnce();
    await expect(args.onRetryMinute).not.toHaveBeenCalled();
  },
};

export const MinuteFailed: Story = {
  args: { minute: { status: 'error', points: [], source: null, date: null } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('获取分钟情绪数据失败')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(args.onRetryMinute).toHaveBeenCalledOnce();
    await expect(args.onRetryDaily).not.toHaveBeenCalled();
  },
};

export const NoMinuteData: Story = {
  args: { minute: { status: 'ready', points: [], source: 'simulated', date: FIXTURE_DAY } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('暂无分钟级情绪数据')).toBeVisible();
    await expect(canvas.queryByRole('region', { name: /最新情绪构成 · 14:35/ })).toBeNull();
  },
};
