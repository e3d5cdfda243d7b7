import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketEmotionDays } from '../src/db/schema';
import { registerErrorHandler } from '../src/http/errors';
import { validatorCompiler } from '../src/http/validation';
import { clockOf, EastmoneyMarket, type FetchLike } from '../src/modules/market/eastmoney';
import { scoreSnapshot } from '../src/modules/market/emotion';
import { closingSnapshot, MarketSourceError } from '../src/modules/market/provider';
import { marketRoutes } from '../src/modules/market/routes';
import { MarketService } from '../src/modules/market/service';
import { createTestDatabase, type TestDatabase } from './helpers';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'eastmoney');
const DATE = '2026-11-20';
const silent = pino({ level: 'silent' });

async function fixture(name: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(FIXTURES, `${name}.json`), 'utf8'));
}

/** Answers each endpoint with a fixture (or a failure), and records what was asked. */
function fakeFetch(routes: Record<string, string | Error | (() => string | Error)>) {
  const calls: string[] = [];
  const fetch: FetchLike = async (url) => {
    calls.push(url);
    const endpoint = new URL(url).pathname.split('/').pop() as string;
    const route = routes[endpoint];
    const answer = typeof route === 'function' ? route() : route;
    if (answer === undefined) return { ok: false, status: 404, json: async () => ({}) };
    if (answer instanceof Error) throw answer;
    const body = await fixture(answer);
    return { ok: true, status: 200, json: async () => body };
  };
  return { fetch, calls };
}

const FULL = {
  getTopicZTPool: 'zt-pool',
  getYesterdayZTPool: 'yesterday-pool',
  getTopicZBPool: 'zb-pool',
  getTopicDTPool: 'dt-pool',
  getTopicZDFenBu: 'zdfenbu',
};

function market(fetch: FetchLike, retries = 0, waits: number[] = []) {
  return new EastmoneyMarket({
    fetch,
    retries,
    backoffMs: 10,
    logger: silent,
    sleep: async (ms) => {
      waits.push(ms);
    },
    now: () => new Date('2026-11-25T12:00:00Z'),
  });
}

describe('the Eastmoney adapter', () => {
  it('reads the limit-up pool: prices ×1000, seal times, boards and 涨停统计', async () => {
    const { fetch, calls } = fakeFetch(FULL);
    const pool = await market(fetch).limitUpPool(DATE);
    const url = new URL(calls[0] as string);
    expect(url.origin + url.pathname).toBe('https://push2ex.eastmoney.com/getTopicZTPool');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      date: '20261120',
      pagesize: '10000',
      sort: 'fbt:asc',
    });
    expect(pool).toHaveLength(4);
    expect(pool[0]).toEqual({
      code: '603123',
      name: '示例科技',
      board: 'main',
      price: 12.34,
      pctChange: 10.017825,
      limitPrice: 12.34,
      boards: 3,
      firstSealTime: '09:25:00',
      lastSealTime: '09:25:00',
      breakCount: 0,
      industry: '汽车零部',
      stat: { days: 3, boards: 3 },
    });
    // 反包: a 1-board streak can hide "5天4板"; both are kept.
    expect(pool[1]).toMatchObject({ boards: 2, stat: { days: 5, boards: 4 } });
    expect(pool.map((s) => s.board)).toEqual(['main', 'main', 'chinext', 'beijing']);
    expect(pool[2]).toMatchObject({
      firstSealTime: '10:15:32',
      lastSealTime: '14:01:02',
      breakCount: 2,
      price: 25.68,
    });
  });

  it('reads yesterday’s limit-up, broken-board and limit-down pools and the breadth buckets', async () => {
    const { fetch } = fakeFetch(FULL);
    const em = market(fetch);
    expect(
      (await em.yesterdayLimitUpPool(DATE)).map((s) => [s.code, s.yesterdayBoards, s.pctChange]),
    ).toEqual([
      ['603123', 2, 10.017825],
      ['601888', 1, -3.5],
      ['300999', 1, 2],
    ]);
    expect(await em.brokenPool(DATE)).toEqual([
      {
        code: '600777',
        name: '示例装备',
        board: 'main',
        price: 10.23,
        pctChange: 3.85,
        limitPrice: 10.89,
        boards: 0,
        firstSealTime: '10:02:30',
        breakCount: 3,
        industry: '专用设备',
      },
    ]);
    expect((await em.limitDownPool(DATE))[0]).toMatchObject({
      code: '000888',
      price: 4.5,
      firstSealTime: '14:51:01',
    });
    expect(await em.breadth(DATE)).toEqual({ advancers: 2204, decliners: 1601, unchanged: 150 });
    // Index quotes are live only: none for a past day, and nothing was asked.
    expect(await em.indexQuotes(DATE)).toEqual([]);
  });

  it('feeds the emotion formula', async () => {
    const { fetch } = fakeFetch(FULL);
    const em = market(fetch);
    const { inputs } = scoreSnapshot(await closingSnapshot(em, DATE));
    expect(inputs).toEqual({
      limit_up: 4,
      limit_down: 1,
      broken: 1,
      broken_rate: 0.2,
      max_board: 3,
      promotion_rate: 0.6667,
      yesterday_limit_up_return: 2.84,
      advancers: 2204,
      decliners: 1601,
    });
    const slots = await em.intradaySnapshots(DATE);
    expect(slots).toHaveLength(48);
    // Approximated from the seal times: the 09:25 一字板 from the first slot, the 13:30 board later.
    expect(slots[0]?.limitUp.map((s) => s.code)).toEqual(['603123']);
    expect(slots[47]?.limitUp).toHaveLength(4);
  });

  it('reads an empty answer as nothing, and refuses malformed, truncated and other-day pools', async () => {
    const empty = fakeFetch({ getTopicZTPool: 'empty', getTopicZDFenBu: 'empty' });
    expect(await market(empty.fetch).limitUpPool(DATE)).toEqual([]);
    expect(await market(empty.fetch).breadth(DATE)).toEqual({ advancers: 0, decliners: 0, unchanged: 0 });
    for (const name of ['zt-pool-malformed', 'zt-pool-truncated', 'zt-pool-other-day']) {
      const { fetch } = fakeFetch({ getTopicZTPool: name });
      await expect(market(fetch).limitUpPool(DATE), name).rejects.toBeInstanceOf(MarketSourceError);
    }
  });

  it('retries a failing request with backoff, then reports it', async () => {
    let failures = 2;
    const flaky = fakeFetch({
      getTopicZTPool: () => (failures-- > 0 ? new Error('ECONNRESET') : 'zt-pool'),
    });
    const waits: number[] = [];
    expect(await market(flaky.fetch, 2, waits).limitUpPool(DATE)).toHaveLength(4);
    expect(flaky.calls).toHaveLength(3);
    expect(waits).toEqual([10, 20]);

    const down = fakeFetch({ getTopicZTPool: new Error('ENOTFOUND push2ex.eastmoney.com') });
    const downWaits: number[] = [];
    await expect(market(down.fetch, 3, downWaits).limitUpPool(DATE)).rejects.toThrow(/ENOTFOUND/);
    expect(down.calls).toHaveLength(4);
    expect(downWaits).toEqual([10, 20, 40]);
    expect(clockOf(5)).toBe('00:00:05');
  });
});

