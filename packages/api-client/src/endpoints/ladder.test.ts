import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { createMemoryStorage } from '../storage/storage';
import { accessToken, createFakeFetch, type FakeHandler, json } from '../testing/helpers';

function setup(handler: FakeHandler) {
  const fetch = createFakeFetch(handler);
  const client = createApiClient({ fetch, storage: createMemoryStorage(), lock: null, autoRefresh: false });
  client.tokens.setSession({ access: accessToken(Date.now(), 600), refresh: 'r1' });
  return { fetch, client };
}

const day = {
  date: '2026-11-25',
  status: 'complete',
  previous_trading_day: '2026-11-24',
  next_trading_day: null,
  as_of: null,
  source: 'simulated',
};
const stock = {
  code: 'MZ0001',
  name: '模拟主板0001',
  boards: 2,
  first_seal_time: '09:25:00',
  break_count: 0,
  industry: '算力',
  price: 12.1,
  pct_change: 10.0,
};

describe('连板天梯 and 题材', () => {
  it('asks the ladder of a day, or of the latest day, and parses its rungs', async () => {
    const rung = {
      boards: 2,
      stocks: [stock],
      candidates: 3,
      promoted: 1,
      promotion_rate: 1 / 3,
      failed: [],
    };
    const answer = {
      ...day,
      limit_up_count: 1,
      yesterday_limit_up_count: 3,
      max_board: 2,
      promotion_rate: 1 / 3,
      rungs: [rung],
    };
    const { client, fetch } = setup(() => json(answer));
    expect(await client.market.ladder('2026-11-25')).toEqual(answer);
    await client.market.ladder();
    expect(fetch.calls.map((c) => c.url)).toEqual([
      '/api/v1/market/ladder/?date=2026-11-25',
      '/api/v1/market/ladder/',
    ]);
  });

  it('asks the themes of a day and refuses an answer of another shape', async () => {
    const theme = {
      name: '算力',
      count: 1,
      yesterday_count: 0,
      max_board: 2,
      leader: stock,
      stocks: [stock],
    };
    const { client, fetch } = setup(() => json({ ...day, limit_up_count: 1, themes: [theme] }));
    expect((await client.market.themes('2026-11-25')).themes).toEqual([theme]);
    expect(fetch.calls[0]?.url).toBe('/api/v1/market/themes/?date=2026-11-25');
    const wrong = setup(() => json({ ...day, status: 'open', limit_up_count: 1, themes: [] }));
    await expect(wrong.client.market.themes()).rejects.toThrow();
  });
});
