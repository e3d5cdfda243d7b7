import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { marketEmotionDays } from '../src/db/schema';
import {
  addDays,
  isDayComplete,
  isTradingDay,
  previousTradingDay,
  shanghaiClock,
  tradingDaysBefore,
  tradingDaysBetween,
} from '../src/modules/market/calendar';
import { signUp } from './chat-support';
import { databaseKinds, useApps, useTestDatabase } from './helpers';

interface DailyPoint {
  date: string;
  value: number;
  ma5: number;
  ma20: number;
  partial: boolean;
  scores: Record<string, number | null>;
  inputs: Record<string, number | null>;
}
interface MinutePoint {
  timestamp: string;
  value: number;
  ma5: number;
  ma20: number;
  inputs: Record<string, number | null>;
}

const DAILY = '/api/v1/market/daily-series/';
const MINUTE = '/api/v1/market/minute-series/';

/** The last trading day whose session has ended, as the server sees it now. */
function lastCompleteDay(): string {
  const now = new Date();
  const today = shanghaiClock(now).date;
  return isTradingDay(today) && isDayComplete(today, now) ? today : (previousTradingDay(today) as string);
}

describe.each(databaseKinds)('emotion series on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  async function start() {
    const server = await app();
    const { auth } = await signUp(server, db().database.db);
    // The minute series is a strategy subscriber's (strategy-subscriptions.test.ts has the gate).
    const bought = await server.inject({
      method: 'POST',
      url: '/api/v1/strategy/strategies/daily_board_hitting_strategy/subscription/',
      headers: auth,
      payload: { plan: 'board_monthly', request_id: randomUUID() },
    });
    expect(bought.statusCode).toBe(201);
    const get = async (url: string) => {
      const answer = await server.inject({ method: 'GET', url, headers: auth });
      return { status: answer.statusCode, body: answer.json() as Record<string, unknown> };
    };
    return { server, get };
  }

  async function archived() {
    const [row] = await db().database.db.select({ n: count() }).from(marketEmotionDays);
    return row?.n ?? 0;
  }

  it('backfills a fresh database with the last 90 trading days on the first visit, then reads the archive', async () => {
    const { get } = await start();
    expect(await archived()).toBe(0);
    const first = await get(DAILY);
    expect(first.status).toBe(200);
    expect(await archived()).toBe(90);
    const last = lastCompleteDay();
    const stored = await db()
      .database.db.select({ date: marketEmotionDays.tradeDate })
      .from(marketEmotionDays)
      .orderBy(marketEmotionDays.tradeDate);
    expect(stored.map((row) => row.date)).toEqual([...tradingDaysBefore(last, 89), last]);

    // History is read back, not recomputed: a value changed in the archive is what the API serves.
    await db()
      .database.db.update(marketEmotionDays)
      .set({ value: 12.34 })
      .where(eq(marketEmotionDays.tradeDate, last));
    const again = await get(`${DAILY}?start_date=${last}&end_date=${last}`);
    expect((again.body.data as DailyPoint[])[0]?.value).toBe(12.34);
    expect(await archived()).toBe(90);
  });

  it('serves the daily emotion series with its moving averages over trading days', async () => {
    const { get } = await start();
    const answer = await get(DAILY);
    expect(answer.status).toBe(200);
    expect(answer.body.source).toBe('simulated');
    const data = answer.body.data as DailyPoint[];
    const today = shanghaiClock(new Date()).date;
    // Today is in the list once its first slot has ended (partial while the market is open).
    const expected = tradingDaysBetween(addDays(today, -90), today);
    expect(data.map((p) => p.date)).toEqual(expected.slice(0, data.length));
    expect(data.length).toBeGreaterThanOrEqual(expected.length - 1);
    for (const point of data) {
      expect(point.value).toBeGreaterThanOrEqual(0);
      expect(point.value).toBeLessThanOrEqual(100);
      expect(Object.keys(point.scores).sort()).toEqual([
        'breadth',
        'broken_rate',
        'limit_down',
        'limit_up',
        'max_board',
        'promotion_rate',
        'yesterday_limit_up_return',
      ]);
      expect(point.inputs.limit_up).toBeTypeOf('number');
    }
    const values = data.map((p) => p.value);
    const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100;
    expect(data[10]?.ma5).toBeCloseTo(mean(values.slice(6, 11)), 1);
    expect(data[25]?.ma20).toBeCloseTo(mean(values.slice(6, 26)), 1);
    // The first point's averages reach back before the range, over trading days.
    const earlier = await get(
      `${DAILY}?start_date=${addDays(data[0]?.date as string, -40)}&end_date=${data[0]?.date}`,
    );
    const before = (earlier.body.data as DailyPoint[]).map((p) => p.value).slice(-20);
    expect(data[0]?.ma20).toBeCloseTo(mean(before), 1);
  });

  it('leaves holidays and make-up days out and answers an empty list for a range without trading', async () => {
    const { get } = await start();
    const holiday = await get(`${DAILY}?start_date=2026-09-28&end_date=2026-10-12`);
    expect((holiday.body.data as DailyPoint[]).map((p) => p.date)).toEqual([
      '2026-09-28',
      '2026-09-29',
      '2026-09-30',
      '2026-10-08',
      '2026-10-09',
      '2026-10-12',
    ]);
    const closed = await get(`${DAILY}?start_date=2026-10-01&end_date=2026-10-07`);
    expect(closed).toEqual({ status: 200, body: { data: [], source: 'simulated' } });
    for (const date of ['2026-10-01', '2026-10-10', '2026-11-28']) {
      expect(await get(`${MINUTE}?trade_date=${date}`)).toEqual({
        status: 200,
        body: { data: [], source: 'simulated' },
      });
    }
  });

  it('serves 48 five-minute points of a past trading day, ending on the day’s close', async () => {
    const { get } = await start();
    const date = lastCompleteDay();
    const minute = await get(`${MINUTE}?trade_date=${date}`);
    expect(minute.status).toBe(200);
    expect(minute.body.source).toBe('simulated');
    const points = minute.body.data as MinutePoint[];
    expect(points).toHaveLength(48);
    expect(points[0]?.timestamp).toBe(`${date}T09:35:00+08:00`);
    expect(points[23]?.timestamp).toBe(`${date}T11:30:00+08:00`);
    expect(points[24]?.timestamp).toBe(`${date}T13:05:00+08:00`);
    expect(points[47]?.timestamp).toBe(`${date}T15:00:00+08:00`);
    expect(points[4]?.ma5).toBeCloseTo(points.slice(0, 5).reduce((a, p) => a + p.value, 0) / 5, 1);
    const daily = await get(`${DAILY}?start_date=${date}&end_date=${date}`);
    const close = (daily.body.data as DailyPoint[])[0];
    expect(points[47]?.inputs).toEqual(close?.inputs);
    expect(points[47]?.value).toBe(close?.value);
  });

  it('answers bad dates, reversed and over-long ranges with a 400 in Chinese', async () => {
    const { get } = await start();
    const cases: [string, string, string][] = [
      [`${DAILY}?start_date=yesterday&end_date=2026-11-20`, 'start_date', '日期无效'],
      [`${DAILY}?start_date=2026-02-30&end_date=2026-03-20`, 'start_date', '日期无效'],
      [`${DAILY}?start_date=2026-11-01&end_date=2026/11/20`, 'end_date', '日期无效'],
      [`${DAILY}?start_date=2026-11-20&end_date=2026-11-01`, 'start_date', '开始日期不能晚于结束日期'],
      [`${DAILY}?start_date=2024-06-01&end_date=2025-06-05`, 'start_date', '不能超过 366 天'],
      [`${DAILY}?start_date=2023-12-01&end_date=2024-01-31`, 'start_date', '超出交易日历的范围'],
      [`${MINUTE}?trade_date=20261120`, 'trade_date', '日期无效'],
      [`${MINUTE}?trade_date=2027-01-04`, 'trade_date', '超出交易日历的范围'],
    ];
    for (const [url, field, text] of cases) {
      const answer = await get(url);
      expect(answer.status, url).toBe(400);
      const errors = answer.body.errors as Record<string, string[]>;
      expect(errors[field]?.[0], url).toContain(text);
    }
  });

  it('is for signed-in users only and is in the OpenAPI document', async () => {
    const { server } = await start();
    expect((await server.inject({ method: 'GET', url: DAILY })).statusCode).toBe(401);
    expect((await server.inject({ method: 'GET', url: MINUTE })).statusCode).toBe(401);
    const doc = (await server.inject({ method: 'GET', url: '/api/schema/' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    expect(doc.paths[DAILY]?.get?.parameters?.map((p) => p.name).sort()).toEqual(['end_date', 'start_date']);
    expect(doc.paths[MINUTE]?.get?.parameters?.map((p) => p.name)).toEqual(['trade_date']);
  });
});
