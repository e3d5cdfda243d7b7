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

const active = {
  id: '7d7c3f1e-4a55-4c1d-9a53-0a1f1d7a9d11',
  strategy_slug: 'daily_board_hitting_strategy',
  subscription_status: 'ACTIVE',
  expires_at: '2026-12-28T02:30:00.000Z',
  plan: { code: 'board_monthly', name: '策略月度订阅' },
  history: [],
};
const plan = {
  code: 'board_monthly',
  strategy_slug: 'daily_board_hitting_strategy',
  name: '策略月度订阅',
  price_credits: 300,
  duration_days: 30,
  benefits: ['分钟级情绪指标（盘中每 5 分钟）'],
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

  it('asks the track record of a window and checks its shape', async () => {
    const row = {
      picks: 4,
      pending: 1,
      unavailable: 0,
      hits: 2,
      hit_rate: 50,
      average_return: -0.38,
      worst_return: -10,
    };
    const record = {
      window: 60,
      from: '2026-08-28',
      to: '2026-11-24',
      data_source: 'simulated',
      reports: 58,
      decisions: [{ decision: 'light', ...row }],
      total: row,
    };
    const { client, fetch } = setup(() => json(record));
    expect(await client.strategy.trackRecord({ window: 60 })).toEqual(record);
    await client.strategy.trackRecord();
    expect(fetch.calls.map((c) => c.url)).toEqual([
      '/api/v1/strategy/track-record/?slug=daily_board_hitting_strategy&window=60',
      '/api/v1/strategy/track-record/?slug=daily_board_hitting_strategy&window=20',
    ]);
    const { client: broken } = setup(() => json({ ...record, decisions: [{ decision: 'maybe', ...row }] }));
    await expect(broken.strategy.trackRecord()).rejects.toThrow();
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

  it('reads the plans and the subscription, and buys a plan with its request id', async () => {
    const { client, fetch } = setup((request) =>
      json(
        request.url.endsWith('/plans/')
          ? [plan]
          : request.method === 'POST'
            ? { ...active, credits_balance: 700, charged: 300 }
            : active,
      ),
    );
    expect(await client.strategy.plans()).toEqual([plan]);
    expect((await client.strategy.subscription()).plan?.name).toBe('策略月度订阅');
    const bought = await client.strategy.subscribe({
      plan: 'board_monthly',
      requestId: '0f8c6a52-7c51-4f43-9d0e-6a2b8d1f3c44',
    });
    expect(bought).toMatchObject({ subscription_status: 'ACTIVE', credits_balance: 700, charged: 300 });
    expect(fetch.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/strategy/plans/',
      'GET /api/v1/strategy/strategies/daily_board_hitting_strategy/subscription/',
      'POST /api/v1/strategy/strategies/daily_board_hitting_strategy/subscription/',
    ]);
    expect(fetch.calls[2]?.body).toEqual({
      plan: 'board_monthly',
      request_id: '0f8c6a52-7c51-4f43-9d0e-6a2b8d1f3c44',
    });
  });
});
