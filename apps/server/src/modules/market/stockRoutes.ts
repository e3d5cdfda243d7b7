import {
  DEFAULT_STOCK_BARS,
  errorBody,
  MAX_STOCK_RANGE_DAYS,
  MAX_WATCHLIST_STOCKS,
  stockCodeParams,
  stockDetail,
  stockDetailQuery,
  stockPaths,
  watchlistAddRequest,
  watchlistAnswer,
  watchlistEntry,
} from '@wanxiang/api-client/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, type RequireAuth } from '../../http/auth';
import { fieldErrors, HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import {
  CalendarRangeError,
  daysBetween,
  FIRST_CALENDAR_DATE,
  inCalendar,
  isIsoDate,
  isTradingDay,
  LAST_CALENDAR_DATE,
  tradingDaysBefore,
} from './calendar';
import { MarketSourceError } from './provider';
import type { MarketService } from './service';
import { StockError, type StockService } from './stocks';

export interface StockRoutesOptions {
  market: MarketService;
  stocks: StockService;
  requireAuth: RequireAuth;
  /**
   * Whether the user sees today's strategy picks (a subscriber); without it, the reports of today are left
   * out of a stock's page and pick history, as they are from the report list.
   */
  seesToday?: (request: FastifyRequest) => Promise<boolean>;
}

const m = messages.market;
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const security = [{ bearerAuth: [] }];

function queryDate(field: string, value: string | undefined, fallback: string): string {
  const date = value?.trim() || fallback;
  if (!isIsoDate(date)) throw fieldErrors({ [field]: [m.invalidDate] });
  if (!inCalendar(date))
    throw fieldErrors({ [field]: [m.outsideCalendar(FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE)] });
  return date;
}

/** The service's and the source's failures as the client reads them. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StockError)
      throw error.status === 400 && error.field
        ? fieldErrors({ [error.field]: [error.message] })
        : new HttpError(error.status, { detail: error.message });
    if (error instanceof CalendarRangeError)
      throw new HttpError(400, { detail: m.outsideCalendar(FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE) });
    if (error instanceof MarketSourceError) throw new HttpError(503, { detail: m.sourceUnavailable });
    throw error;
  }
}

export const stockRoutes: FastifyPluginAsyncZod<StockRoutesOptions> = async (app, options) => {
  const { market, stocks, requireAuth } = options;
  const seesToday = (request: FastifyRequest) => options.seesToday?.(request) ?? Promise.resolve(true);

  app.get(
    '/v1/market/stocks/:code/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '个股详情',
        description: [
          '一只股票的名称、板块、行业，最新交易日的行情（盘中为截至当前分钟，partial 为 true），',
          `start_date 到 end_date（含，YYYY-MM-DD）的日 K（默认最近 ${DEFAULT_STOCK_BARS} 个交易日，范围不超过 ${MAX_STOCK_RANGE_DAYS} 天），`,
          'trade_date（默认最后一根日 K 的日期）的分时（09:30、09:31…11:30、13:01…15:00），',
          '范围内的涨停日（连板数）和点名它的策略报告（含决策）。代码格式不对为 400，没有这只股票为 404。',
          'source 为 simulated 时为模拟行情。',
        ].join(''),
        security,
        params: stockCodeParams,
        querystring: stockDetailQuery,
        response: { 200: stockDetail, ...errors(400, 401, 404, 503) },
      },
    },
    async (request) =>
      answering(async () => {
        const code = stocks.normalize(request.params.code);
        const today = market.today();
        const end = queryDate('end_date', request.query.end_date, today);
        // By default the last DEFAULT_STOCK_BARS bars: asked from one trading day earlier, for before the
        // session opens the end day has no bar yet.
        const byDefault = !request.query.start_date?.trim();
        const start = queryDate(
          'start_date',
          request.query.start_date,
          tradingDaysBefore(end, isTradingDay(end) ? DEFAULT_STOCK_BARS : DEFAULT_STOCK_BARS + 1)[0] ?? end,
        );
        if (start > end) throw fieldErrors({ start_date: [m.reversedRange] });
        if (daysBetween(start, end) > MAX_STOCK_RANGE_DAYS)
          throw fieldErrors({ start_date: [m.rangeTooLong(MAX_STOCK_RANGE_DAYS)] });
        const minuteDate = request.query.trade_date?.trim()
          ? queryDate('trade_date', request.query.trade_date, today)
          : undefined;
        return stocks.detail(
          code,
          {
            start,
            end,
            ...(minuteDate ? { minuteDate } : {}),
            ...(byDefault ? { latest: DEFAULT_STOCK_BARS } : {}),
          },
          authOf(request).userId,
          await seesToday(request),
        );
      }),
  );

  app.get(
    stockPaths.watchlist,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '自选股',
        description: `当前用户的自选股（最多 ${MAX_WATCHLIST_STOCKS} 只），最近加入的在前：名称、最新交易日涨跌幅、被策略报告点名的次数和最近一次的决策。`,
        security,
        response: { 200: watchlistAnswer, ...errors(401, 503) },
      },
    },
    async (request) =>
      answering(async () => ({
        data: await stocks.watchlist(authOf(request).userId, await seesToday(request)),
        limit: MAX_WATCHLIST_STOCKS,
        source: market.source,
      })),
  );

  app.post(
    stockPaths.watchlist,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '加入自选股',
        description: `加入一只股票。代码格式不对为 400，没有这只股票为 404，已在自选股中或已满 ${MAX_WATCHLIST_STOCKS} 只为 409。`,
        security,
        body: watchlistAddRequest,
        response: { 201: watchlistEntry, ...errors(400, 401, 404, 409, 503) },
      },
    },
    async (request, reply) =>
      answering(async () => {
        const code = stocks.normalize(request.body.code);
        const entry = await stocks.add(authOf(request).userId, code, await seesToday(request));
        return reply.code(201).send(entry);
      }),
  );

  app.delete(
    '/v1/market/watchlist/:code/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '移出自选股',
        description: '从自选股中移出一只股票；它不在自选股中为 404。',
        security,
        params: stockCodeParams,
        response: { 204: z.null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) =>
      answering(async () => {
        await stocks.remove(authOf(request).userId, stocks.normalize(request.params.code));
        return reply.code(204).send(null);
      }),
  );
};
