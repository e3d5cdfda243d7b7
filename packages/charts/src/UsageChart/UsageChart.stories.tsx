import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { inPanel } from '../internal/stories/StoryPanel';
import { UsageChart, type UsageDayInput } from './UsageChart';

/** Thirty days ending 2026-11-28: two chat models most days, web search now and then, a quiet weekend. */
function month(): UsageDayInput[] {
  return Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 9, 30 + index));
    const date = day.toISOString().slice(0, 10);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    if (weekend && index % 3 !== 2) return { date, byModel: {} };
    return {
      date,
      byModel: {
        'DeepSeek V3': 40 + ((index * 37) % 90),
        '通义千问 Max': (index * 53) % 70,
        ...(index % 4 === 0 ? { 联网搜索: 6 } : {}),
      },
    };
  });
}

const meta = {
  title: 'UsageChart',
  component: UsageChart,
  decorators: [inPanel],
  args: { days: month() },
} satisfies Meta<typeof UsageChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The arrow keys walk the days; the readout names the day's total and each model's part. */
export const Month: Story = {
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: '每日用量' });
    const readout = canvas.getByTestId('usage-readout');
    // From the keyboard: a pointer left resting over the plot by an earlier story would pick its own day.
    chart.focus();
    await userEvent.keyboard('{End}');
    await expect(readout).toHaveTextContent(/^11月28日：共 \d+ 积分（DeepSeek V3 \d+/);
    await userEvent.keyboard('{Home}');
    await expect(readout).toHaveTextContent(/^10月30日：共 \d+ 积分/);
    await userEvent.keyboard('{ArrowRight}');
    await expect(readout).toHaveTextContent(/^10月31日：/);
    await expect(canvas.getByRole('list', { name: '模型' })).toHaveTextContent('联网搜索');
  },
};

/** A phone's width: the day labels thin out, the bars stay. */
export const Phone: Story = {
  parameters: { panelWidth: 360 },
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('application', { name: '每日用量' });
    chart.focus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByTestId('usage-readout')).toHaveTextContent(/^11月28日：/);
  },
};

export const NoUse: Story = {
  args: { days: month().map((day) => ({ date: day.date, byModel: {} })) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('这段时间没有用量。')).toBeVisible();
    await expect(canvas.queryByRole('application')).toBeNull();
  },
};
