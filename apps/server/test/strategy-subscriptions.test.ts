import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { creditLedger, strategySubscriptionEvents, strategySubscriptions } from '../src/db/schema';
import { MarketService } from '../src/modules/market/service';
import { sharedSimulatedMarket } from '../src/modules/market/simulated';
import { StrategyService } from '../src/modules/strategy/service';
import { ledgerState, signUp } from './chat-support';
import { databaseKinds, testConfig, useTestDatabase } from './helpers';

const silent = pino({ level: 'silent' });
const SLUG = 'daily_board_hitting_strategy';
const PLAN = 'board_monthly';
/** Tuesday 2026-11-24, 10:30 in Shanghai: a trading day, inside the morning phase. */
const MORNING = new Date('2026-11-24T02:30:00Z');
const DAY_MS = 86_400_000;
const SUBSCRIPTION = `/api/v1/strategy/strategies/${SLUG}/subscription/`;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

describe.each(databaseKinds)('strategy plans and subscriptions bought with credits on %s', (kind) => {
  const db = useTestDatabase(kind);
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  async function start(now: () => Date) {
    const app = await buildApp(await testConfig(), { database: db().database, now });
    apps.push(app);
    await app.ready();
    const call = async (
      method: 'GET' | 'POST',
      url: string,
      auth: Record<string, string>,
      body?: unknown,
    ): Promise<Answer> => {
      const answer = await app.inject({
        method,
        url,
        headers: auth,
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      return { status: answer.statusCode, body: answer.json() as Record<string, unknown> };
    };
    return { app, call };
  }

  it('sells the seeded monthly plan: price in credits, 30 days, the benefits named', async () => {
    const { app, call } = await start(() => MORNING);
    const me = await signUp(app, db().database.db);
    const plans = await call('GET', '/api/v1/strategy/plans/', me.auth);
    expect(plans.status).toBe(200);
    expect(plans.body).toEqual([
      {
        code: PLAN,
        strategy_slug: SLUG,
        name: '策略月度订阅',
        price_credits: 300,
        duration_days: 30,
        benefits: ['分钟级情绪指标（盘中每 5 分钟）', '策略执行动态（实时）', '当日推荐个股与交易计划'],
      },
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/v1/strategy/plans/' })).statusCode).toBe(401);
    expect((await call('GET', SUBSCRIPTION, me.auth)).body).toEqual({
      id: null,
      strategy_slug: SLUG,
      subscription_status: 'NONE',
      expires_at: null,
      plan: null,
      history: [],
    });
    expect((await call('GET', '/api/v1/strategy/strategies/nope/subscription/', me.auth)).status).toBe(404);
  });

  it('reads an order left PENDING by the old mock payment as not subscribed, its history kept, and sells over it', async () => {
    const { app, call } = await start(() => MORNING);
    const me = await signUp(app, db().database.db);
    const other = await signUp(app, db().database.db);
    const [row] = await db()
      .database.db.insert(strategySubscriptions)
      .values({ userId: me.userId, slug: SLUG, status: 'PENDING' })
      .returning();
    await db()
      .database.db.insert(strategySubscriptionEvents)
      .values({ subscriptionId: row?.id as string, fromStatus: 'NONE', toStatus: 'PENDING' });
    const before = await call('GET', SUBSCRIPTION, me.auth);
    expect(before.body).toMatchObject({ subscription_status: 'NONE', plan: null });
    expect(before.body.history).toMatchObject([
      { from_status: 'NONE', to_status: 'PENDING', plan_code: null },
    ]);
    const bought = await call('POST', SUBSCRIPTION, me.auth, { plan: PLAN, request_id: randomUUID() });
    expect(bought.body).toMatchObject({ id: row?.id, subscription_status: 'ACTIVE', charged: 300 });
    // Someone else's subscription stays theirs.
    expect((await call('GET', SUBSCRIPTION, other.auth)).body.subscription_status).toBe('NONE');
  });

  it('charges the price once in the transaction that activates, a retry charges nothing, renewal extends from the end', async () => {
    let now = MORNING;
    const { app, call } = await start(() => now);
    const me = await signUp(app, db().database.db, 1000);
    const requestId = randomUUID();
    const bought = await call('POST', SUBSCRIPTION, me.auth, { plan: PLAN, request_id: requestId });
    expect(bought.status).toBe(201);
    const end = new Date(MORNING.getTime() + 30 * DAY_MS).toISOString();
    expect(bought.body).toMatchObject({
      subscription_status: 'ACTIVE',
      expires_at: end,
      plan: { code: PLAN, name: '策略月度订阅' },
      credits_balance: 700,
      charged: 300,
    });

    // The same request again (a retry after a lost answer), and two at once: charged once.
    const [retry, again] = await Promise.all([
      call('POST', SUBSCRIPTION, me.auth, { plan: PLAN, request_id: requestId }),
      call('POST', SUBSCRIPTION, me.auth, { plan: PLAN, request_id: requestId }),
    ]);
    for (const answer of [retry, again]) {
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ expires_at: end, credits_balance: 700, charged: 0 });
    }
    const ledger = await db()
      .database.db.select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, me.userId), eq(creditLedger.kind, 'subscription')));
    expect(ledger.map((row) => [row.delta, row.reference, row.note])).toEqual([
      [-300, `strategy-subscription:${requestId}`, '策略月度订阅（30 天）'],
    ]);
    const state = await ledgerState(db().database.db, me.userId);
    expect(state.balance).toBe(700);
    expect(state.ledgerSum).toBe(700);

    // Renewing while active: a new purchase, 30 days more from the current end (not from now).
    now = new Date(MORNING.getTime() + 10 * DAY_MS);
    const renewed = await call('POST', SUBSCRIPTION, me.auth, { plan: PLAN, request_id: randomUUID() });
    expect(renewed.status).toBe(201);
    expect(renewed.body).toMatchObject({
      subscription_status: 'ACTIVE',
      expires_at: new Date(MORNING.getTime() + 60 * DAY_MS).toISOString(),
      credits_balance: 400,
      charged: 300,
    });

    // Past the end: EXPIRED (recorded once), and buying again starts from now.
    now = new Date(MORNING.getTime() + 61 * DAY_MS);
    expect((await call('GET', SUBSCRIPTION, me.auth)).body.subscription_status).toBe('EXPIRED');
    const back = await call('POST', SUBSCRIPTION, me.auth, { plan: PLAN, request_id: randomUUID() });
    expect(back.body).toMatchObject({
      subscription_status: 'ACTIVE',
      expires_at: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      credits_balance: 100,
    });
    const history = (
      back.body.history as { from_status: string; to_status: string; price_credits: number }[]
    ).map((e) => `${e.from_status}→${e.to_status}${e.price_credits ? ` ${e.price_credits}` : ''}`);
    expect(history).toEqual(['NONE→ACTIVE 300', 'ACTIVE→ACTIVE 300', 'ACTIVE→EXPIRED', 'EXPIRED→ACTIVE 300']);
  });

  it('refuses a purchase the balance cannot cover, naming the price and the balance, and changes nothing', async () => {
    const { app, call } = await start(() => MORNING);
    const me = await signUp(app, db().database.db, 120);
    const refused = await call('POST', SUBSCRIPTION, me.auth, { plan: PLAN, request_id: randomUUID() });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      code: 'insufficient_credits',
      detail: '积分不足：策略月度订阅需要 300 积分，当前余额 120 积分。请先获取积分再订阅。',
    });
    expect((await ledgerState(db().database.db, me.userId)).balance).toBe(120);
    expect((await call('GET', SUBSCRIPTION, me.auth)).body).toMatchObject({
      subscription_status: 'NONE',
      id: null,
    });
    const [rows] = await db()
      .database.db.select({ n: count() })
      .from(strategySubscriptions)
      .where(eq(strategySubscriptions.userId, me.userId));
    expect(rows?.n).toBe(0);

    // Bad requests: an unknown plan, a request id that is not a UUID, an unknown strategy.
    expect(
      (await call('POST', SUBSCRIPTION, me.auth, { plan: 'gold', request_id: randomUUID() })).status,
    ).toBe(404);
    expect((await call('POST', SUBSCRIPTION, me.auth, { plan: PLAN, request_id: 'x' })).status).toBe(400);
    expect((await call('POST', SUBSCRIPTION, me.auth, {})).status).toBe(400);
    expect(
      (
        await call('POST', '/api/v1/strategy/strategies/nope/subscription/', me.auth, {
          plan: PLAN,
          request_id: randomUUID(),
        })
      ).status,
    ).toBe(404);
    // The mock payment is gone.
    expect(
      (await call('POST', `/api/v1/strategy/subscription/${randomUUID()}/mock_payment_success/`, me.auth, {}))
        .status,
    ).toBe(404);
  });

  it('gates the minute emotion, the live feed and today’s picks: a free user is refused, a subscriber admitted, expiry closes them', async () => {
    let now = MORNING;
    const { app, call } = await start(() => now);
    const free = await signUp(app, db().database.db);
    const paid = await signUp(app, db().database.db);
    // Today's picks exist: the five backfilled days, then this morning's run.
    const market = new MarketService(db().database.db, sharedSimulatedMarket(), {
      backfillDays: 30,
      logger: silent,
      now: () => MORNING,
    });
    const strategy = new StrategyService(db().database.db, market, { logger: silent, now: () => MORNING });
    await strategy.ensureBackfilled(SLUG);
    expect((await strategy.tick(SLUG))?.outcome).toBe('success');

    const gated = ['/api/v1/market/minute-series/', `/api/v1/strategy/nodes/today/?slug=${SLUG}`] as const;
    for (const url of gated) {
      const refused = await call('GET', url, free.auth);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('subscription_required');
      expect(refused.body.detail).toMatch(/为策略订阅内容，订阅后可查看。$/);
    }
    // Free: the daily emotion, and the reports of the last trading day before today only.
    expect((await call('GET', '/api/v1/market/daily-series/', free.auth)).status).toBe(200);
    const freeReports = (await call('GET', '/api/v1/strategy/reports/recent/', free.auth))
      .body as unknown as {
      trade_date: string;
    }[];
    expect(freeReports.length).toBeGreaterThan(0);
    expect(new Set(freeReports.map((r) => r.trade_date))).toEqual(new Set(['2026-11-23']));

    const bought = await call('POST', SUBSCRIPTION, paid.auth, { plan: PLAN, request_id: randomUUID() });
    expect(bought.status).toBe(201);
    for (const url of gated) expect((await call('GET', url, paid.auth)).status).toBe(200);
    const paidReports = (await call('GET', '/api/v1/strategy/reports/recent/', paid.auth))
      .body as unknown as {
      trade_date: string;
    }[];
    expect(paidReports.map((r) => r.trade_date)).toEqual([
      '2026-11-24',
      '2026-11-23',
      '2026-11-20',
      '2026-11-19',
      '2026-11-18',
    ]);

    // The user menu names the subscription and its end.
    const me = await call('GET', '/api/auth/users/me/', paid.auth);
    expect(me.body.subscription_plan).toEqual({
      name: '策略订阅',
      expires_at: new Date(MORNING.getTime() + 30 * DAY_MS).toISOString(),
    });
    expect(
      ((await call('GET', '/api/auth/users/me/', free.auth)).body.subscription_plan as { name: string }).name,
    ).toBe('免费体验版');

    // Past the end the gates close again.
    now = new Date(MORNING.getTime() + 30 * DAY_MS + 1000);
    for (const url of gated) expect((await call('GET', url, paid.auth)).status).toBe(403);
    expect((await call('GET', SUBSCRIPTION, paid.auth)).body.subscription_status).toBe('EXPIRED');
    const events = await db()
      .database.db.select({ to: strategySubscriptionEvents.toStatus })
      .from(strategySubscriptionEvents)
      .where(eq(strategySubscriptionEvents.subscriptionId, bought.body.id as string));
    expect(events.map((e) => e.to)).toEqual(['ACTIVE', 'EXPIRED']);
  });
});
