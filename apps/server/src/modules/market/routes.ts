import {
  dailySeriesAnswer,
  dailySeriesQuery,
  errorBody,
  MAX_EMOTION_RANGE_DAYS,
  marketPaths,
  minuteSeriesAnswer,
  minuteSeriesQuery,
} from '@wanxiang/api-client/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RequireAuth } from '../../http/auth';
import { fieldErrors, HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { scheduleMaintenance } from '../../maintenance';
import {
  addDays,
  CalendarRangeError,
  daysBetween,
  FIRST_CALENDAR_DATE,
  inCalendar,
  isIsoDate,
  LAST_CALENDAR_DATE,
} from './calendar';
import { MarketSourceError } from './provider';
import type { MarketService } from './service';

export interface MarketRoutesOptions {
  market: MarketService;
  requireAuth: RequireAuth;
  /** Refuses (403 subscription_required) a signed-in user without a strategy subscription: the minute emotion is a subscriber's. */
  requireSubscriber?: (request: FastifyRequest) => Promise<void>;
}

const m = messages.market;
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const security = [{ bearerAuth: [] }];
/** The page asks for the last 2160 hours. */
const DEFAULT_RANGE_DAYS = 90;
const ARCHIVE_INTERVAL_MS = 15 * 60_000;

/** A query date: a real `YYYY-MM-DD` inside the trading calendar, or a 400 naming the field. */
function queryDate(field: string, value: string | undefined, fallback: string): string {
  const date = value?.trim() || fallback;
  if (!isIsoDate(date)) throw fieldErrors({ [field]: [m.invalidDate] });
  if (!inCalendar(date))
    throw fieldErrors({ [field]: [m.outsideCalendar(FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE)] });
  return date;
}

/** What a failing source or a day past the calendar means to the client. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CalendarRangeError)
      throw new HttpError(400, { detail: m.outsideCalendar(FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE) });
    if (error instanceof MarketSourceError) throw new HttpError(503, { detail: m.sourceUnavailable });
    throw error;
  }
}

export const marketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (app, options) => {
  const { market, requireAuth, requireSubscriber } = options;
  // Archives each day as it completes, and backfills a server nobody visits. The first visit does not wait
  // for this timer: it runs the backfill itself (MarketService.ensureBackfilled).
  scheduleMaintenance(app, {
    name: 'archive market emotion',
    run: () => market.backfill(),
    intervalMs: ARCHIVE_INTERVAL_MS,
  });

  app.get(
    marketPaths.dailySeries,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '每日情绪指标',
        description: [
          '从 start_date 到 end_date（含，YYYY-MM-DD，上海时间）每个交易日的情绪值（0–100）及其 5 日、20 日均线，',
          '均线按交易日计算。默认最近 90 天到今天；范围不能超过 366 天，开始日期不能晚于结束日期。',
          '每个点附带各分项得分（scores）和原始输入（inputs）。盘中今天的点取最新一个 5 分钟时段的值（partial 为 true）。',
          'source 为 simulated 时数据来自内置的模拟行情（页面显示“模拟行情”）。',
        ].join(''),
        security,
        querystring: dailySeriesQuery,
        response: { 200: dailySeriesAnswer, ...errors(400, 401, 503) },
      },
    },
    async (request) =>
      answering(async () => {
        const end = queryDate('end_date', request.query.end_date, market.today());
        const start = queryDate('start_date', request.query.start_date, addDays(end, -DEFAULT_RANGE_DAYS));
        if (start > end) throw fieldErrors({ start_date: [m.reversedRange] });
        if (daysBetween(start, end) > MAX_EMOTION_RANGE_DAYS)
          throw fieldErrors({ start_date: [m.rangeTooLong(MAX_EMOTION_RANGE_DAYS)] });
        return { data: await market.dailySeries(start, end), source: market.source };
      }),
  );

  app.get(
    marketPaths.minuteSeries,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '分钟级情绪指标',
        description: [
          'trade_date（YYYY-MM-DD，默认今天）每个 5 分钟时段结束时的情绪值（0–100）及当日时段的 5、20 期均线：',
          '09:35…11:30 与 13:05…15:00 共 48 个时段，timestamp 为时段结束时刻（+08:00）。盘中只返回已结束的时段；',
          '非交易日或未来日期返回空列表。source 为 simulated 时数据来自内置的模拟行情。未订阅策略的用户得到 403（code subscription_required）。',
        ].join(''),
        security,
        querystring: minuteSeriesQuery,
        response: { 200: minuteSeriesAnswer, ...errors(400, 401, 403, 503) },
      },
    },
    async (request) =>
      answering(async () => {
        await requireSubscriber?.(request);
        const date = queryDate('trade_date', request.query.trade_date, market.today());
        return { data: await market.minuteSeries(date), source: market.source };
      }),
  );
};
