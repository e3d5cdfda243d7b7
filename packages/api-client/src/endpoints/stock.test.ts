import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { ApiError } from '../errors';
import { createMemoryStorage } from '../storage/storage';
import { accessToken, createFakeFetch, type FakeHandler, json } from '../testing/helpers';

function setup(handler: FakeHandler) {
  const fetch = createFakeFetch(handler);
  const storage = createMemoryStorage();
  const client = createApiClient({ fetch, storage, lock: null, autoRefresh: false });
  client.tokens.setSession({ access: accessToken(Date.now(), 600), refresh: 'r1' });
  return { fetch, client };
}

const entry = {
  code: 'MZ0254',
  name: '模拟主板0254',
  added_at: '2026-11-20T02:00:00.000Z',
  quote: { date: '2026-11-20', price: 8.61, pct_change: 9.96, partial: false },
  picks: {
    count: 1,
    last: { trade_date: '2026-11-20', run_phase_display: '盘前分析', decision: 'standard' },
  },
};

describe('stocks', () => {
  it("asks a stock's page by code, with its range and minute day when given", async () => {
    const detail = {
      code: 'MZ0254',
      name: '模拟主板0254',
      board: 'main',
      industry: '固态电池',
      source: 'simulated',
      quote: null,
      daily: [],
      minute: { date: null, prev_close: null, points: [] },
      limit_up_days: [{ date: '2026-11-20', boards: 3, first_seal_time: '11:05:25' }],
      reports: [],
      in_watchlist: false,
    };
    const { client, fetch } = setup(() => json(detail));
    expect(
      await client.stocks.detail('MZ0254', { start_date: '2026-10-01', trade_date: '2026-11-19' }),
    ).toEqual(detail);
    await client.stocks.detail('MZ0254');
    expect(fetch.calls.map((c) => c.url)).toEqual([
      '/api/v1/market/stocks/MZ0254/?start_date=2026-10-01&trade_date=2026-11-19',
      '/api/v1/market/stocks/MZ0254/',
    ]);
  });

  it('lists, adds and removes 自选股; a refusal carries the server reason', async () => {
    const { client, fetch } = setup((request) => {
      if (request.method === 'GET') return json({ data: [entry], limit: 200, source: 'simulated' });
      if (request.method === 'DELETE') return new Response(null, { status: 204 });
      const code = (request.body as { code: string }).code;
      return code === 'MZ0254'
        ? json({ detail: 'MZ0254 已在自选股中。' }, { status: 409 })
        : json(entry, { status: 201 });
    });
    expect((await client.stocks.watchlist()).data).toEqual([entry]);
    expect(await client.stocks.watch('MZ0001')).toEqual(entry);
    const refused = await client.stocks.watch('MZ0254').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);
    expect((refused as ApiError).detail).toBe('MZ0254 已在自选股中。');
    await client.stocks.unwatch('MZ0254');
    expect(fetch.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/market/watchlist/',
      'POST /api/v1/market/watchlist/',
      'POST /api/v1/market/watchlist/',
      'DELETE /api/v1/market/watchlist/MZ0254/',
    ]);
    expect(fetch.calls[1]?.body).toEqual({ code: 'MZ0001' });
  });
});
