import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { strategyNodeLogs, strategyReports, strategyRuns } from '../src/db/schema';
import { type MarketProvider, MarketSourceError } from '../src/modules/market/provider';
import { MarketService } from '../src/modules/market/service';
import { SIMULATED_CODE, sharedSimulatedMarket } from '../src/modules/market/simulated';
import { StrategyService } from '../src/modules/strategy/service';
import { signUp } from './chat-support';
import { createTestDatabase, databaseKinds, testConfig, useTestDatabase } from './helpers';

const silent = pino({ level: 'silent' });
const SLUG = 'daily_board_hitting_strategy';
/** Tuesday 2026-11-24, 10:30 in Shanghai: a trading day, inside the morning phase. */
const MORNING = new Date('2026-11-24T02:30:00Z');
const DAY = '2026-11-24';
const STAGES = ['低位反弹', '震荡偏多', '高位震荡', '风险释放'];

interface Node {
  id: number;
  node_id: string;
  node_type: string;
  node_name_cn: string;
  description: string;
  execution_status: string;
  timestamp: string;
}
interface Stock {
  symbol: string;
  name: string;
  recommendation_reason: string;
  trade_plan: {
    position_level: number;
    entry_strategy_type: string;
    entry_price_low: number | null;
    entry_price_high: number | null;
    stop_loss_type: string | null;
    stop_loss_value: number | null;
  };
}
interface Report {
  id: string;
  trade_date: string;
  run_phase: string;
  run_phase_display: string;
  result_data: {
    data_source: string;
    market_analysis: {
      emotion_stage: string;
      analysis_summary: string;
      key_themes: { theme: string; logic: string }[];
    };
    actionable_watchlist: Stock[];
  };
}

const onTick = (price: number | null) =>
  price === null || Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

