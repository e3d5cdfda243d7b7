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

const point = { date: '2026-11-24', value: 56.2, ma5: 52.1, ma20: 48.9 };

describe('market', () => {
  it('asks the daily series of a range and returns its points with their source', async () => {
    const { client, fetch } = setup(() => json({ data: [point], source: 'simulated' }));
    const answer = await client.market.dailySeries({ start_date: '2026-08-27', end_date: '2026-11-25' });
    expect(fetch.calls[0]?.url).toBe(
      '/api/v1/market/daily-series/?start_date=2026-08-27&end_date=2026-11-25',
    );
    expect(fetch.calls[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(answer).toEqual({ data: [{ ...point, partial: false }], source: 'simulated' });
  });

  it('asks the minute series of one day, or of today when no day is given', async () => {
    const { client, fetch } = setup(() => json({ data: [], source: 'eastmoney' }));
    await client.market.minuteSeries('2026-11-24');
    await client.market.minuteSeries();
    expect(fetch.calls.map((c) => c.url)).toEqual([
      '/api/v1/market/minute-series/?trade_date=2026-11-24',
      '/api/v1/market/minute-series/',
    ]);
  });
});
