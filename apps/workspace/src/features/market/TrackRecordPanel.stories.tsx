import type { Meta, StoryObj } from '@storybook/react-vite';
import type { TrackRecordWindow } from '@wanxiang/api-client';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import * as boardStyles from './MarketBoard.css';
import { RecommendationPanel } from './StrategyPanels';
import { TrackRecordPanel, type TrackRecordState } from './TrackRecordPanel';
import {
  pendingReport,
  settledReport,
  trackRecord20,
  trackRecord60,
  trackRecordEmpty,
} from './trackRecordFixtures';

interface Args {
  /** The state of each window, as the live board would have it once asked. */
  states: Record<TrackRecordWindow, TrackRecordState>;
  onWindow: (window: TrackRecordWindow) => void;
  onRetry: () => void;
}

/** The panel with its switch working: 近20日 / 近60日 show their own tallies. */
function Switchable({ states, onWindow, onRetry }: Args) {
  const [window, setWindow] = useState<TrackRecordWindow>(20);
  return (
    <main className={boardStyles.page}>
      <TrackRecordPanel
        window={window}
        onWindow={(next) => {
          setWindow(next);
          onWindow(next);
        }}
        state={states[window]}
        onRetry={onRetry}
      />
    </main>
  );
}

const ready = (record: TrackRecordState['record']): TrackRecordState => ({ status: 'ready', record });

const meta = {
  title: 'Market/TrackRecordPanel',
  component: Switchable,
  args: {
    states: { 20: ready(trackRecord20), 60: ready(trackRecord60) },
    onWindow: fn(),
    onRetry: fn(),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Switchable>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.children].map((c) => c.textContent));

export const TwentyDays: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const panel = within(canvas.getByRole('region', { name: '历史战绩' }));
    await expect(panel.getByText('模拟行情')).toBeVisible();
    // Every decision that had a pick, losses and all, then the total; empty decisions are left out.
    await expect(rowTexts(panel.getByRole('table'))).toEqual([
      ['核心仓位', '19', '57.89%', '+1.84%', '−9.62%', '2'],
      ['中等仓位', '31', '45.16%', '−0.47%', '−10.01%', '3'],
      ['轻仓试探', '8', '37.50%', '−1.26%', '−7.35%', '0'],
      ['回避', '24', '29.17%', '−2.90%', '−10.02%', '1'],
      ['合计', '82', '42.68%', '−0.52%', '−10.02%', '6'],
    ]);
    await expect(panel.getByText('另有 1 只无次日行情（停牌或数据缺失），未计入')).toBeVisible();
    // The definitions stand beside the numbers, and the notice under them.
    await expect(panel.getByText(/^基准价：报告所依据交易日的收盘价/)).toBeVisible();
    await expect(panel.getByText(/^胜率 = 次日收盘收益大于 0 的个数/)).toBeVisible();
    await expect(panel.getByText(/本页内容仅供参考，不构成投资建议/)).toBeVisible();
    // Red up, green down.
    const gain = panel.getByText('+1.84%');
    const loss = panel.getAllByText('−9.62%')[0] as HTMLElement;
    await expect(getComputedStyle(gain).color).not.toBe(getComputedStyle(loss).color);

    await userEvent.click(panel.getByRole('tab', { name: '近 60 个交易日' }));
    await expect(args.onWindow).toHaveBeenCalledWith(60);
    await expect(panel.getByRole('tab', { name: '近 60 个交易日' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByText('2026-08-28 至 2026-11-24，共 60 份报告')).toBeVisible();
    await expect(rowTexts(panel.getByRole('table'))[1]).toEqual([
      '标准仓位',
      '18',
      '50.00%',
      '+0.34%',
      '−8.80%',
      '0',
    ]);
  },
};

export const SixtyDays: Story = {
  args: { states: { 20: ready(trackRecord60), 60: ready(trackRecord60) } },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    await expect(rowTexts(table).at(-1)).toEqual(['合计', '251', '43.03%', '−0.61%', '−10.03%', '6']);
  },
};

export const Loading: Story = {
  args: { states: { 20: { status: 'loading', record: null }, 60: { status: 'loading', record: null } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('正在统计历史战绩…')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { states: { 20: { status: 'error', record: null }, 60: { status: 'error', record: null } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('获取历史战绩失败');
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: { states: { 20: ready(trackRecordEmpty), 60: ready(trackRecordEmpty) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('该区间暂无可统计的推荐')).toBeVisible();
  },
};

/** On a phone's width the table scrolls sideways inside the panel; the page does not. */
export const OnAPhone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 390 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: '历史战绩' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth + 1);
    await expect(within(region).getByRole('tab', { name: '近 20 个交易日' })).toBeVisible();
  },
};

/** Each pick of a past report with how it did the next day; the newest report's are 待验证. */
export const ReportOutcomes: StoryObj = {
  render: () => (
    <main className={boardStyles.page}>
      <RecommendationPanel
        reports={{ status: 'ready', reports: [pendingReport, settledReport] }}
        onRetry={() => undefined}
        simulated
      />
    </main>
  ),
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: '每日策略推荐' }));
    // The newest report first: its next day has not closed.
    await expect(panel.getAllByText('待验证')).toHaveLength(4);
    await expect(panel.getAllByText('2026-11-25 收盘后验证')).toHaveLength(4);
    await userEvent.click(panel.getByRole('button', { name: '上一份（更早）' }));
    const cards = panel.getAllByRole('listitem').filter((li) => li.querySelector('[data-outcome]'));
    const lines = cards.map((card) => card.querySelector('[data-outcome]')?.textContent);
    await expect(lines).toEqual([
      '次日表现开 +4.33%收 +7.27%高 +9.96%基准 ¥23.10',
      '次日表现开 −1.65%收 −6.34%高 +0.41%基准 ¥14.51',
      '次日表现开 0.00%收 0.00%高 +1.14%基准 ¥8.80',
      '次日表现无次日行情基准 ¥12.60',
    ]);
    await expect(panel.getByText(/本页内容仅供参考，不构成投资建议/)).toBeVisible();
  },
};

/** The outcomes on a phone's width: they wrap under the card's plan. */
export const ReportOutcomesOnAPhone: StoryObj = {
  ...ReportOutcomes,
  decorators: [
    (Story) => (
      <div style={{ width: 390 }}>
        <Story />
      </div>
    ),
  ],
  render: () => (
    <main className={boardStyles.page}>
      <RecommendationPanel
        reports={{ status: 'ready', reports: [settledReport] }}
        onRetry={() => undefined}
        simulated
      />
    </main>
  ),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: '每日策略推荐' });
    await expect(within(region).getByText('+7.27%')).toBeVisible();
    for (const line of region.querySelectorAll('[data-outcome]'))
      await expect(line.scrollWidth).toBeLessThanOrEqual(line.clientWidth + 1);
  },
};
