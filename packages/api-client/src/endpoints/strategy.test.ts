import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { createMemoryStorage } from '../storage/storage';
import { accessToken, createFakeFetch, type FakeHandler, json } from '../testing/helpers';

function setup(handler: FakeHandler) {
  const fetch = createFakeFetch(handler);
  const storage = createMemoryStorage();
  const client = createApiClient({ fetch, storage, lock: null, autoRefresh: false });
  client.tokens.setSession({ access: accessToken(Date.now(), 600), refresh: 'r1' });
  return { fetch, client };
}

const pending = {
  id: '7d7c3f1e-4a55-4c1d-9a53-0a1f1d7a9d11',
  strategy_slug: 'daily_board_hitting_strategy',
  subscription_status: 'PENDING',
  expires_at: null,
  history: [],
};

describe('strategy', () => {
  it('asks the nodes of a day and the recent reports of the default strategy', async () => {
    const { client, fetch } = setup(() => json([]));
    await client.strategy.nodesToday({ date: '2026-11-24' });
    await client.strategy.recentReports();
    expect(fetch.calls.map((c) => c.url)).toEqual([
      '/api/v1/strategy/nodes/today/?slug=daily_board_hitting_strategy&date=2026-11-24',
      '/api/v1/strategy/reports/recent/?slug=daily_board_hitting_strategy&limit=5',
    ]);
  });

  it('asks the schedule and checks its shape', async () => {
    const schedule = {
      today: '2026-11-28',
      trading_day: false,
      runs: [{ phase: 'PRE_OPEN', display: '盘前分析', at: '08:45' }],
      next_run: { date: '2026-11-30', at: '08:45', phase: 'PRE_OPEN', display: '盘前分析' },
    };
    const { client, fetch } = setup(() => json(schedule));
    expect(await client.strategy.schedule()).toEqual(schedule);
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/v1/strategy/schedule/']);
  });

  it('reads, creates and pays a subscription', async () => {
    const { client, fetch } = setup(() => json(pending));
    expect((await client.strategy.subscription()).subscription_status).toBe('PENDING');
    await client.strategy.subscribe();
    await client.strategy.mockPayment(pending.id);
    expect(fetch.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/strategy/strategies/daily_board_hitting_strategy/subscription/',
      'POST /api/v1/strategy/strategies/daily_board_hitting_strategy/subscription/',
      `POST /api/v1/strategy/subscription/${pending.id}/mock_payment_success/`,
    ]);
  });
});
