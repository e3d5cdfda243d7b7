import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent } from 'storybook/test';
import { FIXTURE_DAY } from '../fixtures/emotionData';
import { FIXTURE_PREV_CLOSE, stockFixtures } from '../fixtures/stockData';
import { messages } from '../i18n/zh-CN';
import { inPanel, liveRegion } from '../internal/stories/StoryPanel';
import { formatLongDate } from '../lib/format';
import { prepareIntraday } from '../lib/intradaySeries';
import { formatPercent, formatPrice, formatVolume } from '../lib/marketFormat';
import { SESSION_JOIN_LABEL } from '../scales/intradayAxis';
import { tradingDayLength } from '../scales/tradingSession';
import { IntradayChart } from './IntradayChart';

const meta = {
  title: 'IntradayChart',
  component: IntradayChart,
  decorators: [inPanel],
  args: { points: stockFixtures.intradayFull, prevClose: FIXTURE_PREV_CLOSE, date: FIXTURE_DAY },
} satisfies Meta<typeof IntradayChart>;
export default meta;
type Story = StoryObj<typeof meta>;

const full = prepareIntraday(stockFixtures.intradayFull, FIXTURE_PREV_CLOSE);
const half = prepareIntraday(stockFixtures.intradayHalf, FIXTURE_PREV_CLOSE);
const chartName = `${messages.intraday.title}（${formatLongDate(FIXTURE_DAY)}）`;
const labels = (chart: HTMLElement) => [...chart.querySelectorAll('svg text')].map((t) => t.textContent);

/** A whole day: the readout shows the close, the axis joins 11:30 and 13:00 into one label. */
export const FullDay: Story = {
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    const last = full.at(-1);
    const readout = canvas.getByTestId('chart-readout');
    await expect(readout).toHaveTextContent('15:00');
    await expect(readout).toHaveTextContent(formatPrice(last?.price ?? Number.NaN));
    await expect(labels(chart)).toEqual(expect.arrayContaining(['09:30', SESSION_JOIN_LABEL, '15:00']));
    // The axis is symmetric around the previous close: the middle price label is the close itself,
    // and its percentage is 0.00%.
    await expect(labels(chart)).toEqual(expect.arrayContaining([formatPrice(FIXTURE_PREV_CLOSE), '0.00%']));
    await expect(canvas.getByTestId('prev-close')).toBeInTheDocument();
    await expect(canvas.queryByText(messages.market.simulated)).toBeNull();
  },
};

/** A morning in progress: the lines stop at 11:30, the afternoon stays empty. */
export const HalfDay: Story = {
  args: { points: stockFixtures.intradayHalf },
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    chart.focus();
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByTestId('chart-readout')).toHaveTextContent('09:30');
    await userEvent.keyboard('{End}');
    const last = half.at(-1);
    await expect(canvas.getByTestId('chart-readout')).toHaveTextContent('11:30');
    await expect(canvas.getByTestId('chart-readout')).toHaveTextContent(
      formatPercent(last?.pct ?? Number.NaN),
    );
  },
};

/** The first ten minutes of a day. */
export const Opening: Story = { args: { points: stockFixtures.intradayOpening } };

export const Simulated: Story = {
  args: { simulated: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messages.market.simulated)).toBeVisible();
  },
};

/** Before the open: no minutes yet. */
export const Empty: Story = {
  args: { points: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messages.intraday.empty)).toBeVisible();
    await expect(canvas.queryByRole('application')).toBeNull();
  },
};

/** A minute in the lunch break cannot be placed: the chart names it instead of drawing nonsense. */
export const InvalidData: Story = {
  args: {
    points: [...stockFixtures.intradayOpening, { time: '12:10', price: 12.5, avgPrice: 12.5, volume: 100 }],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('第 11 个分时点的时间“12:10”无效');
  },
};

export const Phone: Story = { args: { simulated: true }, parameters: { panelWidth: 360 } };

export const Dark: Story = { globals: { theme: 'dark' }, args: { simulated: true } };

/** ←/→ walk minute by minute (11:30 is followed by 13:01), Home/End jump, and each minute is spoken. */
export const KeyboardNavigation: Story = {
  tags: ['!vrt'],
  play: async ({ canvas, canvasElement }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    await userEvent.tab();
    await expect(chart).toHaveFocus();
    await userEvent.keyboard('{Home}');
    const first = full[0];
    await expect(liveRegion(canvasElement)).toHaveTextContent(
      `09:30：${messages.intraday.price} ${formatPrice(first?.price ?? 0)}`,
    );
    await userEvent.keyboard('{ArrowRight}');
    await expect(liveRegion(canvasElement)).toHaveTextContent('09:31');
    await expect(liveRegion(canvasElement)).toHaveTextContent(
      `${messages.intraday.volume} ${formatVolume(full[1]?.volume ?? 0)}`,
    );
    await expect(canvas.getByTestId('chart-readout')).toHaveTextContent('09:31');
    await expect(canvas.getByTestId('chart-guide')).toBeInTheDocument();
    // Over the lunch break in one step.
    for (let i = 1; i < 120; i++) await userEvent.keyboard('{ArrowRight}');
    await expect(liveRegion(canvasElement)).toHaveTextContent('11:30');
    await userEvent.keyboard('{ArrowRight}');
    await expect(liveRegion(canvasElement)).toHaveTextContent('13:01');
    await userEvent.keyboard('{End}');
    await expect(liveRegion(canvasElement)).toHaveTextContent('15:00');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByTestId('chart-guide')).toBeNull();
  },
};

/** The pointer just after the lunch break reads 13:01 (not a gap), and leaving clears the crosshair. */
export const Hover: Story = {
  tags: ['!vrt'],
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: chartName });
    const rect = chart.getBoundingClientRect();
    const svg = chart.querySelector('svg');
    const left = Number(svg?.dataset.plotLeft);
    const right = Number(svg?.dataset.plotRight);
    fireEvent.pointerMove(chart, {
      clientX: rect.left + left + ((right - left) * 121) / tradingDayLength,
      clientY: rect.top + 60,
      pointerType: 'mouse',
    });
    await expect(canvas.getByTestId('chart-readout')).toHaveTextContent('13:01');
    await expect(canvas.getByTestId('chart-guide')).toBeInTheDocument();
    fireEvent.pointerOut(chart, { pointerType: 'mouse', relatedTarget: document.body });
    await expect(canvas.queryByTestId('chart-guide')).toBeNull();
    await expect(canvas.getByTestId('chart-readout')).toHaveTextContent('15:00');
  },
};
