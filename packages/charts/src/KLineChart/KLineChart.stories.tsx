import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent } from 'storybook/test';
import { stockFixtures } from '../fixtures/stockData';
import { messages } from '../i18n/zh-CN';
import { inPanel, liveRegion } from '../internal/stories/StoryPanel';
import { formatLongDate } from '../lib/format';
import { prepareKLine } from '../lib/klineSeries';
import { formatPercent, formatPrice, formatVolume } from '../lib/marketFormat';
import { KLineChart } from './KLineChart';

const meta = {
  title: 'KLineChart',
  component: KLineChart,
  decorators: [inPanel],
  args: { bars: stockFixtures.daily120, markers: stockFixtures.limitUpMarkers },
} satisfies Meta<typeof KLineChart>;
export default meta;
type Story = StoryObj<typeof meta>;

const bars = prepareKLine(stockFixtures.daily120, stockFixtures.limitUpMarkers);
const chartName = messages.kline.title;

/** 120 days with two limit-up days marked 涨停; the readout shows the latest day. */
export const Daily: Story = {
  play: async ({ canvas }) => {
    canvas.getByRole('application', { name: chartName });
    const last = bars.at(-1);
    const readout = canvas.getByTestId('chart-readout');
    await expect(readout).toHaveTextContent(formatLongDate(last?.date ?? ''));
    await expect(readout).toHaveTextContent(`${messages.kline.close}${formatPrice(last?.close ?? 0)}`);
    await expect(canvas.getAllByTestId('kline-marker')).toHaveLength(2);
    await expect(canvas.queryByText(messages.market.simulated)).toBeNull();
  },
};

/** Twelve days: fewer than the plot has room for, too few for the 20-day average (暂无). */
export const FewDays: Story = {
  args: { bars: stockFixtures.dailyFew, markers: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('chart-readout')).toHaveTextContent(`MA20${messages.noValue}`);
    // The date labels fit the candles' width: no two overlap.
    const labels = [...canvas.getByRole('application').querySelectorAll('svg text')].filter((t) =>
      t.textContent?.includes('月'),
    );
    const boxes = labels.map((t) => t.getBoundingClientRect());
    for (let i = 1; i < boxes.length; i++)
      await expect(boxes[i]?.left ?? 0).toBeGreaterThanOrEqual(boxes[i - 1]?.right ?? 0);
  },
};

export const Simulated: Story = {
  args: { simulated: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messages.market.simulated)).toBeVisible();
  },
};

export const Empty: Story = {
  args: { bars: [], markers: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messages.kline.empty)).toBeVisible();
    await expect(canvas.queryByRole('application')).toBeNull();
  },
};

export const InvalidData: Story = {
  args: {
    bars: [
      ...stockFixtures.dailyFew,
      { ...(stockFixtures.dailyFew[0] as (typeof bars)[number]), date: '2026-11-31' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('第 13 根K线的日期“2026-11-31”无效');
  },
};

/** A phone: fewer candles fit, the latest ones are shown. */
export const Phone: Story = { args: { simulated: true }, parameters: { panelWidth: 360 } };

export const Dark: Story = { globals: { theme: 'dark' }, args: { simulated: true } };

/**
 * ←/→ walk day by day and the window scrolls back with the crosshair; Home/End jump; +/− zoom; each day is
 * spoken.
 */
export const KeyboardNavigation: Story = {
  tags: ['!vrt'],
  parameters: { panelWidth: 360 },
  play: async ({ canvas, canvasElement }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    await userEvent.tab();
    await expect(chart).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    const last = bars.at(-1);
    await expect(liveRegion(canvasElement)).toHaveTextContent(
      `${formatLongDate(last?.date ?? '')}：${messages.kline.open} ${formatPrice(last?.open ?? 0)}`,
    );
    await userEvent.keyboard('{ArrowLeft}');
    const before = bars.at(-2);
    await expect(liveRegion(canvasElement)).toHaveTextContent(formatLongDate(before?.date ?? ''));
    await expect(liveRegion(canvasElement)).toHaveTextContent(
      `${messages.kline.change} ${formatPercent(before?.pctChange ?? 0)}`,
    );
    await expect(liveRegion(canvasElement)).toHaveTextContent(
      `${messages.kline.volume} ${formatVolume(before?.volume ?? 0)}`,
    );
    // The first day is off screen on a phone: Home scrolls the window to it.
    await userEvent.keyboard('{Home}');
    const first = bars[0];
    await expect(canvas.getByTestId('chart-readout')).toHaveTextContent(formatLongDate(first?.date ?? ''));
    await expect(canvas.getByTestId('chart-guide')).toBeInTheDocument();
    await expect(canvas.queryAllByTestId('kline-marker')).toHaveLength(0);
    await userEvent.keyboard('{End}');
    await expect(liveRegion(canvasElement)).toHaveTextContent(formatLongDate(last?.date ?? ''));
    await expect(canvas.getAllByTestId('kline-marker').length).toBeGreaterThan(0);

    // + zooms in (fewer, wider candles), − zooms out; the new span is spoken.
    const candles = () => chart.querySelectorAll('g[data-direction]').length;
    const shownBefore = candles();
    await userEvent.keyboard('+');
    await expect(liveRegion(canvasElement)).toHaveTextContent(messages.kline.zoomed(candles()));
    await expect(candles()).toBeLessThan(shownBefore);
    await userEvent.keyboard('--');
    await expect(candles()).toBeGreaterThan(shownBefore);
    await expect(liveRegion(canvasElement)).toHaveTextContent(messages.kline.zoomed(candles()));
    // The crosshair stays on the latest day through the zoom.
    await userEvent.keyboard('{ArrowRight}');
    await expect(liveRegion(canvasElement)).toHaveTextContent(formatLongDate(last?.date ?? ''));
  },
};

/** The pointer over the last candle reads the last day. */
export const Hover: Story = {
  tags: ['!vrt'],
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    const rect = chart.getBoundingClientRect();
    fireEvent.pointerMove(chart, { clientX: rect.right - 14, clientY: rect.top + 80, pointerType: 'mouse' });
    await expect(canvas.getByTestId('chart-guide')).toBeInTheDocument();
    await expect(canvas.getByTestId('chart-readout')).toHaveTextContent(
      formatLongDate(bars.at(-1)?.date ?? ''),
    );
    fireEvent.pointerMove(chart, {
      clientX: rect.right - 14 - 6 * 8,
      clientY: rect.top + 80,
      pointerType: 'mouse',
    });
    await expect(canvas.getByTestId('chart-readout')).not.toHaveTextContent(
      formatLongDate(bars.at(-1)?.date ?? ''),
    );
  },
};
