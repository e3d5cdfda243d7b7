import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MarketApi, StrategyApi, Subscription } from '@wanxiang/api-client';
import { MemoryRouter } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dailyPoints, minutePoints } from './emotionFixtures';
import { ladderDay, ladderDays, themesDay, themesDays } from './limitUpFixtures';
import { LiveMarketBoard } from './MarketPage';
import { feedNodes, monthlyPlan, reports, schedules, subscriptions } from './strategyFixtures';
import { strategyText } from './strategyMessages';
import { trackRecord20, trackRecord60 } from './trackRecordFixtures';

/**
 * Endpoints that answer from the fixtures, count their calls and fail where a story asks them to. Each
 * story makes its own (in its loader), so no story starts with the calls or the subscription of another.
 */
function fakeEndpoints() {
  const calls = { feed: 0, subscribe: 0, subscription: 0, minute: 0 };
  let subscription: Subscription = subscriptions.none;
  const market: MarketApi = {
    dailySeries: async () => ({ data: dailyPoints, source: 'simulated' }),
    minuteSeries: async () => {
      calls.minute += 1;
      return { data: minutePoints, source: 'simulated' };
    },
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
    trackRecord: async (query) => (query?.window === 60 ? trackRecord60 : trackRecord20),
    subscription: async () => {
      calls.subscription += 1;
      return subscription;
    },
    plans: async () => [monthlyPlan],
    subscribe: async () => {
      calls.subscribe += 1;
      subscription = {
        ...subscriptions.active,
        expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      };
      return { ...subscription, credits_balance: 700, charged: 300 };
    },
  };
  return { calls, market, strategy };
}

type Endpoints = ReturnType<typeof fakeEndpoints>;

/** The endpoints the story's loader made for it. */
const endpointsOf = (loaded: Record<string, unknown>) => loaded.endpoints as Endpoints;

const meta = {
  title: 'Market/LiveMarketBoard',
  parameters: {
    layout: 'fullscreen',
    // react-aria's announcer keeps what a pending button said (labelled by a ring that is gone) for a while.
    a11y: { context: { exclude: ['[data-live-announcer]'] } },
  },
  loaders: [() => ({ endpoints: fakeEndpoints() })],
  render: (_args, { loaded }) => {
    const { market, strategy } = endpointsOf(loaded);
    // The board links to routes (a stock's page, 涨停复盘): a router of its own.
    return (
      <MemoryRouter>
        <LiveMarketBoard market={market} strategy={strategy} />
      </MemoryRouter>
    );
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The board's queries on live endpoints, for a free user who subscribes: the minute emotion and the feed are
 * not asked while locked; buying the plan opens them at once, without another status request. The feed's
 * first answer fails: the panel says so and 重试 brings its nodes.
 */
export const OnLiveEndpoints: Story = {
  // The charts' time axis follows the clock: the screenshots are MarketBoard's, on fixed data.
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const endpoints = endpointsOf(loaded);
    const canvas = within(canvasElement);
    // The status comes, then the locked views replace the loading ones.
    await canvas.findAllByText('订阅内容');
    const locked = canvas.getByRole('region', { name: '策略执行动态' });
    await expect(endpoints.calls.feed).toBe(0);
    await expect(endpoints.calls.minute).toBe(0);
    await expect(await canvas.findByRole('heading', { name: '市场整体分析' })).toBeVisible();

    await userEvent.click(within(locked).getByRole('button', { name: '订阅' }));
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: '支付 300 积分' }));
    await expect(endpoints.calls.subscribe).toBe(1);
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
    const panel = canvas.getByRole('region', { name: strategyText.subscription.region });
    await within(panel).findByText(/^已订阅，有效期至 /);
    await expect(endpoints.calls.subscription).toBe(1);

    const feed = canvas.getByRole('region', { name: '策略执行动态' });
    await within(feed).findByText(strategyText.feed.error);
    await userEvent.click(within(feed).getByRole('button', { name: strategyText.feed.retry }));
    await waitFor(() => expect(within(feed).queryByText(strategyText.feed.error)).toBeNull());
    await expect(endpoints.calls.feed).toBe(2);
    await waitFor(() => expect(endpoints.calls.minute).toBeGreaterThan(0));
    await expect(canvas.queryByText('订阅内容')).toBeNull();
  },
};