describe('a failing Eastmoney source behind the emotion series', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('is reported, never archived as a day of zeros, and stops a pass at the first unanswered day', async () => {
    const down = fakeFetch({});
    const service = new MarketService(test.database.db, market(down.fetch), {
      backfillDays: 90,
      logger: silent,
      now: () => new Date('2026-11-25T12:00:00Z'),
    });
    await expect(service.dailySeries('2026-11-16', '2026-11-20')).rejects.toBeInstanceOf(MarketSourceError);
    // One day tried by the backfill and one by the request (each day's ten requests), not ninety days.
    expect(down.calls.length).toBeLessThanOrEqual(20);

    // Past its window the source answers `data: null` for every pool.
    const emptyDays = fakeFetch(
      Object.fromEntries([...Object.keys(FULL), 'get'].map((endpoint) => [endpoint, 'empty'])) as Record<
        string,
        string
      >,
    );
    const past = new MarketService(test.database.db, market(emptyDays.fetch), {
      backfillDays: 5,
      logger: silent,
      now: () => new Date('2026-11-25T12:00:00Z'),
    });
    await expect(past.minuteSeries('2026-11-20')).rejects.toBeInstanceOf(MarketSourceError);
    await expect(past.backfill()).rejects.toBeInstanceOf(MarketSourceError);
    await expect(past.dailySeries('2026-11-18', '2026-11-20')).rejects.toBeInstanceOf(MarketSourceError);
    const [row] = await test.database.db.select({ n: count() }).from(marketEmotionDays);
    expect(row?.n).toBe(0);

    // The source back with one day: that day is archived, the days it has nothing for are left out.
    const oneDay = fakeFetch({ ...FULL, get: 'empty' });
    const back = new MarketService(test.database.db, market(oneDay.fetch), {
      backfillDays: 5,
      logger: silent,
      now: () => new Date('2026-11-25T12:00:00Z'),
    });
    const series = await back.dailySeries('2026-11-20', '2026-11-20');
    expect(series.map((p) => [p.date, p.inputs.limit_up])).toEqual([['2026-11-20', 4]]);
    const stored = await test.database.db
      .select({ date: marketEmotionDays.tradeDate })
      .from(marketEmotionDays);
    expect(stored.map((r) => r.date)).toContain('2026-11-20');

    // The source down again: the archived day is still served, the day it cannot give is left out.
    const downAgain = new MarketService(test.database.db, market(fakeFetch({}).fetch, 1), {
      backfillDays: 5,
      logger: silent,
      now: () => new Date('2026-11-25T12:00:00Z'),
    });
    const kept = await downAgain.dailySeries('2026-11-19', '2026-11-20');
    expect(kept.map((p) => [p.date, p.inputs.limit_up])).toEqual([['2026-11-20', 4]]);
  });

  it('answers 503 in Chinese through the routes while the source is down, and keeps serving', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest('auth', null);
    registerErrorHandler(app);
    const down = fakeFetch({});
    const service = new MarketService(test.database.db, market(down.fetch, 1), {
      backfillDays: 90,
      logger: silent,
      now: () => new Date('2026-11-25T12:00:00Z'),
    });
    await app.register(marketRoutes, { market: service, requireAuth: async () => {}, prefix: '/api' });
    try {
      for (let i = 0; i < 2; i += 1) {
        const answer = await app.inject({
          method: 'GET',
          url: '/api/v1/market/daily-series/?start_date=2026-11-02&end_date=2026-11-06',
        });
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toEqual({ detail: '行情数据源暂时不可用，请稍后重试。' });
      }
      const holiday = await app.inject({
        method: 'GET',
        url: '/api/v1/market/minute-series/?trade_date=2026-10-01',
      });
      expect(holiday.json()).toEqual({ data: [], source: 'eastmoney' });
    } finally {
      await app.close();
    }
  });
});
