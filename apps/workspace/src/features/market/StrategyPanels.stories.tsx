import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import * as styles from './MarketBoard.css';
import { RecommendationPanel, StrategyFeed } from './StrategyPanels';
import { feedNodes, reports, schedules, watchlist } from './strategyFixtures';
import type { FeedState, ReportsState } from './useStrategyBoard';

interface PanelsArgs {
  feed: FeedState;
  reports: ReportsState;
  onRetryFeed: () => void;
  onRetryReports: () => void;
  /** The board's data come from the simulated market. */
  simulated: boolean;
}

/** The feed (1/3) and the recommendation panel (2/3) as the board lays them out (the subscription: SubscriptionViews). */
function Panels(args: PanelsArgs) {
  return (
    <main className={styles.page}>
      <div className={styles.panelsRow}>
        <StrategyFeed feed={args.feed} onRetry={args.onRetryFeed} simulated={args.simulated} />
        <RecommendationPanel
          reports={args.reports}
          onRetry={args.onRetryReports}
          simulated={args.simulated}
        />
      </div>
    </main>
  );
}

const meta = {
  title: 'Market/StrategyPanels',
  component: Panels,
  args: {
    feed: { status: 'ready', nodes: feedNodes, schedule: schedules.tradingDay },
    reports: { status: 'ready', reports },
    onRetryFeed: fn(),
    onRetryReports: fn(),
    simulated: true,
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
    // The newest report: › (later) is disabled, ‹ (earlier) leads back in time. The phase names the report.
    await expect(panel.getByRole('button', { name: '下一份（更新）' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: '上一份（更早）' })).toBeEnabled();
    await expect(panel.getByText('盘中 · 早盘跟踪')).toBeVisible();
    await expect(panel.queryByText('早盘跟踪')).toBeNull();
    await expect(panel.getByText('模拟行情')).toBeVisible();
    await expect(feed.getByText('模拟行情')).toBeVisible();
    await expect(panel.getByText('震荡偏多')).toBeVisible();
    await expect(panel.getByText('半导体')).toBeVisible();
    await expect(panel.getByRole('heading', { name: /推荐个股/ })).toHaveTextContent('推荐个股4');
    await expect(panel.getByText('核心仓位')).toBeVisible();
    await expect(panel.getByText('中等仓位')).toBeVisible();
    // One decision per pick: entered at its position, watched (关注) without a priced entry, or 回避 with why.
    await expect(panel.queryByText('标准仓位')).toBeNull();
    await expect(panel.getByText('关注')).toBeVisible();
    await expect(panel.getByText('¥23.10')).toBeVisible();
    await expect(panel.getByText('5%')).toBeVisible();
    await expect(panel.getByText('¥14.07 - ¥14.51')).toBeVisible();
    await expect(panel.getByText('¥13.65')).toBeVisible();
    await expect(panel.getByText('按计划执行')).toBeVisible();
    await expect(panel.getByText('暂无推荐理由')).toBeVisible();
    await expect(panel.getByText('回避')).toBeVisible();
    await expect(panel.getByText('交易计划建议回避，不参与')).toBeVisible();
    await expect(panel.queryByText('轻仓试探')).toBeNull();
    const avoided = panel.getByRole('heading', { name: 'MZ0003模拟主板0003' });
    await expect(getComputedStyle(avoided).textDecorationLine).toBe('none');
    await expect(panel.getByText('本页内容仅供参考，不构成投资建议；股市有风险，投资需谨慎')).toBeVisible();
    await expect(panel.getByRole('button', { name: '复制推荐清单' })).toBeVisible();
    await expect(panel.getByRole('button', { name: '复制 MZ0301' })).toBeVisible();
  },
};

/**
 * The stage explains itself as the numbers do: a keyboard user reaches it, Enter opens what the stage
 * means, the rule that gave it with the numbers the report judged on, and the four rules in their order
 * (the applied one marked); Escape closes it and gives the focus back.
 */
