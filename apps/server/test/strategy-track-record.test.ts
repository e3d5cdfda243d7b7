import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { strategyReports, strategyRuns } from '../src/db/schema';
import { tradingDaysBetween } from '../src/modules/market/calendar';
import { closingSnapshot, type DailyBar, type MarketProvider } from '../src/modules/market/provider';
import { MarketService } from '../src/modules/market/service';
import { sharedSimulatedMarket } from '../src/modules/market/simulated';
import { StrategyService } from '../src/modules/strategy/service';
import {
  countedReports,
  nextDayReturns,
  nextTradingDay,
  percent2,
  pickOutcome,
  referenceDate,
  tally,
  tallyByDecision,
} from '../src/modules/strategy/trackRecord';
import { readPicks, TrackRecordService } from '../src/modules/strategy/trackRecordService';
import { signUp } from './chat-support';
import { databaseKinds, testConfig, useTestDatabase } from './helpers';

const silent = pino({ level: 'silent' });
const SLUG = 'daily_board_hitting_strategy';
/** Tuesday 2026-11-24, 10:30 in Shanghai: the 24th has not closed, the 23rd has. */
const MORNING = new Date('2026-11-24T02:30:00Z');

/** A bar with the fields the track record reads; the rest follow from them. */
function bar(
  date: string,
  prevClose: number,
  open: number,
  high: number,
  low: number,
  close: number,
): DailyBar {
  return {
    date,
    open,
    high,
    low,
    close,
    prevClose,
    pctChange: Math.round((close / prevClose - 1) * 10_000) / 100,
    volume: 1_000_000,
    amount: 1_000_000 * close,
  };
}

