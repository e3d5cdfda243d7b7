import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MarketApi, StrategyApi, Subscription } from '@wanxiang/api-client';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dailyPoints, minutePoints } from './emotionFixtures';
import { ladderDay, ladderDays, themesDay, themesDays } from './limitUpFixtures';
import { LiveMarketBoard } from './MarketPage';
import { feedNodes, reports, schedules, subscriptions } from './strategyFixtures';
import { strategyText } from './strategyMessages';

/**
 * Endpoints that answer from the fixtures, count their calls and fail where a story asks them to. Each
 * story makes its own (in its loader), so no story starts with the calls or the subscription of another.
 */
function fakeEndpoints() {
  const calls = { feed: 0, subscribe: 0, pay: 0, subscription: 0 };
  let subscription: Subscription = subscriptions.none;
  const market: MarketApi = {
    dailySeries: async () => ({ data: dailyPoints, source: 'simulated' }),
    minuteSeries: async () => ({ data: minutePoints, source: 'simulated' }),
    ladder: async (date) => ladderDays[date ?? ladderDay.date] ?? ladderDay,
    themes: async (date) => themesDays[date ?? themesDay.date] ?? themesDay,
  };
  const strategy: StrategyApi = {
    nodesToday: async () => {
      calls.feed += 1;
      // The first request fails: the panel says so and offers 重试.
      if (calls.feed === 1) throw new Error('offline');
      return feedNodes;
    },
    recentReports: async () => reports,
    schedule: async () => schedules.tradingDay,
    subscription: async () => {
      calls.subscription += 1;
      return subscription;
    },
    subscribe: async () => {
      calls.subscribe += 1;
      subscription = subscriptions.pending;
      return subscription;
    },
    mockPayment: async () => {
      calls.pay += 1;
      throw new Error('payment declined');
    },
  };
  return { calls, market, strategy };
}

type Endpoints = ReturnType<typeof fakeEndpoints>;

/** The endpoints the story's loader made for it. */
const endpointsOf = (loaded: Record<string, unknown>) => loaded.endpoints as Endpoints;

const meta = {
  title: 'Market/LiveMarketBoard',
  parameters: { layout: 'fullscreen' },
  loaders: [() => ({ endpoints: fakeEndpoints() })],
  render: (_args, { loaded }) => {
    const { market, strategy } = endpointsOf(loaded);
    return <LiveMarketBoard market={market} strategy={strategy} />;
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The board's queries on live endpoints: a failed feed is retried on demand and its nodes come; subscribing
 * fetches the status again (待支付), and a payment that fails says so and leaves the status as it was.
 */
export const OnLiveEndpoints: Story = {
  // The charts' time axis follows the clock: the screenshots are MarketBoard's, on fixed data.
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const endpoints = endpointsOf(loaded);
    const canvas = within(canvasElement);
    const feed = canvas.getByRole('region', { name: '策略执行动态' });
    await within(feed).findByText(strategyText.feed.error);
    await userEvent.click(within(feed).getByRole('button', { name: strategyText.feed.retry }));
    await waitFor(() => expect(within(feed).queryByText(strategyText.feed.error)).toBeNull());
    await expect(endpoints.calls.feed).toBe(2);
    await expect(canvas.getByRole('heading', { name: '市场整体分析' })).toBeVisible();

    const panel = canvas.getByRole('region', { name: strategyText.subscription.region });
    await userEvent.click(await within(panel).findByRole('button', { name: strategyText.subscription.none }));
    const pay = await within(panel).findByRole('button', { name: strategyText.subscription.pending });
    await expect(endpoints.calls.subscribe).toBe(1);
    const before = endpoints.calls.subscription;
    await userEvent.click(pay);
    await within(panel).findByText(strategyText.subscription.paymentError);
    await expect(endpoints.calls.pay).toBe(1);
    // The status is asked again after the failed payment, and stays 待支付.
    await expect(endpoints.calls.subscription).toBe(before + 1);
    await expect(
      within(panel).getByRole('button', { name: strategyText.subscription.pending }),
    ).toBeEnabled();
  },
};