export const StageExplained: Story = {
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: '每日策略推荐' }));
    const stage = panel.getByRole('button', { name: '情绪阶段 震荡偏多，查看计算说明' });
    stage.focus();
    await expect(stage).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const popover = await screen.findByRole('dialog', { name: '情绪阶段 震荡偏多' });
    await expect(popover).toHaveTextContent('本报告判断为「震荡偏多」：以上都不满足');
    await expect(popover).toHaveTextContent(
      '本报告判断时的输入：情绪值 61.20，MA5 57.40，MA20 52.90，前一交易日 58.30；跌停 4 家，炸板率 23.60%，昨日涨停今日平均 +2.14%',
    );
    const rules = within(popover).getAllByRole('listitem');
    await expect(rules.map((rule) => rule.textContent?.split('：')[0])).toEqual([
      '风险释放',
      '低位反弹',
      '高位震荡',
      '震荡偏多',
    ]);
    await expect(rules[3]).toHaveAttribute('aria-current', 'true');
    await expect(rules[0]).toHaveTextContent(
      '情绪值 < 35；或情绪值低于 MA5 且出现压力：跌停 ≥ 20 家、炸板率 ≥ 40%',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(stage).toHaveFocus());
  },
};

/** A report from before reports carried their inputs: the rule, and where the day's numbers are. */
export const StageWithoutInputs: Story = {
  tags: ['!vrt'],
  args: {
    reports: {
      status: 'ready',
      reports: [
        {
          ...(reports[0] as ReportsState['reports'][number]),
          result_data: { market_analysis: { emotion_stage: '风险释放', key_themes: [] } },
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: '每日策略推荐' }));
    await userEvent.click(panel.getByRole('button', { name: '情绪阶段 风险释放，查看计算说明' }));
    const popover = await screen.findByRole('dialog', { name: '情绪阶段 风险释放' });
    await expect(popover).toHaveTextContent('本报告判断为「风险释放」：情绪值 < 35');
    await expect(popover).toHaveTextContent('这份报告没有附带判断时的输入；当日的数值见「指标说明」。');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/**
 * The board's charts did not say where the data come from (they failed): a report computed from the
 * simulated market still says 模拟行情, and so does its copied list.
 */
export const SimulatedReport: Story = {
  args: { simulated: false, feed: { status: 'error', nodes: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = within(canvas.getByRole('region', { name: '每日策略推荐' }));
    await expect(panel.getByText('模拟行情')).toBeVisible();
    await expect(
      within(canvas.getByRole('region', { name: '策略执行动态' })).queryByText('模拟行情'),
    ).toBeNull();
  },
};

export const ReportsStepThrough: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: '每日策略推荐' }));
    const earlier = panel.getByRole('button', { name: '上一份（更早）' });
    await userEvent.click(earlier);
    // A pre-open report as a JSON string: 风险释放, and the fallbacks of an empty analysis.
    await expect(panel.getByText('盘前分析')).toBeVisible();
    await expect(panel.getByText('风险释放')).toBeVisible();
    await expect(panel.getByText('暂无市场分析')).toBeVisible();
    await expect(panel.getByText('暂无热点题材数据')).toBeVisible();
    await expect(panel.getByText('暂无推荐个股')).toBeVisible();
    await userEvent.click(earlier);
    await expect(panel.getByText('盘后复盘')).toBeVisible();
    await expect(panel.getByText('无数据')).toBeVisible();
    await expect(panel.getByText('该日期暂无策略报告数据')).toBeVisible();
    await userEvent.click(earlier);
    await expect(panel.getByText('报告数据解析失败')).toBeVisible();
    // The earliest report: ‹ is disabled, › leads forward again.
    await expect(earlier).toBeDisabled();
    const later = panel.getByRole('button', { name: '下一份（更新）' });
    await expect(later).toBeEnabled();
    await userEvent.click(later);
    await expect(panel.getByText('无数据')).toBeVisible();
  },
};

/**
 * The report's navigation as wide as on a phone: the arrows keep to the two ends of one row, only the date
 * wraps. (The body below stacks its columns by the viewport's width, which a story does not set.)
 */