describe('the track record arithmetic', () => {
  it('measures the next day against the reference close: open, close and high, in percent', () => {
    // Reference close 10.00; next day opens 10.50 (+5 %), closes 10.30 (+3 %), reaches 11.00 (+10 %).
    const bars = [bar('2026-11-19', 9.8, 9.9, 10.1, 9.7, 10), bar('2026-11-20', 10, 10.5, 11, 9.8, 10.3)];
    const up = nextDayReturns(bars, '2026-11-19', '2026-11-20');
    expect(up && [up.referenceClose, percent2(up.open), percent2(up.close), percent2(up.max)]).toEqual([
      10, 5, 3, 10,
    ]);
    // A loss: reference 12.00, open 11.40 (−5 %), close 10.80 (−10 %), high 12.18 (+1.5 %).
    const down = nextDayReturns(
      [bar('2026-11-19', 12, 12, 12, 12, 12), bar('2026-11-20', 12, 11.4, 12.18, 10.8, 10.8)],
      '2026-11-19',
      '2026-11-20',
    );
    expect(down && [percent2(down.open), percent2(down.close), percent2(down.max)]).toEqual([-5, -10, 1.5]);
    // Rounded to the hundredth, half away from zero: 3.50 ÷ 3.33 − 1 = 5.1051…% → 5.11.
    const odd = nextDayReturns(
      [bar('2026-11-19', 3.3, 3.3, 3.33, 3.3, 3.33), bar('2026-11-20', 3.33, 3.5, 3.5, 3.5, 3.5)],
      '2026-11-19',
      '2026-11-20',
    );
    expect(odd && percent2(odd.close)).toBe(5.11);
    expect(percent2(-0.375)).toBe(-0.38);
    expect(percent2(0.375)).toBe(0.38);
    // No bar on either day (suspended, unknown): no returns.
    expect(nextDayReturns(bars, '2026-11-19', '2026-11-23')).toBeUndefined();
    expect(nextDayReturns(bars, '2026-11-18', '2026-11-19')).toBeUndefined();
  });

  it('takes the close a report analysed as its reference, and the next trading day after it', () => {
    // A pre-open report on Monday analysed Friday's close; any other phase its own day's.
    expect(referenceDate('2026-11-23', 'PRE_OPEN')).toBe('2026-11-20');
    expect(referenceDate('2026-11-23', 'MORNING')).toBe('2026-11-23');
    expect(referenceDate('2026-11-23', 'POST_CLOSE')).toBe('2026-11-23');
    expect(nextTradingDay('2026-11-20')).toBe('2026-11-23');
    // National Day: the exchanges close 1–7 October 2026 (and the weekend after).
    expect(nextTradingDay('2026-09-30')).toBe('2026-10-08');
    expect(nextTradingDay('2026-12-31')).toBeUndefined();
  });

  it('is pending before the next day ends and unavailable when a bar is missing after it', () => {
    const bars = [bar('2026-11-23', 10, 10, 10, 10, 10)];
    const common = {
      symbol: 'MZ0001',
      decision: 'core' as const,
      reference: '2026-11-23',
      next: '2026-11-24',
    };
    const pending = pickOutcome({ ...common, nextComplete: false, bars });
    expect(pending.outcome).toEqual({
      ...{ symbol: 'MZ0001', decision: 'core', status: 'pending', reference_date: '2026-11-23' },
      reference_close: 10,
      next_date: '2026-11-24',
      open_return: null,
      close_return: null,
      max_return: null,
    });
    expect(pending.returns).toBeUndefined();
    const missing = pickOutcome({ ...common, nextComplete: true, bars });
    expect(missing.outcome.status).toBe('unavailable');
    expect(missing.returns).toBeUndefined();
    const settled = pickOutcome({
      ...common,
      nextComplete: true,
      bars: [...bars, bar('2026-11-24', 10, 9.87, 10.2, 9.5, 9.55)],
    });
    expect(settled.outcome).toMatchObject({
      status: 'settled',
      open_return: -1.3,
      close_return: -4.5,
      max_return: 2,
    });
  });

  it('tallies losses with the rest: hit means a close return above zero, pending picks are not counted', () => {
    const counted = [
      { decision: 'light' as const, status: 'settled' as const, closeReturn: 3 },
      { decision: 'light' as const, status: 'settled' as const, closeReturn: -10 },
      // Flat is not a hit.
      { decision: 'light' as const, status: 'settled' as const, closeReturn: 0 },
      { decision: 'light' as const, status: 'settled' as const, closeReturn: 5.5 },
      { decision: 'light' as const, status: 'pending' as const },
      { decision: 'light' as const, status: 'unavailable' as const },
    ];
    // (3 − 10 + 0 + 5.5) ÷ 4 = −0.375 → −0.38; 2 hits of 4 settled.
    expect(tally(counted)).toEqual({
      picks: 4,
      pending: 1,
      unavailable: 1,
      hits: 2,
      hit_rate: 50,
      average_return: -0.38,
      worst_return: -10,
    });
    const rows = tallyByDecision([...counted, { decision: 'avoid', status: 'settled', closeReturn: -2 }]);
    expect(rows.decisions.map((r) => r.decision)).toEqual([
      'core',
      'standard',
      'medium',
      'light',
      'watch',
      'avoid',
    ]);
    expect(rows.decisions[0]).toEqual({
      decision: 'core',
      picks: 0,
      pending: 0,
      unavailable: 0,
      hits: 0,
      hit_rate: null,
      average_return: null,
      worst_return: null,
    });
    expect(rows.decisions[5]).toMatchObject({ picks: 1, hits: 0, hit_rate: 0, average_return: -2 });
    // (3 − 10 + 0 + 5.5 − 2) ÷ 5 = −0.7; 2 hits of 5.
    expect(rows.total).toMatchObject({
      picks: 5,
      hits: 2,
      hit_rate: 40,
      average_return: -0.7,
      worst_return: -10,
    });
  });

  it('counts one report per reference day: the last made from that close', () => {
    const reports = [
      { id: 'a', tradeDate: '2026-11-20', phase: 'MORNING' },
      { id: 'b', tradeDate: '2026-11-20', phase: 'POST_CLOSE' },
      // Monday's pre-open report analysed Friday's close, after Friday's post-close one.
      { id: 'c', tradeDate: '2026-11-23', phase: 'PRE_OPEN' },
      { id: 'd', tradeDate: '2026-11-23', phase: 'AFTERNOON' },
      { id: 'e', tradeDate: '2026-11-19', phase: 'POST_CLOSE' },
    ];
    expect(countedReports(reports, ['2026-11-20', '2026-11-23']).map((r) => r.id)).toEqual(['d', 'c']);
    expect(countedReports(reports, ['2026-11-19']).map((r) => r.id)).toEqual(['e']);
  });
});

