import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { sharedSimulatedMarket } from '../src/modules/market/simulated';
import { signUp } from './chat-support';
import { databaseKinds, testConfig, useTestDatabase } from './helpers';

/** Wednesday 2026-11-25, 16:00 in Shanghai: the day's session has ended. */
const EVENING = new Date('2026-11-25T08:00:00Z');
const LADDER = '/api/v1/market/ladder/';
const THEMES = '/api/v1/market/themes/';

interface Stock {
  code: string;
  name: string;
  boards: number;
  first_seal_time: string | null;
  break_count: number | null;
  industry: string;
}
interface Rung {
  boards: number;
  stocks: Stock[];
  candidates: number | null;
  promoted: number | null;
  promotion_rate: number | null;
  failed: { code: string; yesterday_boards: number; broken: boolean }[];
}
interface Theme {
  name: string;
  count: number;
  yesterday_count: number;
  max_board: number;
  leader: Stock | null;
  stocks: Stock[];
}

describe.each(databaseKinds)('连板天梯 and 题材 on %s', (kind) => {
  const db = useTestDatabase(kind);
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  async function start(now: Date = EVENING) {
    const app = await buildApp(await testConfig(), { database: db().database, now: () => now });
    apps.push(app);
    await app.ready();
    const { auth } = await signUp(app, db().database.db);
    return async (url: string) => {
      const answer = await app.inject({ method: 'GET', url, headers: auth });
      return { status: answer.statusCode, body: answer.json() as Record<string, unknown> };
    };
  }

  it('answers the ladder of a day from its pools, each rung against the day before', async () => {
    const get = await start();
    const { status, body } = await get(`${LADDER}?date=2026-11-25`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      date: '2026-11-25',
      status: 'complete',
      previous_trading_day: '2026-11-24',
      next_trading_day: null,
      as_of: null,
      source: 'simulated',
    });
    const market = sharedSimulatedMarket();
    const pool = await market.limitUpPool('2026-11-25');
    const yesterday = await market.yesterdayLimitUpPool('2026-11-25');
    const rungs = body.rungs as Rung[];
    // Every limit-up stock once, on the rung of its boards, highest rung first, earliest seal first.
    expect(rungs.flatMap((r) => r.stocks.map((s) => s.code)).sort()).toEqual(pool.map((s) => s.code).sort());
    expect(body.limit_up_count).toBe(pool.length);
    expect(body.yesterday_limit_up_count).toBe(yesterday.length);
    expect(rungs.map((r) => r.boards)).toEqual([...rungs.map((r) => r.boards)].sort((a, b) => b - a));
    for (const rung of rungs) {
      expect(rung.stocks.every((s) => s.boards === rung.boards)).toBe(true);
      const seals = rung.stocks.map((s) => s.first_seal_time ?? '');
      expect(seals).toEqual([...seals].sort());
      if (rung.boards === 1) continue;
      // The candidates are yesterday's stocks one board lower; promoted + failed = candidates.
      const candidates = yesterday.filter((s) => s.yesterdayBoards === rung.boards - 1);
      expect(rung.candidates).toBe(candidates.length);
      expect((rung.promoted ?? 0) + rung.failed.length).toBe(candidates.length);
      expect(rung.failed.every((s) => s.yesterday_boards === rung.boards - 1)).toBe(true);
    }
    expect(body.max_board).toBe(Math.max(...pool.map((s) => s.boards)));

    // Yesterday's own ladder has the rungs today's candidates came from.
    const before = await get(`${LADDER}?date=2026-11-24`);
    expect(before.body.next_trading_day).toBe('2026-11-25');
    const sizes = new Map((before.body.rungs as Rung[]).map((r) => [r.boards, r.stocks.length]));
    for (const rung of rungs)
      if (rung.candidates !== null) expect(rung.candidates).toBe(sizes.get(rung.boards - 1) ?? 0);
  });

  it('groups the day by theme with its leader, yesterday’s count beside it', async () => {
    const get = await start();
    const { status, body } = await get(`${THEMES}?date=2026-11-25`);
    expect(status).toBe(200);
    const themes = body.themes as Theme[];
    const pool = await sharedSimulatedMarket().limitUpPool('2026-11-25');
    expect(themes.reduce((sum, t) => sum + t.count, 0)).toBe(pool.length);
    const counts = themes.map((t) => t.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const theme of themes.filter((t) => t.count > 0)) {
      expect(theme.leader?.code).toBe(theme.stocks[0]?.code);
      expect(theme.leader?.boards).toBe(Math.max(...theme.stocks.map((s) => s.boards)));
      expect(theme.stocks.every((s) => s.industry === theme.name)).toBe(true);
    }
  });

  it('defaults to the latest day with data: today once open, the day before until then', async () => {
    const evening = await start();
    expect((await evening(LADDER)).body.date).toBe('2026-11-25');
    // 09:00 on Wednesday: the session has not opened, Tuesday is the latest day.
    const morning = await start(new Date('2026-11-25T01:00:00Z'));
    expect((await morning(THEMES)).body.date).toBe('2026-11-24');
    const today = await morning(`${LADDER}?date=2026-11-25`);
    expect(today.body).toMatchObject({ status: 'before_open', rungs: [], limit_up_count: 0 });
  });

  it('answers a weekend as 休市 with the trading days around it', async () => {
    const get = await start();
    const { status, body } = await get(`${LADDER}?date=2026-11-22`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      date: '2026-11-22',
      status: 'closed',
      previous_trading_day: '2026-11-20',
      next_trading_day: '2026-11-23',
      rungs: [],
    });
    expect((await get(`${THEMES}?date=2026-10-01`)).body).toMatchObject({ status: 'closed', themes: [] });
  });

  it('refuses a bad date with 400, a day still to come with 404, and a request without sign-in with 401', async () => {
    const get = await start();
    const bad = await get(`${LADDER}?date=2026-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: { date: ['日期无效，应为 YYYY-MM-DD 格式的有效日期。'] } });
    const outside = await get(`${THEMES}?date=2019-01-02`);
    expect(outside.status).toBe(400);
    expect(JSON.stringify(outside.body)).toContain('超出交易日历');
    const long = await get(`${LADDER}?date=${'9'.repeat(40)}`);
    expect(long.status).toBe(400);
    const future = await get(`${LADDER}?date=2026-11-26`);
    expect(future.status).toBe(404);
    expect(future.body).toEqual({ detail: '2026-11-26 还没有到来，没有涨停数据。' });

    const app = apps.at(-1) as FastifyInstance;
    expect((await app.inject({ method: 'GET', url: LADDER })).statusCode).toBe(401);
  });
});
