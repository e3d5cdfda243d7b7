import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent } from 'storybook/test';
import { FIXTURE_DAY, fixtures } from '../fixtures/emotionData';
import { messages } from '../i18n/zh-CN';
import { namesInvalidData, retriesAfterLoadError, showsLoading } from '../internal/stories/chartPlays';
import { inPanel, liveRegion, plotX } from '../internal/stories/StoryPanel';
import { formatLongDate, formatValue } from '../lib/format';
import { slotMinuteSeries } from '../lib/minuteSeries';
import { tradingDayLength } from '../scales/tradingSession';
import { MinuteEmotionChart } from './MinuteEmotionChart';

const meta = {
  title: 'MinuteEmotionChart',
  component: MinuteEmotionChart,
  decorators: [inPanel],
  args: { data: fixtures.minuteFull, date: FIXTURE_DAY },
} satisfies Meta<typeof MinuteEmotionChart>;
export default meta;
type Story = StoryObj<typeof meta>;

const full = slotMinuteSeries(fixtures.minuteFull).points;
const partial = slotMinuteSeries(fixtures.minutePartial).points;
const chartName = `${messages.minute.title}（${formatLongDate(FIXTURE_DAY)}）`;
const tickLabels = (chart: HTMLElement) => [...chart.querySelectorAll('svg text')].map((t) => t.textContent);

export const Full: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messages.minute.dataDate(formatLongDate(FIXTURE_DAY)))).toBeVisible();
    const labels = tickLabels(canvas.getByRole('application', { name: chartName }));
    // One continuous axis: 13:00 follows 11:00 directly, 11:30 shares its spot and gives way.
    await expect(labels).toEqual(
      expect.arrayContaining(['09:30', '10:00', '11:00', '13:00', '14:30', '15:00']),
    );
    await expect(labels).not.toContain('11:30');
  },
};

/** A morning in progress: the data stops at 10:45 (labelled on the axis), and 10:05 is missing. */
export const PartialDay: Story = {
  args: { data: fixtures.minutePartial },
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    await expect(tickLabels(chart)).toContain('10:45');
    chart.focus();
    await userEvent.keyboard('{End}');
    await expect(await canvas.findByTestId('chart-tooltip')).toHaveTextContent('10:45');
    await expect(partial.map((p) => p.time)).not.toContain('10:05');
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('暂无分钟级情绪数据')).toBeVisible();
  },
};

export const Loading: Story = { args: { status: 'loading' }, play: showsLoading(messages.minute.loading) };

export const LoadError: Story = {
  args: { status: { error: messages.minute.error }, onRetry: fn() },
  play: retriesAfterLoadError(messages.minute.error),
};

/** Observations of another day than the one announced are refused with a clear message. */
export const InvalidData: Story = {
  args: { data: [{ time: '2026-11-19T10:00:00+08:00', value: 40 }] },
  play: namesInvalidData('与数据日期 2026-11-20 不一致'),
};

export const Volatile: Story = { args: { data: fixtures.minuteVolatile } };

export const Flat: Story = { args: { data: fixtures.minuteFlat } };

export const Narrow: Story = { parameters: { panelWidth: 320 } };

export const Wide: Story = { parameters: { panelWidth: 960 } };

export const Dark: Story = { globals: { theme: 'dark' } };

export const KeyboardNavigation: Story = {
  play: async ({ canvas, canvasElement }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    await userEvent.tab();
    await expect(chart).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    const first = full[0];
    const tooltip = await canvas.findByTestId('chart-tooltip');
    await expect(tooltip).toHaveTextContent('09:35');
    await expect(tooltip).toHaveTextContent(formatValue(first?.value ?? Number.NaN));
    const spokenFirst = liveRegion(canvasElement)?.textContent;
    await expect(spokenFirst).toContain(
      `09:35：${messages.minute.series.value} ${formatValue(first?.value ?? 0)}`,
    );

    await userEvent.keyboard('{ArrowRight}');
    await expect(liveRegion(canvasElement)?.textContent).not.toBe(spokenFirst);
    await expect(liveRegion(canvasElement)).toHaveTextContent('09:40');

    // The lunch break is one step: from 11:30 the next slot is 13:05.
    for (let i = 0; i < 22; i++) await userEvent.keyboard('{ArrowRight}');
    await expect(liveRegion(canvasElement)).toHaveTextContent('11:30');
    await userEvent.keyboard('{ArrowRight}');
    await expect(liveRegion(canvasElement)).toHaveTextContent('13:05');
  },
};

/** The pointer just after the lunch break lands on 13:05, not in a gap. */
export const Hover: Story = {
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    fireEvent.pointerMove(chart, {
      clientX: plotX(chart, 125 / tradingDayLength),
      clientY: 120,
      pointerType: 'mouse',
    });
    const tooltip = await canvas.findByTestId('chart-tooltip');
    const slot = full.find((p) => p.time === '13:05');
    await expect(tooltip).toHaveTextContent('13:05');
    await expect(tooltip).toHaveTextContent(formatValue(slot?.value ?? Number.NaN));
    await expect(canvas.getByTestId('chart-guide')).toBeInTheDocument();
  },
};

export const Touch: Story = {
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    fireEvent.pointerDown(chart, {
      clientX: plotX(chart, 60 / tradingDayLength),
      clientY: 120,
      pointerType: 'touch',
    });
    await expect(await canvas.findByTestId('chart-tooltip')).toHaveTextContent('10:30');
    // The finger lifts: the tooltip stays to be read.
    fireEvent.pointerOut(chart, { pointerType: 'touch', relatedTarget: document.body });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(canvas.getByTestId('chart-tooltip')).toHaveTextContent('10:30');
  },
};
