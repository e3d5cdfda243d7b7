import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { stockDetailFixture, watchlistFixture } from './stockFixtures';
import { WatchlistPanel } from './WatchlistPanel';

const list = watchlistFixture;

const meta = {
  title: 'Market/WatchlistPanel',
  component: WatchlistPanel,
  args: {
    state: { status: 'ready', list },
    onRetry: fn(),
    onAdd: fn(async (_code: string): Promise<string | null> => null),
    onRemove: fn(async (_code: string): Promise<string | null> => null),
  },
  decorators: [(Story) => <div style={{ padding: 16, maxWidth: 900 }}>{Story()}</div>],
} satisfies Meta<typeof WatchlistPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithStocks: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const panel = canvas.getByRole('region', { name: '自选股' });
    await expect(within(panel).getByText('模拟行情')).toBeVisible();
    await expect(within(panel).getByText(`${list.data.length} / 200`)).toBeVisible();
    const first = list.data[0];
    if (!first) throw new Error('fixture without stocks');
    // The name opens the stock's page.
    const link = within(panel).getByRole('link', { name: first.name });
    await expect(link).toHaveAttribute('href', `/stock/${first.code}`);
    await expect(
      within(panel).getAllByText(/3 次 · 最近 2026-11-20 盘前分析 · 标准仓位/).length,
    ).toBeGreaterThan(0);
    await expect(within(panel).getAllByText('未点名').length).toBeGreaterThan(0);
    await userEvent.click(within(panel).getByRole('button', { name: `移出自选 ${first.code}` }));
    await expect(args.onRemove).toHaveBeenCalledWith(first.code);
  },
};

export const AddByCode: Story = {
  args: { state: { status: 'ready', list: { ...list, data: [] } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/还没有自选股/)).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: '股票代码' }), stockDetailFixture.code);
    await userEvent.click(canvas.getByRole('button', { name: '加入' }));
    await expect(args.onAdd).toHaveBeenCalledWith(stockDetailFixture.code);
    await expect(canvas.getByRole('textbox', { name: '股票代码' })).toHaveValue('');
  },
};

/** The server's reason shows under the field: already in the list, an unknown code, the 200 limit. */
export const AddRefused: Story = {
  args: { onAdd: fn(async (code: string) => `${code} 已在自选股中。`) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: '股票代码' });
    await userEvent.type(field, 'MZ0254');
    await userEvent.click(canvas.getByRole('button', { name: '加入' }));
    await expect(await canvas.findByText('MZ0254 已在自选股中。')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('MZ0254');
  },
};

export const LoadFailed: Story = {
  args: { state: { status: 'error', message: '获取自选股失败' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** On a phone: a 375 px column; each row puts its pick history on a line of its own. */
export const Phone: Story = {
  decorators: [(Story) => <div style={{ width: 375 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: '自选股' })).toBeVisible();
    const panel = canvas.getByRole('region', { name: '自选股' });
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth + 1);
  },
};
