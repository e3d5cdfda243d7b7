import {
  errorBody,
  ladderAnswer,
  ladderPaths,
  ladderQuery,
  themesAnswer,
} from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RequireAuth } from '../../http/auth';
import { fieldErrors, HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import {
  CalendarRangeError,
  FIRST_CALENDAR_DATE,
  inCalendar,
  isIsoDate,
  LAST_CALENDAR_DATE,
} from './calendar';
import { buildLadder, buildThemes } from './ladder';
import { FutureDayError, type LimitUpDay, LimitUpDays } from './limitUpDay';
import { MarketSourceError } from './provider';
import type { MarketService } from './service';

export interface LadderRoutesOptions {
  market: MarketService;
  requireAuth: RequireAuth;
  /** The clock; tests pin it. */
  now?: () => Date;
}

const m = messages.market;
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const security = [{ bearerAuth: [] }];

const DAY_HELP = [
  'date 为 YYYY-MM-DD（上海时间），默认最近一个有数据的交易日（开盘后为今天）。',
  'status：closed 休市（周末或节假日，没有涨停池），before_open 交易日尚未开盘，trading 盘中（数据截至 as_of 的 5 分钟时段），complete 已收盘。',
  'previous_trading_day、next_trading_day 为前后交易日（尚未到来则为 null），供页面前后翻日。',
  '日期格式无效或超出交易日历为 400；未来日期、数据源没有该日涨停池为 404；数据源不可用为 503。',
].join('');

export const ladderRoutes: FastifyPluginAsyncZod<LadderRoutesOptions> = async (app, options) => {
  const { market, requireAuth } = options;
  const days = new LimitUpDays(market.provider, options.now ?? (() => new Date()));

  /** The asked day's pools, or the error that tells the client why there are none. */
  async function dayOf(value: string | undefined): Promise<LimitUpDay> {
    const date = value?.trim() || days.latest();
    if (!isIsoDate(date)) throw fieldErrors({ date: [m.invalidDate] });
    if (!inCalendar(date))
      throw fieldErrors({ date: [m.outsideCalendar(FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE)] });
    try {
      return await days.day(date);
    } catch (error) {
      if (error instanceof FutureDayError) throw new HttpError(404, { detail: m.futureDay(date) });
      if (error instanceof CalendarRangeError)
        throw new HttpError(400, { detail: m.outsideCalendar(FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE) });
      if (error instanceof MarketSourceError)
        throw error.kind === 'no-data'
          ? new HttpError(404, { detail: m.noPools(date) })
          : new HttpError(503, { detail: m.sourceUnavailable });
      throw error;
    }
  }

  const dayFields = (day: LimitUpDay) => ({
    date: day.date,
    status: day.status,
    previous_trading_day: day.previousTradingDay,
    next_trading_day: day.nextTradingDay,
    as_of: day.asOf,
    source: market.source,
  });

  app.get(
    ladderPaths.ladder,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '连板天梯',
        description: [
          '该交易日的涨停股按连板数分级（最高板在前），每级为今天第 n 板的个股（首封时间早者在前），',
          '并与前一交易日比较：candidates 为昨日 n−1 板的个股数，promoted 为其中今日再次涨停（晋级）的个数，',
          'promotion_rate 为晋级率，failed 为未晋级的个股（broken 为今日炸板）。',
          DAY_HELP,
        ].join(''),
        security,
        querystring: ladderQuery,
        response: { 200: ladderAnswer, ...errors(400, 401, 404, 503) },
      },
    },
    async (request) => {
      const day = await dayOf(request.query.date);
      const ladder = buildLadder(day.limitUp, day.yesterdayLimitUp, day.broken);
      return {
        ...dayFields(day),
        limit_up_count: ladder.limitUpCount,
        yesterday_limit_up_count: ladder.yesterdayLimitUpCount,
        max_board: ladder.maxBoard,
        promotion_rate: ladder.promotionRate,
        rungs: ladder.rungs,
      };
    },
  );

  app.get(
    ladderPaths.themes,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['stock'],
        summary: '题材涨停',
        description: [
          '该交易日的涨停股按题材分组（题材即数据源给出的所属行业板块），按涨停家数排序，',
          '每个题材给出龙头（最高连板者，同板取首封最早）及昨日涨停家数；昨日有涨停、今日没有的题材排在最后。',
          DAY_HELP,
        ].join(''),
        security,
        querystring: ladderQuery,
        response: { 200: themesAnswer, ...errors(400, 401, 404, 503) },
      },
    },
    async (request) => {
      const day = await dayOf(request.query.date);
      return {
        ...dayFields(day),
        limit_up_count: day.limitUp.length,
        themes: buildThemes(day.limitUp, day.yesterdayLimitUp),
      };
    },
  );
};
