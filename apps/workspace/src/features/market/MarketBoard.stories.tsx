import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { dailyPoints, FIXTURE_DAY, FIXTURE_NOW, minutePoints } from './emotionFixtures';
import { MarketBoard } from './MarketBoard';
import { feedNodes, monthlyPlan, reports, schedules, subscriptions } from './strategyFixtures';
import type { SubscriptionState } from './useStrategyBoard';

const subscriber: SubscriptionState = {
  status: 'ready',
  subscription: subscriptions.active,
  plans: [monthlyPlan],
  subscribed: true,
};
const freeUser: SubscriptionState = {
  status: 'ready',
  subscription: subscriptions.none,
  plans: [monthlyPlan],
  subscribed: false,
};

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
    subscription: subscriber,
    onRetryFeed: fn(),
    onRetryReports: fn(),
    onRetrySubscription: fn(),
    onSubscribe: fn(async () => {}),
    balance: 1000,
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
    await expect(canvas.getByRole('region', { name: '策略订阅' })).toHaveTextContent(
      '已订阅，有效期至 2026-12-25',
    );
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

/**
 * A free user: the daily emotion and the last completed day's report as usual; the minute emotion and the
 * feed show what they would show and the plan that opens them, today's picks a strip with the price. 订阅
 * opens the purchase, which names the price, the days and the balance, and buys with one request.
 */
export const FreeUser: Story = {
  args: { subscription: freeUser },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const minute = canvas.getByRole('region', { name: '分钟级情绪' });
    await expect(within(minute).getByText('订阅内容')).toBeVisible();
    await expect(within(minute).getByText('300 积分 / 30 天')).toBeVisible();
    await expect(within(minute).getByRole('list', { name: '订阅权益' })).toHaveTextContent(
      '策略执行动态（实时）',
    );
    await expect(canvas.queryByText('正在加载分钟级情绪数据…')).toBeNull();
    const feed = canvas.getByRole('region', { name: '策略执行动态' });
    await expect(within(feed).getByText(/每一步与数字，实时更新/)).toBeVisible();
    await expect(canvas.getByRole('complementary', { name: '今日推荐个股' })).toHaveTextContent(
      '今日推荐个股 · 300 积分 / 30 天',
    );
    // The daily chart and the report are there as before.
    await expect(canvas.getByRole('heading', { name: '市场情绪指标（近 90 日）' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: '每日策略推荐' })).toBeVisible();

    await userEvent.click(within(feed).getByRole('button', { name: '订阅' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('将从积分余额中扣除 300 积分，订阅 30 天。');
    await expect(dialog).toHaveTextContent('当前余额 1000 积分');
    await userEvent.click(within(dialog).getByRole('button', { name: '支付 300 积分' }));
    await expect(args.onSubscribe).toHaveBeenCalledOnce();
    await expect(args.onSubscribe).toHaveBeenCalledWith(
      'board_monthly',
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
  },
};