/** A market of a few stocks with fixed bars: only dailyBars is asked by the track record. */
const FIXED_BARS: Record<string, DailyBar[]> = {
  // core, settled: +5 / +3 / +10.
  MZ0001: [bar('2026-11-19', 9.5, 9.6, 10, 9.5, 10), bar('2026-11-20', 10, 10.5, 11, 9.8, 10.3)],
  // medium, settled: −5 / −10 / +2.
  MZ0002: [bar('2026-11-19', 19, 19, 20, 19, 20), bar('2026-11-20', 20, 19, 20.4, 18, 18)],
  // light (from Monday's pre-open report): flat close, not a hit: 0 / 0 / +10.
  MZ0003: [bar('2026-11-20', 7.5, 7.8, 8, 7.7, 8), bar('2026-11-23', 8, 8, 8.8, 7.9, 8)],
  // avoid (plan): +2 / −8 / +10.
  MZ0004: [bar('2026-11-20', 5, 5, 5, 5, 5), bar('2026-11-23', 5, 5.1, 5.5, 4.5, 4.6)],
  // core in Monday's post-close report: Tuesday has not closed, pending.
  MZ0005: [bar('2026-11-23', 6, 6.2, 6.6, 6.1, 6.6)],
  // avoid (risk release, whatever its breakout plan): −4 / −10 / +4.
  MZ0006: [bar('2026-11-18', 12, 12.2, 12.5, 12, 12.5), bar('2026-11-19', 12.5, 12, 13, 11.25, 11.25)],
  // avoid, suspended the next day: unavailable.
  MZ0007: [bar('2026-11-18', 7, 7, 7, 7, 7)],
  // In Friday's post-close report, which Monday's pre-open report supersedes: never counted (+100 %).
  MZ0009: [bar('2026-11-20', 10, 10, 10, 10, 10), bar('2026-11-23', 10, 20, 20, 20, 20)],
};

function fixedMarket(): MarketProvider {
  const refuse = async () => {
    throw new Error('the track record asks only daily bars');
  };
  return {
    source: 'simulated',
    stockInfo: refuse,
    minuteBars: refuse,
    limitUpPool: refuse,
    yesterdayLimitUpPool: refuse,
    brokenPool: refuse,
    limitDownPool: refuse,
    breadth: refuse,
    indexQuotes: refuse,
    intradaySnapshots: refuse,
    dailyBars: async (code, from, to) =>
      (FIXED_BARS[code] ?? []).filter((b) => b.date >= from && b.date <= to),
  };
}

const breakout = (level: number) => ({
  position_level: level,
  entry_strategy_type: 'breakout',
  entry_price_low: 1,
  entry_price_high: 1,
  stop_loss_type: 'percent',
  stop_loss_value: 5,
});
const pullback = (level: number) => ({ ...breakout(level), entry_strategy_type: 'pullback' });
const avoid = {
  position_level: 0,
  entry_strategy_type: 'avoid',
  entry_price_low: null,
  entry_price_high: null,
  stop_loss_type: null,
  stop_loss_value: null,
};
const report = (stage: string, picks: [string, object][]) => ({
  data_source: 'simulated',
  market_analysis: { emotion_stage: stage, analysis_summary: '', key_themes: [] },
  actionable_watchlist: picks.map(([symbol, plan]) => ({
    symbol,
    name: symbol,
    recommendation_reason: '',
    trade_plan: plan,
  })),
});