describe.each(databaseKinds)('strategy runs and subscriptions on %s', (kind) => {
  const db = useTestDatabase(kind);
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  async function start(now: () => Date = () => MORNING, env: Record<string, string> = {}) {
    const app = await buildApp(await testConfig(env), { database: db().database, now });
    apps.push(app);
    await app.ready();
    return app;
  }

  function service(provider: MarketProvider = sharedSimulatedMarket(), now = () => MORNING) {
    const market = new MarketService(db().database.db, provider, { backfillDays: 30, logger: silent, now });
    return new StrategyService(db().database.db, market, { logger: silent, now });
  }

  it('runs the morning phase once, logging each node with its numbers, and ends with a report', async () => {
    const strategy = service();
    const first = await strategy.tick(SLUG);
    expect(first?.outcome).toBe('success');
    // The same phase again, from this or any instance: already claimed, nothing runs.
    expect((await strategy.tick(SLUG))?.outcome).toBe('taken');
    expect(await strategy.run(SLUG, DAY, 'MORNING')).toEqual({ outcome: 'taken' });

    const nodes = await strategy.nodesOf(SLUG, DAY);
    expect(nodes.map((n) => [n.node_type, n.execution_status])).toEqual([
      ['data_fetch', 'success'],
      ['data_filter', 'success'],
      ['analysis', 'success'],
      ['reporting', 'success'],
    ]);
    expect(nodes.map((n) => n.node_name_cn)).toEqual([
      '获取行情数据',
      '连板梯队筛选',
      '情绪与题材分析',
      '生成策略报告',
    ]);
    expect(nodes[0]?.description).toMatch(/^获取 2026-11-24 10:30 行情：涨停 \d+ 只、炸板 \d+ 只/);
    expect(nodes[1]?.description).toMatch(/^涨停池 \d+ 只：.*保留 \d+ 只候选，入选 \d+ 只。$/);
    expect(nodes[2]?.description).toMatch(/阶段：(低位反弹|震荡偏多|高位震荡|风险释放)/);
    expect(nodes[2]?.description).toContain('规则生成摘要');

    const [report] = (await strategy.recentReports(SLUG, 1)) as unknown as Report[];
    expect(report?.trade_date).toBe(DAY);
    expect(report?.run_phase).toBe('MORNING');
    expect(report?.run_phase_display).toBe('早盘跟踪');
    expect(report?.result_data.data_source).toBe('simulated');
    const analysis = report?.result_data.market_analysis;
    expect(STAGES).toContain(analysis?.emotion_stage);
    expect(analysis?.analysis_summary).toMatch(/^情绪值 [\d.]+（MA5 [\d.]+，MA20 [\d.]+），处于/);
    expect(analysis?.key_themes.length).toBeGreaterThan(0);
    for (const theme of analysis?.key_themes ?? []) expect(theme.logic).toMatch(/只涨停，梯队/);
    const watchlist = report?.result_data.actionable_watchlist ?? [];
    expect(watchlist.length).toBeGreaterThan(0);
    for (const stock of watchlist) {
      expect(stock.symbol).toMatch(SIMULATED_CODE);
      expect(stock.recommendation_reason.length).toBeGreaterThan(10);
      const plan = stock.trade_plan;
      expect(['pullback', 'breakout', 'avoid']).toContain(plan.entry_strategy_type);
      for (const price of [plan.entry_price_low, plan.entry_price_high]) expect(onTick(price)).toBe(true);
      if (plan.entry_strategy_type === 'pullback') {
        expect(plan.entry_price_low).toBeLessThan(plan.entry_price_high as number);
        expect(plan.stop_loss_type).toBe('price');
        expect(plan.stop_loss_value).toBeLessThan(plan.entry_price_low as number);
      }
      if (plan.entry_strategy_type === 'breakout') expect(plan.entry_price_low).toBe(plan.entry_price_high);
    }
    // The selection is the stocks of the day's limit-up ladder at 10:30.
    const slot = (await sharedSimulatedMarket().intradaySnapshots(DAY))[11];
    const ladder = new Set(slot?.limitUp.map((s) => s.code));
    for (const stock of watchlist) expect(ladder.has(stock.symbol)).toBe(true);
  });

  it('logs a failed node with its reason and stops the run cleanly', async () => {
    const market = sharedSimulatedMarket();
    const failing: MarketProvider = Object.assign(Object.create(market) as MarketProvider, {
      source: market.source,
      intradaySnapshots: async () => {
        throw new MarketSourceError('simulated', 'connection reset');
      },
    });
    const strategy = service(failing);
    const result = await strategy.run(SLUG, DAY, 'AFTERNOON');
    expect(result.outcome).toBe('failed');
    expect(result.error).toContain('行情数据源不可用');
    const nodes = await strategy.nodesOf(SLUG, DAY);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ node_type: 'data_fetch', execution_status: 'failed' });
    expect(nodes[0]?.description).toMatch(/^执行失败：行情数据源不可用（simulated: connection reset）/);
    const [run] = await db().database.db.select().from(strategyRuns);
    expect(run).toMatchObject({ status: 'failed', phase: 'AFTERNOON' });
    expect(run?.finishedAt).not.toBeNull();
    const [reports] = await db().database.db.select({ n: count() }).from(strategyReports);
    expect(reports?.n).toBe(0);
  });

  it('serves the nodes of a day and the recent reports, backfilled on a fresh install', async () => {
    const app = await start();
    const { auth } = await signUp(app, db().database.db);
    // The feed and the newest reports are a subscriber's (strategy-subscriptions.test.ts has the gates).
    const bought = await app.inject({
      method: 'POST',
      url: `/api/v1/strategy/strategies/${SLUG}/subscription/`,
      headers: auth,
      payload: { plan: 'board_monthly', request_id: randomUUID() },
    });
    expect(bought.statusCode).toBe(201);
    const get = async (url: string) => {
      const answer = await app.inject({ method: 'GET', url, headers: auth });
      return { status: answer.statusCode, body: answer.json() as unknown };
    };
    expect((await get('/api/v1/strategy/reports/recent/')).status).toBe(200);
    const recent = (await get(`/api/v1/strategy/reports/recent/?slug=${SLUG}`)).body as Report[];
    // Five post-close reports of the five trading days before today, newest first.
    expect(recent.map((r) => [r.trade_date, r.run_phase])).toEqual([
      ['2026-11-23', 'POST_CLOSE'],
      ['2026-11-20', 'POST_CLOSE'],
      ['2026-11-19', 'POST_CLOSE'],
      ['2026-11-18', 'POST_CLOSE'],
      ['2026-11-17', 'POST_CLOSE'],
    ]);
    expect(recent[0]?.run_phase_display).toBe('盘后复盘');
    expect(((await get('/api/v1/strategy/reports/recent/?limit=2')).body as Report[]).length).toBe(2);
    for (const limit of ['0', '51', 'x', '1.5'])
      expect((await get(`/api/v1/strategy/reports/recent/?limit=${limit}`)).status).toBe(400);
    expect((await get('/api/v1/strategy/reports/recent/?slug=nope')).status).toBe(404);

    const past = (await get(`/api/v1/strategy/nodes/today/?slug=${SLUG}&date=2026-11-23`)).body as Node[];
    expect(past.map((n) => n.node_type)).toEqual(['data_fetch', 'data_filter', 'analysis', 'reporting']);
    expect((await get('/api/v1/strategy/nodes/today/')).body).toEqual([]);
    const bad = await get('/api/v1/strategy/nodes/today/?date=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: { date: ['日期无效，应为 YYYY-MM-DD 格式的有效日期。'] } });
    expect((await get('/api/v1/strategy/nodes/today/?date=2031-01-01')).status).toBe(400);
    expect((await get('/api/v1/strategy/nodes/today/?slug=unknown')).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v1/strategy/nodes/today/' })).statusCode).toBe(401);
  });

  /** A post-close report stored as before reports named their market (no data_source); its run's id. */
  async function storeUnlabelledReport(slug: string, pick: { symbol: string; name: string }) {
    const database = db().database.db;
    const [run] = await database
      .insert(strategyRuns)
      .values({ slug, tradeDate: '2026-11-23', phase: 'POST_CLOSE', status: 'success' })
      .returning({ id: strategyRuns.id });
    if (!run) throw new Error('no run');
    await database.insert(strategyReports).values({
      runId: run.id,
      slug,
      tradeDate: '2026-11-23',
      phase: 'POST_CLOSE',
      resultData: { actionable_watchlist: [pick] },
    });
    return run.id;
  }

  it('drops the simulated reports stored before reports named their market, and makes them again', async () => {
    const slug = 'relabelled';
    const database = db().database.db;
    // A report of the first simulated universe: an invented name on a listed company's code.
    const old = await storeUnlabelledReport(slug, { symbol: '000769', name: '信达医药' });
    await database.insert(strategyNodeLogs).values({
      runId: old,
      slug,
      tradeDate: '2026-11-23',
      nodeId: 'reporting',
      nodeType: 'reporting',
      nodeNameCn: '生成策略报告',
      executionStatus: 'success',
    });

    expect(await service().backfill(slug)).toBe(5);
    const reports = await database.select().from(strategyReports).where(eq(strategyReports.slug, slug));
    expect(reports.map((r) => r.tradeDate).sort()).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-23',
    ]);
    for (const report of reports) {
      const data = report.resultData as Report['result_data'] & { data_source?: string };
      expect(data.data_source).toBe('simulated');
      for (const stock of data.actionable_watchlist) expect(stock.symbol).toMatch(SIMULATED_CODE);
    }
    expect(await database.select().from(strategyNodeLogs).where(eq(strategyNodeLogs.runId, old))).toEqual([]);
  });

  it('keeps the unlabelled reports of a real market', async () => {
    const slug = 'real-unlabelled';
    const database = db().database.db;
    const old = await storeUnlabelledReport(slug, { symbol: '600519', name: '贵州茅台' });
    const simulated = sharedSimulatedMarket();
    // The same market data under a real source's name: only the label matters here.
    const real: MarketProvider = Object.assign(Object.create(simulated) as MarketProvider, {
      source: 'eastmoney',
    });
    await service(real).backfill(slug);
    const kept = await database.select().from(strategyReports).where(eq(strategyReports.runId, old));
    expect(kept).toHaveLength(1);
  });

  it('serves the schedule: the day’s run times and the next run, 休市 on a weekend', async () => {
    const weekday = await start();
    const { auth } = await signUp(weekday, db().database.db);
    const answer = await weekday.inject({ method: 'GET', url: '/api/v1/strategy/schedule/', headers: auth });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      today: DAY,
      trading_day: true,
      next_run: { date: DAY, at: '13:45', phase: 'AFTERNOON', display: '午后评估' },
    });
    expect((answer.json() as { runs: { at: string }[] }).runs.map((r) => r.at)).toEqual([
      '08:45',
      '10:30',
      '13:45',
      '15:30',
    ]);
    expect((await weekday.inject({ method: 'GET', url: '/api/v1/strategy/schedule/' })).statusCode).toBe(401);

    const saturday = await start(() => new Date('2026-11-28T02:00:00Z'));
    const { auth: other } = await signUp(saturday, db().database.db);
    const closed = await saturday.inject({
      method: 'GET',
      url: '/api/v1/strategy/schedule/',
      headers: other,
    });
    expect(closed.json()).toMatchObject({
      today: '2026-11-28',
      trading_day: false,
      next_run: { date: '2026-11-30', at: '08:45', phase: 'PRE_OPEN' },
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two server instances on one PostgreSQL', () => {
  it('run each scheduled phase exactly once between them', async () => {
    const test = await createTestDatabase('postgres');
    const apps: FastifyInstance[] = [];
    try {
      await test.reset();
      const env = { STRATEGY_SCHEDULER: 'on', STRATEGY_TICK: '1s', MARKET_BACKFILL_DAYS: '30' };
      for (let i = 0; i < 2; i += 1) {
        const app = await buildApp(await testConfig(env), { database: test.database, now: () => MORNING });
        apps.push(app);
      }
      await Promise.all(apps.map((app) => app.ready()));
      const { db } = test.database;
      const morning = and(eq(strategyRuns.tradeDate, DAY), eq(strategyRuns.phase, 'MORNING'));
      await expect
        .poll(async () => (await db.select().from(strategyRuns).where(morning)).map((r) => r.status), {
          timeout: 60_000,
          interval: 200,
        })
        .toEqual(['success']);
      // Both instances keep ticking every second; a few more ticks change nothing.
      const nodesAfterRun = await db.select({ n: count() }).from(strategyNodeLogs);
      // The five backfilled days follow the morning run; wait until all six have finished.
      await expect
        .poll(async () => (await db.select().from(strategyRuns)).map((r) => r.status).join(), {
          timeout: 60_000,
          interval: 200,
        })
        .toBe(Array(6).fill('success').join());
      const [run] = await db.select().from(strategyRuns).where(morning);
      const nodes = await db
        .select()
        .from(strategyNodeLogs)
        .where(eq(strategyNodeLogs.runId, run?.id as string));
      expect(nodes).toHaveLength(4);
      const reports = await db.select().from(strategyReports).where(eq(strategyReports.tradeDate, DAY));
      expect(reports).toHaveLength(1);
      expect(nodesAfterRun[0]?.n).toBeGreaterThanOrEqual(4);
      const [all] = await db.select({ n: count() }).from(strategyNodeLogs);
      // The morning run and the five backfilled days: six runs of four nodes, none doubled.
      expect(all?.n).toBe(24);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await test.dispose();
    }
  });
});
