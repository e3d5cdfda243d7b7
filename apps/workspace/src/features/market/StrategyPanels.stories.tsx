import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import * as styles from './MarketBoard.css';
import { RecommendationPanel, StrategyFeed, SubscriptionControl } from './StrategyPanels';
import { feedNodes, reports, subscriptions } from './strategyFixtures';
import type { FeedState, ReportsState, SubscriptionState } from './useStrategyBoard';

interface PanelsArgs {
  feed: FeedState;
  reports: ReportsState;
  subscription: SubscriptionState;
  onRetryFeed: () => void;
  onRetryReports: () => void;
  onRetrySubscription: () => void;
  onAct: () => void;
}

/** The feed (1/3) and the recommendation panel (2/3) as the board lays them out, with the subscription. */
function Panels(args: PanelsArgs) {
  return (
    <main className={styles.page}>
      <SubscriptionControl state={args.subscription} onAct={args.onAct} onRetry={args.onRetrySubscription} />
      <div className={styles.panelsRow}>
        <StrategyFeed feed={args.feed} onRetry={args.onRetryFeed} />
        <RecommendationPanel reports={args.reports} onRetry={args.onRetryReports} />
      </div>
    </main>
  );
}

const ready = (subscription = subscriptions.none): SubscriptionState => ({
  status: 'ready',
  subscription,
  busy: false,
  actionError: null,
});

const meta = {
  title: 'Market/StrategyPanels',
  component: Panels,
  args: {
    feed: { status: 'ready', nodes: feedNodes },
    reports: { status: 'ready', reports },
    subscription: ready(),
    onRetryFeed: fn(),
    onRetryReports: fn(),
    onRetrySubscription: fn(),
    onAct: fn(),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Panels>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const feed = within(canvas.getByRole('region', { name: '策略执行动态' }));
    // Newest batch first, labelled by its start hour; a failed node has the red marker.
    const batches = feed.getAllByRole('heading', { level: 3 });
    await expect(batches.map((b) => b.textContent)).toEqual([
      '午后评估13:45:00',
      '早盘跟踪10:30:00',
      '盘前分析08:45:01',
    ]);
    await expect(feed.getByText('节点执行中...')).toBeVisible();
    await expect(feed.getAllByRole('img', { name: '执行失败' })).toHaveLength(1);
    // The duplicate of 10:30:01 kept its longer description only.
    await expect(feed.getByText('涨停池 41 只：保留 15 只候选，入选 5 只。')).toBeVisible();
    await expect(feed.getAllByText('连板梯队筛选')).toHaveLength(2);

    const panel = within(canvas.getByRole('region', { name: '每日策略推荐' }));
    await expect(panel.getByRole('button', { name: '前一份报告' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: '后一份报告' })).toBeEnabled();
    await expect(panel.getByText('盘中评估')).toBeVisible();
    await expect(panel.getByText('震荡偏多')).toBeVisible();
    await expect(panel.getByText('半导体')).toBeVisible();
    await expect(panel.getByRole('heading', { name: /推荐个股/ })).toHaveTextContent('推荐个股4');
    await expect(panel.getByText('核心仓位')).toBeVisible();
    await expect(panel.getByText('中等仓位')).toBeVisible();
    await expect(panel.getByText('标准仓位')).toBeVisible();
    await expect(panel.getByText('¥23.10')).toBeVisible();
    await expect(panel.getByText('5%')).toBeVisible();
    await expect(panel.getByText('¥14.07 - ¥14.51')).toBeVisible();
    await expect(panel.getByText('¥13.65')).toBeVisible();
    await expect(panel.getByText('按计划执行')).toBeVisible();
    await expect(panel.getByText('暂无推荐理由')).toBeVisible();
    await expect(panel.getByText('当前市场环境不适合入场')).toBeVisible();
    await expect(panel.getByRole('button', { name: '复制推荐清单' })).toBeVisible();
    await expect(panel.getByRole('button', { name: '复制 603001' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '点击订阅' })).toBeVisible();
  },
};

