import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StockDetailView } from './StockDetailView';
import { stockDetailFixture } from './stockFixtures';

const detail = stockDetailFixture;

const meta = {
  title: 'Market/StockDetail',
  component: StockDetailView,
  args: {
    state: { status: 'ready', detail },
    onRetry: fn(),
    onToggleWatch: fn(async (_watched: boolean): Promise<string | null> => null),
  },
  // The not-found page's way back navigates; the stories give it a router of its own.
  decorators: [(Story) => <MemoryRouter>{Story()}</MemoryRouter>],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StockDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Detail: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading).toHaveTextContent(detail.name);
    await expect(heading).toHaveTextContent(detail.code);
    // 模拟行情 in the header and on both charts.
    await expect(within(heading).getByText('模拟行情')).toBeVisible();
    await expect(canvas.getAllByText('模拟行情').length).toBeGreaterThanOrEqual(3);
    await expect(canvas.getByTestId('stock-price')).toHaveTextContent(detail.quote?.price.toFixed(2) ?? '');
    await expect(canvas.getByTestId('stock-change')).toHaveTextContent(
      `+${detail.quote?.pct_change.toFixed(2)}%`,
    );
    const record = canvas.getByRole('region', { name: '涨停记录' });
    for (const day of detail.limit_up_days) await expect(within(record).getByText(day.date)).toBeVisible();
    await expect(within(record).getByText(`${detail.limit_up_days[0]?.boards} 连板`)).toBeVisible();
    const picks = canvas.getByRole('region', { name: '策略点名' });
    await expect(within(picks).getByText('标准仓位')).toBeVisible();
    await expect(within(picks).getByText('回避')).toBeVisible();
    await expect(canvas.getByText('本页内容仅供参考，不构成投资建议；股市有风险，投资需谨慎')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '加入自选' }));
    await expect(args.onToggleWatch).toHaveBeenCalledWith(false);
  },
};

export const InWatchlist: Story = {
  args: { state: { status: 'ready', detail: { ...detail, in_watchlist: true, reports: [] } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('策略报告尚未点名这只股票')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '移出自选' }));
    await expect(args.onToggleWatch).toHaveBeenCalledWith(true);
  },
};

export const WatchFailed: Story = {
  args: {
    onToggleWatch: fn(
      async (_watched: boolean): Promise<string | null> => '自选股最多 200 只，请先移出一些再添加。',
    ),
  },
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '加入自选' }));
    await expect(await canvas.findByText('自选股最多 200 只，请先移出一些再添加。')).toBeVisible();
  },
};

/** A code the server does not know: the app's not-found page, not an empty chart. */
export const UnknownCode: Story = {
  args: { state: { status: 'not-found' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('页面不存在');
    await expect(canvas.queryByRole('button', { name: '加入自选' })).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { state: { status: 'error', message: '获取个股行情失败，请稍后重试' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** On a phone: the page in a 375 px column; the charts stack and the quote's facts wrap. */
export const Phone: Story = {
  decorators: [(Story) => <div style={{ width: 375 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(detail.code);
    await expect(canvas.getByRole('button', { name: '加入自选' })).toBeVisible();
    const page = canvasElement.firstElementChild as HTMLElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(375 + 1);
  },
};
