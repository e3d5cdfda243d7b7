import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor } from 'storybook/test';
import { fixtures } from '../fixtures/emotionData';
import { messages } from '../i18n/zh-CN';
import { namesInvalidData, retriesAfterLoadError, showsLoading } from '../internal/stories/chartPlays';
import { inPanel, liveRegion, plotX } from '../internal/stories/StoryPanel';
import { prepareDailySeries } from '../lib/dailySeries';
import { formatLongDate, formatValue } from '../lib/format';
import { DailyEmotionChart } from './DailyEmotionChart';

const meta = {
  title: 'DailyEmotionChart',
  component: DailyEmotionChart,
  decorators: [inPanel],
  args: { data: fixtures.dailyFull },
} satisfies Meta<typeof DailyEmotionChart>;
export default meta;
type Story = StoryObj<typeof meta>;

const full = prepareDailySeries(fixtures.dailyFull);
const chartName = messages.daily.title;

export const Full: Story = {};

/** Four days: too few for either average, so only the value line is drawn and the tooltip says 暂无. */
export const FewDays: Story = {
  args: { data: fixtures.dailyFewDays },
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    chart.focus();
    await userEvent.keyboard('{End}');
    const tooltip = await canvas.findByTestId('chart-tooltip');
    await expect(tooltip).toHaveTextContent(messages.noValue);
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messages.daily.empty)).toBeVisible();
    await expect(canvas.queryByRole('application')).toBeNull();
  },
};

export const Loading: Story = { args: { status: 'loading' }, play: showsLoading(messages.daily.loading) };

export const LoadError: Story = {
  args: { status: { error: messages.daily.error }, onRetry: fn() },
  play: retriesAfterLoadError(messages.daily.error),
};

/** Data the chart cannot draw is named, in Chinese, instead of drawing nonsense. */
export const InvalidData: Story = {
  args: { data: [...fixtures.dailyFewDays, { date: '2026-11-31', value: 50 }] },
  play: namesInvalidData('第 5 个数据点的日期“2026-11-31”无效'),
};

export const Volatile: Story = { args: { data: fixtures.dailyVolatile } };

/** A flat market: all three lines lie on top of each other at 50. */
export const Flat: Story = { args: { data: fixtures.dailyFlat } };

export const Narrow: Story = { parameters: { panelWidth: 320 } };

export const Wide: Story = { parameters: { panelWidth: 960 } };

export const Dark: Story = { globals: { theme: 'dark' } };

export const KeyboardNavigation: Story = {
  play: async ({ canvas, canvasElement }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    await userEvent.tab();
    await expect(chart).toHaveFocus();
    await expect(canvas.queryByTestId('chart-tooltip')).toBeNull();

    await userEvent.keyboard('{ArrowRight}');
    const first = full[0];
    const tooltip = await canvas.findByTestId('chart-tooltip');
    await expect(tooltip).toHaveTextContent(formatLongDate(first?.date ?? ''));
    await expect(tooltip).toHaveTextContent(formatValue(first?.value ?? Number.NaN));
    await expect(tooltip.textContent).toMatch(/\d+\.\d{2}/);
    const spokenFirst = liveRegion(canvasElement)?.textContent;
    await expect(spokenFirst).toContain(
      `${messages.daily.series.value} ${formatValue(first?.value ?? Number.NaN)}`,
    );

    await userEvent.keyboard('{ArrowRight}');
    await expect(liveRegion(canvasElement)?.textContent).not.toBe(spokenFirst);
    await expect(liveRegion(canvasElement)).toHaveTextContent(formatLongDate(full[1]?.date ?? ''));

    await userEvent.keyboard('{End}');
    const last = full.at(-1);
    await expect(canvas.getByTestId('chart-tooltip')).toHaveTextContent(
      formatValue(last?.value ?? Number.NaN),
    );
    await expect(canvas.getByTestId('chart-tooltip')).toHaveTextContent(
      formatValue(last?.ma20 ?? Number.NaN),
    );
    await expect(canvas.getByTestId('chart-guide')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByTestId('chart-tooltip')).toBeNull();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(liveRegion(canvasElement)).toHaveTextContent(formatLongDate(last?.date ?? ''));
  },
};

/** The pointer in the middle of the plot shows the middle day, with the guide line at its value. */
export const Hover: Story = {
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    const middle = full[45];
    fireEvent.pointerMove(chart, { clientX: plotX(chart, 45 / 89), clientY: 100, pointerType: 'mouse' });
    const tooltip = await canvas.findByTestId('chart-tooltip');
    await expect(tooltip).toHaveTextContent(formatLongDate(middle?.date ?? ''));
    await expect(tooltip).toHaveTextContent(formatValue(middle?.value ?? Number.NaN));
    await expect(canvas.getByTestId('chart-guide').querySelector('[data-guide="value"]')).not.toBeNull();
    // React derives pointerleave from pointerout with a target outside the chart.
    fireEvent.pointerOut(chart, { pointerType: 'mouse', relatedTarget: document.body });
    await waitFor(() => expect(canvas.queryByTestId('chart-tooltip')).toBeNull());
    fireEvent.pointerMove(chart, { clientX: plotX(chart, 45 / 89), clientY: 100, pointerType: 'mouse' });
  },
};

/** A tap shows the tooltip, and it stays when the finger lifts. */
export const Touch: Story = {
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    const day = full[80];
    fireEvent.pointerDown(chart, { clientX: plotX(chart, 80 / 89), clientY: 120, pointerType: 'touch' });
    fireEvent.pointerUp(chart, { pointerType: 'touch' });
    fireEvent.pointerOut(chart, { pointerType: 'touch', relatedTarget: document.body });
    await expect(await canvas.findByTestId('chart-tooltip')).toHaveTextContent(
      formatValue(day?.value ?? Number.NaN),
    );
  },
};

/** The chart follows its container: narrowing the panel redraws it at the new width. */
export const FollowsContainerWidth: Story = {
  play: async ({ canvas }) => {
    const panel = canvas.getByTestId('panel');
    const svg = () => canvas.getByRole('application', { name: chartName }).querySelector('svg');
    const before = Number(svg()?.getAttribute('width'));
    panel.style.width = '420px';
    await waitFor(() => expect(Number(svg()?.getAttribute('width'))).toBeLessThan(before));
    await expect(Number(svg()?.getAttribute('width'))).toBeLessThanOrEqual(420);
  },
};
