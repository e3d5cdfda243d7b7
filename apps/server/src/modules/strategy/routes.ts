import {
  DEFAULT_REPORTS_LIMIT,
  DEFAULT_STRATEGY_SLUG,
  errorBody,
  MAX_REPORTS_LIMIT,
  nodesTodayAnswer,
  nodesTodayQuery,
  reportsRecentAnswer,
  reportsRecentQuery,
  strategyPaths,
  strategySchedule,
  strategySlugParams,
  subscription,
  subscriptionIdParams,
} from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type RequireAuth } from '../../http/auth';
import { fieldErrors, HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { scheduleMaintenance } from '../../maintenance';
import { FIRST_CALENDAR_DATE, inCalendar, isIsoDate, LAST_CALENDAR_DATE } from '../market/calendar';
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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
        response: { 200: nodesTodayAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const slug = knownSlug(request.query.slug);
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
          '策略最近 limit 份报告（默认 5，最多 50），最新的交易日及其最晚的阶段在前。result_data 含 market_analysis 与 actionable_watchlist。',
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
      return strategy.recentReports(slug, limit);
    },
  );

  app.get(
    '/v1/strategy/strategies/:slug/subscription/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '策略订阅状态',
        description:
          '当前用户对该策略的订阅：NONE（从未订阅）、PENDING（待支付）、ACTIVE（有效期至 expires_at）或 EXPIRED；history 为每次状态变化。',
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
        summary: '订阅或续订策略',
        description:
          '从未订阅或已过期时创建待支付（PENDING）的订阅；已有待支付的订阅或仍在有效期内时返回 409，不做任何改变。',
        security,
        params: strategySlugParams,
        response: { 201: subscription, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const answer = await subscriptions.subscribe(authOf(request).userId, knownSlug(request.params.slug));
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/v1/strategy/subscription/:id/mock_payment_success/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '模拟支付成功',
        description: `把当前用户自己的待支付订阅激活 30 天。别人的订阅返回 404；已生效或没有待支付时返回 409，不做任何改变。`,
        security,
        params: subscriptionIdParams,
        response: { 200: subscription, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      if (!UUID.test(request.params.id)) throw new HttpError(404, { detail: m.subscriptionNotFound });
      return subscriptions.pay(authOf(request).userId, request.params.id);
    },
  );
};
