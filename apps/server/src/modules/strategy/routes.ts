import {
  DEFAULT_REPORTS_LIMIT,
  DEFAULT_STRATEGY_SLUG,
  DEFAULT_TRACK_RECORD_WINDOW,
  errorBody,
  MAX_REPORTS_LIMIT,
  nodesTodayAnswer,
  nodesTodayQuery,
  reportsRecentAnswer,
  reportsRecentQuery,
  strategyPaths,
  strategyPlansAnswer,
  strategySchedule,
  strategySlugParams,
  subscribeAnswer,
  subscribeRequest,
  subscription,
  TRACK_RECORD_WINDOWS,
  type TrackRecordWindow,
  trackRecord,
  trackRecordPaths,
  trackRecordQuery,
} from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type RequireAuth } from '../../http/auth';
import { fieldErrors, HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { scheduleMaintenance } from '../../maintenance';
import { FIRST_CALENDAR_DATE, inCalendar, isIsoDate, LAST_CALENDAR_DATE } from '../market/calendar';
import { MarketSourceError } from '../market/provider';
import { scheduleAt } from './phases';
import { STRATEGY_SLUGS, type StrategyService } from './service';
import type { SubscriptionService } from './subscriptions';

export interface StrategyRoutesOptions {
  strategy: StrategyService;
  subscriptions: SubscriptionService;
  requireAuth: RequireAuth;
  /** Run the scheduler in this process (STRATEGY_SCHEDULER); off in tests that drive runs themselves. */
  schedule: boolean;
  /** How often the scheduler looks for a due run. */
  tickMs: number;
}

const m = messages.strategy;
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const security = [{ bearerAuth: [] }];

function knownSlug(value: string | undefined): string {
  const slug = value?.trim() || DEFAULT_STRATEGY_SLUG;
  if (!(STRATEGY_SLUGS as readonly string[]).includes(slug))
    throw new HttpError(404, { detail: m.unknownStrategy });
  return slug;
}

export const strategyRoutes: FastifyPluginAsyncZod<StrategyRoutesOptions> = async (app, options) => {
  const { strategy, subscriptions, requireAuth } = options;
  if (options.schedule) {
    // Every tick runs the phase due now unless an instance already claimed it: a server that was down at
    // the scheduled minute runs it when it is back within the phase (at its first tick), and never twice
    // (README.md). Nothing runs while the server starts: readiness is never held by a run or a backfill.
    scheduleMaintenance(app, {
      name: 'strategy runs',
      run: async () => {
        for (const slug of STRATEGY_SLUGS) await strategy.tick(slug);
        await strategy.ensureBackfilled();
      },
      intervalMs: options.tickMs,
    });
  }

  app.get(
    strategyPaths.nodesToday,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '策略执行节点日志',
        description:
          '策略（slug，默认 daily_board_hitting_strategy）在 date（YYYY-MM-DD，上海时间，默认今天）各次运行的节点日志，按时间从早到晚；页面倒序显示。运行中的节点 description 为空。',
        security,
        querystring: nodesTodayQuery,
        response: { 200: nodesTodayAnswer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const slug = knownSlug(request.query.slug);
      // The live feed is a subscriber's: 403 subscription_required otherwise.
      await subscriptions.requireActive(authOf(request).userId, slug, m.liveFeed);
      const date = request.query.date?.trim() || strategy.today();
      if (!isIsoDate(date)) throw fieldErrors({ date: [messages.market.invalidDate] });
      if (!inCalendar(date))
        throw fieldErrors({
          date: [messages.market.outsideCalendar(FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE)],
        });
      return strategy.nodesOf(slug, date);
    },
  );

  app.get(
    strategyPaths.schedule,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '策略运行时间表',
        description:
          '今天（上海时间）是否交易日（周末与交易所节假日休市，不运行）、交易日各阶段的运行时间，以及下一次运行（今天稍后，或下一个交易日的盘前分析；超出交易日历时为 null）。',
        security,
        response: { 200: strategySchedule, ...errors(401) },
      },
    },
    async () => scheduleAt(strategy.clock()),
  );

  app.get(
    strategyPaths.reportsRecent,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '最近的策略报告',
        description:
          '策略最近 limit 份报告（默认 5，最多 50），最新的交易日及其最晚的阶段在前。result_data 含 market_analysis 与 actionable_watchlist。未订阅的用户只收到上一个交易日（今天之前最近一个有报告的交易日）的报告，今天的推荐为订阅内容。',
        security,
        querystring: reportsRecentQuery,
        response: { 200: reportsRecentAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const slug = knownSlug(request.query.slug);
      const raw = request.query.limit?.trim();
      const limit = raw ? Number(raw) : DEFAULT_REPORTS_LIMIT;
      if (!/^\d+$/.test(raw ?? '5') || !Number.isInteger(limit) || limit < 1 || limit > MAX_REPORTS_LIMIT)
        throw fieldErrors({ limit: [m.invalidLimit(MAX_REPORTS_LIMIT)] });
      const subscribed = await subscriptions.activeUntil(authOf(request).userId, slug);
      return strategy.recentReports(slug, limit, { lastCompletedDayOnly: !subscribed });
    },
  );

  app.get(
    trackRecordPaths.trackRecord,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '策略历史战绩',
        description:
          '最近 window 个交易日（20 或 60，默认 20）的推荐在次一交易日的表现，按决策（核心仓位、标准仓位、中等仓位、轻仓试探、关注、回避）分列：已验证个数、胜率（次日收盘收益 > 0 的比例）、平均与最差次日收盘收益（%，相对报告所依据交易日的收盘价，亏损照计）；次日尚未收盘的为待验证，不计入。每个交易日只计依据其收盘的最后一份报告。',
        security,
        querystring: trackRecordQuery,
        response: { 200: trackRecord, ...errors(400, 401, 404, 503) },
      },
    },
    async (request) => {
      const slug = knownSlug(request.query.slug);
      const raw = request.query.window?.trim() || String(DEFAULT_TRACK_RECORD_WINDOW);
      const window = TRACK_RECORD_WINDOWS.find((w) => String(w) === raw);
      if (!window) throw fieldErrors({ window: [m.invalidWindow(TRACK_RECORD_WINDOWS.join('、'))] });
      try {
        return await strategy.trackRecord(slug, window as TrackRecordWindow);
      } catch (error) {
        if (error instanceof MarketSourceError)
          throw new HttpError(503, { detail: messages.market.sourceUnavailable });
        throw error;
      }
    },
  );

  app.get(
    strategyPaths.plans,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '策略订阅方案',
        description:
          '在售的订阅方案：价格（积分）、时长（天）与权益。未订阅可看日级情绪与上一个交易日的报告；订阅后可看分钟级情绪、策略执行动态与当日推荐个股。',
        security,
        response: { 200: strategyPlansAnswer, ...errors(401) },
      },
    },
    async () => subscriptions.plans(DEFAULT_STRATEGY_SLUG),
  );

  app.get(
    '/v1/strategy/strategies/:slug/subscription/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '策略订阅状态',
        description:
          '当前用户对该策略的订阅：NONE（从未订阅）、ACTIVE（有效期至 expires_at）或 EXPIRED；plan 为最近购买的方案；history 为每次状态变化（早期记录中可能有 PENDING）。',
        security,
        params: strategySlugParams,
        response: { 200: subscription, ...errors(400, 401, 404) },
      },
    },
    async (request) => subscriptions.get(authOf(request).userId, knownSlug(request.params.slug)),
  );

  app.post(
    '/v1/strategy/strategies/:slug/subscription/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '用积分订阅或续订策略',
        description:
          '用积分购买方案 plan：未订阅或已过期时从现在起生效，仍在有效期内时从当前到期时间顺延。扣费与生效在同一事务中；request_id（UUID）标识这次购买，重复发送不再扣费，返回相同结果（charged 为 0）。余额不足时返回 402（code insufficient_credits），说明价格与余额，不做任何改变。',
        security,
        params: strategySlugParams,
        body: subscribeRequest,
        response: { 201: subscribeAnswer, ...errors(400, 401, 402, 404) },
      },
    },
    async (request, reply) => {
      const answer = await subscriptions.subscribe(authOf(request).userId, knownSlug(request.params.slug), {
        planCode: request.body.plan,
        requestId: request.body.request_id,
      });
      return reply.code(201).send(answer);
    },
  );
};