describe.each(databaseKinds)('the track record on %s', (kind) => {
  const db = useTestDatabase(kind);
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  async function store(tradeDate: string, phase: string, resultData: object) {
    const database = db().database.db;
    const [run] = await database
      .insert(strategyRuns)
      .values({ slug: SLUG, tradeDate, phase, status: 'success', startedAt: MORNING })
      .returning({ id: strategyRuns.id });
    await database
      .insert(strategyReports)
      .values({ runId: run?.id as string, slug: SLUG, tradeDate, phase, resultData, createdAt: MORNING });
  }

  it('tallies each decision on a fixed market by hand: losses counted, pending and unavailable apart', async () => {
    await store(
      '2026-11-18',
      'POST_CLOSE',
      report('风险释放', [
        ['MZ0006', breakout(1.5)],
        ['MZ0007', avoid],
      ]),
    );
    await store(
      '2026-11-19',
      'POST_CLOSE',
      report('震荡偏多', [
        ['MZ0001', breakout(1.5)],
        ['MZ0002', pullback(0.9)],
      ]),
    );
    await store('2026-11-20', 'POST_CLOSE', report('震荡偏多', [['MZ0009', breakout(1.5)]]));
    await store(
      '2026-11-23',
      'PRE_OPEN',
      report('高位震荡', [
        ['MZ0003', pullback(0.3)],
        ['MZ0004', avoid],
      ]),
    );
    await store('2026-11-23', 'POST_CLOSE', report('震荡偏多', [['MZ0005', breakout(1.5)]]));
    const now = () => MORNING;
    const market = new MarketService(db().database.db, fixedMarket(), {
      backfillDays: 0,
      logger: silent,
      now,
    });
    const track = new TrackRecordService(db().database.db, market, now);

    const record = await track.trackRecord(SLUG, '2026-11-24', 20);
    expect([record.window, record.from, record.to, record.data_source, record.reports]).toEqual([
      20,
      '2026-10-28',
      '2026-11-24',
      'simulated',
      4,
    ]);
    const row = (d: string) => record.decisions.find((r) => r.decision === d);
    expect(row('core')).toEqual({
      decision: 'core',
      picks: 1,
      pending: 1,
      unavailable: 0,
      hits: 1,
      hit_rate: 100,
      average_return: 3,
      worst_return: 3,
    });
    expect(row('medium')).toMatchObject({
      picks: 1,
      hits: 0,
      hit_rate: 0,
      average_return: -10,
      worst_return: -10,
    });
    expect(row('light')).toMatchObject({
      picks: 1,
      hits: 0,
      hit_rate: 0,
      average_return: 0,
      worst_return: 0,
    });
    // (−8 − 10) ÷ 2 = −9; the suspended one is numbered, not dropped.
    expect(row('avoid')).toMatchObject({
      picks: 2,
      unavailable: 1,
      hits: 0,
      average_return: -9,
      worst_return: -10,
    });
    expect(row('standard')).toMatchObject({ picks: 0, hit_rate: null, average_return: null });
    // 3, −10, 0, −8, −10: one hit of five, mean −5.
    expect(record.total).toEqual({
      picks: 5,
      pending: 1,
      unavailable: 1,
      hits: 1,
      hit_rate: 20,
      average_return: -5,
      worst_return: -10,
    });

    // Settled outcomes are kept: asked again, only the unavailable pick's bars are asked again.
    const before = track.barRequests;
    expect(await track.trackRecord(SLUG, '2026-11-24', 20)).toEqual(record);
    expect(track.barRequests - before).toBe(1);

    // Per report, in watchlist order, with the decision the board shows.
    const [outcomes] = await track.outcomesOf([
      readPicks(
        '2026-11-19',
        'POST_CLOSE',
        report('震荡偏多', [
          ['MZ0001', breakout(1.5)],
          ['MZ0002', pullback(0.9)],
        ]),
      ),
    ]);
    expect(outcomes?.map((o) => o.outcome)).toEqual([
      {
        symbol: 'MZ0001',
        decision: 'core',
        status: 'settled',
        reference_date: '2026-11-19',
        reference_close: 10,
        next_date: '2026-11-20',
        open_return: 5,
        close_return: 3,
        max_return: 10,
      },
      {
        symbol: 'MZ0002',
        decision: 'medium',
        status: 'settled',
        reference_date: '2026-11-19',
        reference_close: 20,
        next_date: '2026-11-20',
        open_return: -5,
        close_return: -10,
        max_return: 2,
      },
    ]);
    // A report of another market is not measured on this one.
    const [foreign] = await track.outcomesOf([
      readPicks('2026-11-19', 'POST_CLOSE', {
        ...report('震荡偏多', [['MZ0001', breakout(1)]]),
        data_source: 'eastmoney',
      }),
    ]);
    expect(foreign?.[0]?.outcome).toMatchObject({ status: 'unavailable', decision: 'standard' });
  });

  it("serves the track record and each report's outcomes from the simulated market, and checks its window", async () => {
    const app = await buildApp(await testConfig(), { database: db().database, now: () => MORNING });
    apps.push(app);
    await app.ready();
    const { auth } = await signUp(app, db().database.db);
    const get = async (url: string) => {
      const answer = await app.inject({ method: 'GET', url, headers: auth });
      return { status: answer.statusCode, body: answer.json() as Record<string, unknown> };
    };
    for (const window of ['0', '19', '21', '59', '61', 'x', '20.0', '1e2', ' '.repeat(3) + '30']) {
      const bad = await get(`/api/v1/strategy/track-record/?window=${encodeURIComponent(window)}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ errors: { window: ['window 应为 20、60 之一（交易日）。'] } });
    }
    expect((await get('/api/v1/strategy/track-record/?slug=nope')).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v1/strategy/track-record/' })).statusCode).toBe(401);

    // The backfill's five post-close reports (17th–23rd): four settled days, the 23rd's picks pending.
    const record = (await get('/api/v1/strategy/track-record/')).body;
    expect(record).toMatchObject({ window: 20, from: '2026-10-28', to: '2026-11-24', reports: 5 });
    const sixty = (await get('/api/v1/strategy/track-record/?window=60')).body;
    expect(sixty).toMatchObject({ window: 60, to: '2026-11-24', reports: 5 });
    expect(sixty.total).toEqual(record.total);

    // Each report's outcomes (all five: the service serves a subscriber's list; a free user's is the last day).
    const now = () => MORNING;
    const market = sharedSimulatedMarket();
    const strategy = new StrategyService(
      db().database.db,
      new MarketService(db().database.db, market, { backfillDays: 30, logger: silent, now }),
      { logger: silent, now },
    );
    const reports = (await strategy.recentReports(SLUG, 5)) as unknown as {
      trade_date: string;
      result_data: { actionable_watchlist: { symbol: string }[] };
      outcomes: { symbol: string; status: string; reference_close: number; close_return: number }[];
    }[];
    expect(reports).toHaveLength(5);
    let settled = 0;
    for (const r of reports) {
      expect(r.outcomes.map((o) => o.symbol)).toEqual(
        r.result_data.actionable_watchlist.map((s) => s.symbol),
      );
      for (const o of r.outcomes) {
        const pool = (await closingSnapshot(market, r.trade_date)).limitUp.find((s) => s.code === o.symbol);
        expect(o.reference_close).toBe(pool?.price);
        if (r.trade_date === '2026-11-23') {
          expect(o.status).toBe('pending');
          continue;
        }
        expect(o.status).toBe('settled');
        settled += 1;
        // The same numbers as the market's own bars give, and the reference is the limit price it closed at.
        const next = nextTradingDay(r.trade_date) as string;
        const bars = await market.dailyBars(o.symbol, r.trade_date, next);
        expect(o.close_return).toBe(
          percent2(((bars[1] as DailyBar).close / (bars[0] as DailyBar).close - 1) * 100),
        );
      }
    }
    const total = record.total as { picks: number; pending: number };
    expect(total.picks).toBe(settled);
    expect(total.pending).toBe(reports.find((r) => r.trade_date === '2026-11-23')?.outcomes.length);
  });

  it('measures a year of simulated reports quickly, and once', async () => {
    const market = sharedSimulatedMarket();
    const now = () => MORNING;
    const service = new MarketService(db().database.db, market, { backfillDays: 0, logger: silent, now });
    const track = new TrackRecordService(db().database.db, service, now);
    const days = tradingDaysBetween('2025-11-24', '2026-11-23');
    // Six picks a day from the day's limit-up pool, as the rules pick at most six.
    const year = [];
    for (const day of days) {
      const pool = (await market.limitUpPool(day)).slice(0, 6);
      year.push(
        readPicks(
          day,
          'POST_CLOSE',
          report(
            '震荡偏多',
            pool.map((s) => [s.code, breakout(1.5)]),
          ),
        ),
      );
    }
    const cold = performance.now();
    const first = await track.outcomesOf(year);
    const coldMs = performance.now() - cold;
    const warm = performance.now();
    const second = await track.outcomesOf(year);
    const warmMs = performance.now() - warm;
    const picks = first.flat();
    console.info(
      `track record: ${days.length} reports, ${picks.length} picks, ${track.barRequests} bar requests; cold ${coldMs.toFixed(0)} ms, cached ${warmMs.toFixed(1)} ms`,
    );
    expect(second).toEqual(first);
    expect(picks.filter((p) => p.outcome.status === 'settled').length).toBe(picks.length - 6);
    // About 2 s on a busy two-core machine (one bar request per stock and month, four at a time).
    expect(coldMs).toBeLessThan(10_000);
    expect(warmMs).toBeLessThan(200);
  });
});
