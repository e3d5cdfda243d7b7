import { MAX_WATCHLIST_STOCKS } from '@wanxiang/api-client/contract';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { strategyReports, strategyRuns, users, userWatchlist } from '../src/db/schema';
import { previousTradingDay, shanghaiClock, tradingDaysBefore } from '../src/modules/market/calendar';
import { MarketService } from '../src/modules/market/service';
import { sharedSimulatedMarket } from '../src/modules/market/simulated';
import { StockService } from '../src/modules/market/stocks';
import { signUp } from './chat-support';
import { databaseKinds, useApps, useTestDatabase } from './helpers';

const SLUG = 'daily_board_hitting_strategy';
const silent = pino({ level: 'silent' });
const market = sharedSimulatedMarket();

/** A past trading day whose limit-up pool names a stock, and that stock. */
async function limitUpStock(now = new Date()) {
  const today = shanghaiClock(now).date;
  const day = tradingDaysBefore(today, 3)[0] as string;
  const [stock] = await market.limitUpPool(day);
  if (!stock) throw new Error(`no limit-up stock on ${day}`);
  return { day, stock };
}

describe.each(databaseKinds)('stock pages and 自选股 on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  async function start(clock?: { now: () => Date }) {
    const server = await app({}, clock);
    const user = await signUp(server, db().database.db);
    const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
      const answer = await server.inject({
        method,
        url,
        headers: { ...user.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
      // biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field below
      return { status: answer.statusCode, body: answer.body ? (answer.json() as Record<string, any>) : null };
    };
    return { server, user, call };
  }

  async function storeReport(tradeDate: string, phase: string, symbols: string[], stage = '震荡偏多') {
    const database = db().database.db;
    const [run] = await database
      .insert(strategyRuns)
      .values({ slug: SLUG, tradeDate, phase, status: 'success' })
      .returning({ id: strategyRuns.id });
    await database.insert(strategyReports).values({
      runId: run?.id as string,
      slug: SLUG,
      tradeDate,
      phase,
      resultData: {
        data_source: 'simulated',
        market_analysis: { emotion_stage: stage, analysis_summary: '', key_themes: [] },
        actionable_watchlist: symbols.map((symbol) => ({
          symbol,
          name: symbol,
          recommendation_reason: `${symbol} 的理由`,
          trade_plan: {
            position_level: 1,
            entry_strategy_type: 'pullback',
            entry_price_low: 10,
            entry_price_high: 11,
            stop_loss_type: 'percent',
            stop_loss_value: 5,
          },
        })),
      },
    });
  }

  it('answers a stock: quote, 120 daily bars, the last day minutes, its limit-up days and the reports that picked it', async () => {
    const { call } = await start();
    const { day, stock } = await limitUpStock();
    const before = previousTradingDay(day) as string;
    await storeReport(before, 'POST_CLOSE', [stock.code, 'MZ0001']);
    await storeReport(day, 'PRE_OPEN', ['MZ0001'], '风险释放');
    const { status, body } = await call('GET', `/api/v1/market/stocks/${stock.code.toLowerCase()}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      code: stock.code,
      name: stock.name,
      board: stock.board,
      source: 'simulated',
    });
    expect(body?.daily).toHaveLength(120);
    const last = body?.daily.at(-1);
    expect(body?.quote).toMatchObject({ date: last.date, price: last.close, pct_change: last.pct_change });
    expect(body?.minute.date).toBe(last.date);
    expect(body?.minute.points.at(-1).price).toBe(last.close);
    const sealed = body?.daily.find((bar: { date: string }) => bar.date === day);
    expect(sealed.close).toBe(stock.limitPrice);
    expect(body?.limit_up_days).toContainEqual({
      date: day,
      boards: stock.boards,
      first_seal_time: stock.firstSealTime,
    });
    expect(body?.reports).toEqual([
      expect.objectContaining({
        trade_date: before,
        run_phase: 'POST_CLOSE',
        run_phase_display: '盘后复盘',
        decision: 'standard',
      }),
    ]);
    expect(body?.in_watchlist).toBe(false);

    const picked = await call('GET', '/api/v1/market/stocks/MZ0001/');
    expect(picked.body?.reports.map((r: { decision: string }) => r.decision)).toEqual(['avoid', 'standard']);

    const ranged = await call(
      'GET',
      `/api/v1/market/stocks/${stock.code}/?start_date=${before}&end_date=${day}&trade_date=${before}`,
    );
    expect(ranged.body?.daily.map((bar: { date: string }) => bar.date)).toEqual([before, day]);
    expect(ranged.body?.minute.date).toBe(before);
    expect(ranged.body?.minute.points).toHaveLength(241);
  });

  it('refuses a malformed code (400), an unknown one (404) and a bad range (400), in Chinese', async () => {
    const { call } = await start();
    const malformed = await call('GET', '/api/v1/market/stocks/abc/');
    expect(malformed.status).toBe(400);
    expect(malformed.body?.errors.code[0]).toContain('不是股票代码');
    const unknown = await call('GET', '/api/v1/market/stocks/600000/');
    expect(unknown.status).toBe(404);
    expect(unknown.body?.detail).toBe(
      '没有代码为 600000 的股票（当前为模拟行情，代码形如 MZ0001、MC0042）。',
    );
    const reversed = await call(
      'GET',
      '/api/v1/market/stocks/MZ0001/?start_date=2026-11-20&end_date=2026-11-01',
    );
    expect(reversed.status).toBe(400);
    const long = await call('GET', '/api/v1/market/stocks/MZ0001/?start_date=2024-01-01&end_date=2026-11-01');
    expect(long.status).toBe(400);
    expect(long.body?.errors.start_date[0]).toContain('800');
  });

  it('keeps a 自选股 list: add, list with change and pick history, refuse duplicates and unknown codes, remove', async () => {
    // After the close of Friday 2026-11-20 in Shanghai (16:00): the day's quotes are final. (On the real
    // clock during a session they are the session's so far, partial: what the last test checks.)
    const afterClose = new Date('2026-11-20T08:00:00Z');
    const { call } = await start({ now: () => afterClose });
    const { day, stock } = await limitUpStock(afterClose);
    await storeReport(day, 'PRE_OPEN', [stock.code]);
    await storeReport(day, 'POST_CLOSE', [stock.code], '风险释放');

    const added = await call('POST', '/api/v1/market/watchlist/', { code: stock.code });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ code: stock.code, name: stock.name, picks: { count: 2 } });
    expect((await call('POST', '/api/v1/market/watchlist/', { code: 'mc0042' })).status).toBe(201);

    const duplicate = await call('POST', '/api/v1/market/watchlist/', { code: stock.code });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body?.detail).toBe(`${stock.code} 已在自选股中。`);
    const unknown = await call('POST', '/api/v1/market/watchlist/', { code: 'MZ9999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body?.detail).toContain('MZ9999');
    const malformed = await call('POST', '/api/v1/market/watchlist/', { code: '12' });
    expect(malformed.status).toBe(400);

    const list = await call('GET', '/api/v1/market/watchlist/');
    expect(list.status).toBe(200);
    expect(list.body?.limit).toBe(MAX_WATCHLIST_STOCKS);
    expect(list.body?.source).toBe('simulated');
    expect(list.body?.data.map((e: { code: string }) => e.code).sort()).toEqual(
      ['MC0042', stock.code].sort(),
    );
    const entry = list.body?.data.find((e: { code: string }) => e.code === stock.code);
    const [bar] = (await market.dailyBars(stock.code, entry.quote.date, entry.quote.date)) ?? [];
    expect(entry.quote).toEqual({
      date: bar?.date,
      price: bar?.close,
      pct_change: bar?.pctChange,
      partial: false,
    });
    expect(entry.picks).toEqual({
      count: 2,
      last: { trade_date: day, run_phase_display: '盘后复盘', decision: 'avoid' },
    });
    expect((await call('GET', `/api/v1/market/stocks/${stock.code}/`)).body?.in_watchlist).toBe(true);

    expect((await call('DELETE', `/api/v1/market/watchlist/${stock.code}/`)).status).toBe(204);
    const gone = await call('DELETE', `/api/v1/market/watchlist/${stock.code}/`);
    expect(gone.status).toBe(404);
    expect(gone.body?.detail).toBe(`${stock.code} 不在自选股中。`);
    expect((await call('GET', '/api/v1/market/watchlist/')).body?.data).toHaveLength(1);
  });

  it(`stops at ${MAX_WATCHLIST_STOCKS} stocks, naming the limit; the list goes with its user`, async () => {
    const { call, user } = await start();
    const database = db().database.db;
    const codes = market
      .securities()
      .slice(0, MAX_WATCHLIST_STOCKS)
      .map((s) => s.code);
    await database.insert(userWatchlist).values(codes.map((code) => ({ userId: user.userId, code })));
    const full = await call('POST', '/api/v1/market/watchlist/', { code: 'MC0001' });
    expect(full.status).toBe(409);
    expect(full.body?.detail).toBe(`自选股最多 ${MAX_WATCHLIST_STOCKS} 只，请先移出一些再添加。`);
    const list = await call('GET', '/api/v1/market/watchlist/');
    expect(list.body?.data).toHaveLength(MAX_WATCHLIST_STOCKS);
    await database.delete(users).where(eq(users.id, user.userId));
    expect(await database.select().from(userWatchlist)).toHaveLength(0);
  });

  it('shows today only as far as the session has gone', async () => {
    // Friday 2026-11-20, 10:00 in Shanghai: the morning has run 30 minutes.
    const now = () => new Date('2026-11-20T02:00:00Z');
    const service = new MarketService(db().database.db, market, { backfillDays: 5, logger: silent, now });
    const stocks = new StockService(db().database.db, service, now);
    const { user } = await start();
    const detail = await stocks.detail(
      'MZ0007',
      { start: '2026-11-16', end: '2026-11-27' },
      user.userId,
      true,
    );
    expect(detail.daily.map((bar) => bar.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(detail.quote?.partial).toBe(true);
    expect(detail.minute.points.at(-1)?.time).toBe('10:00');
    expect(detail.minute.points).toHaveLength(31);
    expect(detail.quote?.price).toBe(detail.minute.points.at(-1)?.price);
    const [full] = await market.dailyBars('MZ0007', '2026-11-20', '2026-11-20');
    expect(detail.quote?.volume).toBeLessThan(full?.volume as number);
  });
});