export const ReportsOnAPhone: Story = {
  render: (args) => (
    <main className={styles.page} style={{ width: 390 }}>
      <RecommendationPanel reports={args.reports} onRetry={args.onRetryReports} simulated={args.simulated} />
    </main>
  ),
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: '每日策略推荐' }));
    const previous = panel.getByRole('button', { name: '上一份（更早）' }).getBoundingClientRect();
    const next = panel.getByRole('button', { name: '下一份（更新）' }).getBoundingClientRect();
    const date = panel.getByText(/^\d{4}年/).getBoundingClientRect();
    // Before, the right arrow wrapped onto a line of its own below the date.
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
    await expect(canvas.getByRole('button', { name: '下一份（更新）' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: '上一份（更早）' })).toBeDisabled();
  },
};

/**
 * A post-close report in 风险释放: every pick is 回避 whatever its plan, each a muted card that names the
 * reason, its code and name legible.
 */
export const RiskRelease: Story = {
  args: {
    reports: {
      status: 'ready',
      reports: [
        {
          ...(reports[0] as ReportsState['reports'][number]),
          id: 'risk',
          run_phase: 'POST_CLOSE',
          run_phase_display: '盘后复盘',
          result_data: {
            market_analysis: {
              emotion_stage: '风险释放',
              analysis_summary:
                '情绪值 28.4（MA5 41.0，MA20 47.2），处于风险释放；跌停 37 只，炸板率 46.1%。',
              key_themes: [],
            },
            actionable_watchlist: watchlist.slice(0, 2),
          },
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: '每日策略推荐' }));
    await expect(panel.getByText('盘后复盘')).toBeVisible();
    await expect(panel.getAllByText('回避')).toHaveLength(2);
    await expect(panel.getAllByText('情绪处于风险释放，当前市场环境不适合入场')).toHaveLength(2);
    await expect(panel.queryByText('核心仓位')).toBeNull();
    await expect(panel.queryByText('入场')).toBeNull();
    await expect(panel.getByRole('heading', { name: 'MZ0301模拟主板0301' })).toBeVisible();
  },
};

export const Empty: Story = {
  args: {
    feed: { status: 'ready', nodes: [], schedule: schedules.tradingDay },
    reports: { status: 'ready', reports: [] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('今日策略尚未运行')).toBeVisible();
    await expect(canvas.getByText('下次运行：今天 15:30 盘后复盘（上海时间）')).toBeVisible();
    await expect(canvas.getByText('运行时间（上海时间）')).toHaveTextContent(
      '运行时间（上海时间） 08:45 盘前分析 · 10:30 早盘跟踪 · 13:45 午后评估 · 15:30 盘后复盘',
    );
    await expect(canvas.getByText('暂无策略报告数据')).toBeVisible();
  },
};

/** A Saturday (or an exchange holiday): the feed says 休市 and when the strategy runs next. */
export const MarketClosed: Story = {
  args: { feed: { status: 'ready', nodes: [], schedule: schedules.weekend } },
  play: async ({ canvasElement }) => {
    const feed = within(within(canvasElement).getByRole('region', { name: '策略执行动态' }));
    await expect(feed.getByText('今日休市')).toBeVisible();
    await expect(feed.queryByText('今日策略尚未运行')).toBeNull();
    await expect(feed.getByText('下次运行：11月30日周一 08:45 盘前分析（上海时间）')).toBeVisible();
    await expect(feed.getByText('运行时间（上海时间）')).toHaveTextContent(
      /^运行时间（上海时间） 08:45 盘前分析/,
    );
  },
};

export const Loading: Story = {
  args: {
    feed: { status: 'loading', nodes: [] },
    reports: { status: 'loading', reports: [] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('正在加载策略节点…')).toBeVisible();
    await expect(canvas.getByText('正在加载策略报告…')).toBeVisible();
  },
};

export const Failed: Story = {
  args: {
    feed: { status: 'error', nodes: [] },
    reports: { status: 'error', reports: [] },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('获取策略节点失败')).toBeVisible();
    await expect(canvas.getByText('获取策略报告失败')).toBeVisible();
    const retries = canvas.getAllByRole('button', { name: '重试' });
    await userEvent.click(retries[0] as HTMLElement);
    await expect(args.onRetryFeed).toHaveBeenCalledOnce();
    await userEvent.click(retries[1] as HTMLElement);
    await expect(args.onRetryReports).toHaveBeenCalledOnce();
  },
};