export const ReportsStepThrough: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: '每日策略推荐' }));
    const next = panel.getByRole('button', { name: '后一份报告' });
    await userEvent.click(next);
    // A pre-open report as a JSON string: 风险释放, and the fallbacks of an empty analysis.
    await expect(panel.getByText('盘前分析')).toBeVisible();
    await expect(panel.getByText('风险释放')).toBeVisible();
    await expect(panel.getByText('暂无市场分析')).toBeVisible();
    await expect(panel.getByText('暂无热点题材数据')).toBeVisible();
    await expect(panel.getByText('暂无推荐个股')).toBeVisible();
    await userEvent.click(next);
    await expect(panel.getByText('无数据')).toBeVisible();
    await expect(panel.getByText('该日期暂无策略报告数据')).toBeVisible();
    await userEvent.click(next);
    await expect(panel.getByText('报告数据解析失败')).toBeVisible();
    await expect(next).toBeDisabled();
    await expect(panel.getByRole('button', { name: '前一份报告' })).toBeEnabled();
  },
};

/**
 * The report's navigation as wide as on a phone: the arrows keep to the two ends of one row, only the date
 * wraps. (The body below stacks its columns by the viewport's width, which a story does not set.)
 */
export const ReportsOnAPhone: Story = {
  render: (args) => (
    <main className={styles.page} style={{ width: 390 }}>
      <RecommendationPanel reports={args.reports} onRetry={args.onRetryReports} />
    </main>
  ),
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: '每日策略推荐' }));
    const previous = panel.getByRole('button', { name: '前一份报告' }).getBoundingClientRect();
    const next = panel.getByRole('button', { name: '后一份报告' }).getBoundingClientRect();
    const date = panel.getByText(/^\d{4}年/).getBoundingClientRect();
    // Before, 后一份报告 wrapped onto a line of its own below the date.
    await expect(next.top).toBeLessThan(previous.bottom);
    await expect(next.left).toBeGreaterThan(date.right);
  },
};

export const UnknownStage: Story = {
  args: {
    reports: {
      status: 'ready',
      reports: [
        {
          ...(reports[0] as ReportsState['reports'][number]),
          result_data: { market_analysis: { emotion_stage: '' } },
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('未知阶段')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '后一份报告' })).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { feed: { status: 'ready', nodes: [] }, reports: { status: 'ready', reports: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('今日策略尚未运行')).toBeVisible();
    await expect(canvas.getByText('暂无策略报告数据')).toBeVisible();
  },
};

export const Loading: Story = {
  args: {
    feed: { status: 'loading', nodes: [] },
    reports: { status: 'loading', reports: [] },
    subscription: { status: 'loading', subscription: null, busy: false, actionError: null },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('正在加载策略节点…')).toBeVisible();
    await expect(canvas.getByText('正在加载策略报告…')).toBeVisible();
    await expect(canvas.getByText('正在加载订阅状态…')).toBeVisible();
  },
};

export const Failed: Story = {
  args: {
    feed: { status: 'error', nodes: [] },
    reports: { status: 'error', reports: [] },
    subscription: { status: 'error', subscription: null, busy: false, actionError: null },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('获取策略节点失败')).toBeVisible();
    await expect(canvas.getByText('获取策略报告失败')).toBeVisible();
    await expect(canvas.getByText('获取订阅状态失败')).toBeVisible();
    const retries = canvas.getAllByRole('button', { name: '重试' });
    await userEvent.click(retries[0] as HTMLElement);
    await expect(args.onRetryFeed).toHaveBeenCalledOnce();
    await userEvent.click(retries[1] as HTMLElement);
    await expect(args.onRetryReports).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: '订阅状态加载失败' }));
    await expect(args.onRetrySubscription).toHaveBeenCalledOnce();
  },
};

export const SubscriptionPending: Story = {
  args: { subscription: ready(subscriptions.pending) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '模拟支付（待支付）' }));
    await expect(args.onAct).toHaveBeenCalledOnce();
  },
};

export const SubscriptionActive: Story = {
  args: { subscription: ready(subscriptions.active) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('已订阅，有效期至 2026/12/25')).toBeVisible();
  },
};

export const SubscriptionExpired: Story = {
  args: { subscription: { ...ready(subscriptions.expired), actionError: '订阅操作失败' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: '订阅已过期（点击续订）' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('订阅操作失败');
  },
};

export const PaymentFailed: Story = {
  args: { subscription: { ...ready(subscriptions.pending), actionError: '模拟支付失败' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('模拟支付失败');
  },
};
