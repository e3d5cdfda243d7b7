import {
  type LadderAnswer,
  ladderAnswer,
  ladderPaths,
  type ThemesAnswer,
  themesAnswer,
} from '../contract/ladder';
import {
  type DailySeriesAnswer,
  dailySeriesAnswer,
  type MinuteSeriesAnswer,
  marketPaths,
  minuteSeriesAnswer,
} from '../contract/market';
import type { HttpClient } from '../http/httpClient';
import type { CallOptions } from './auth';

export interface DailySeriesRange {
  /** `YYYY-MM-DD`; the server defaults to 90 days before `end_date`. */
  start_date?: string;
  /** `YYYY-MM-DD`; the server defaults to today (Asia/Shanghai). */
  end_date?: string;
}

export interface MarketApi {
  /** The daily market emotion points of a range, with the `source` of the market data. */
  dailySeries(range?: DailySeriesRange, options?: CallOptions): Promise<DailySeriesAnswer>;
  /**
   * The 5-minute emotion points of one trading day (`YYYY-MM-DD`, default today in Shanghai); an empty
   * `data` for a day without a session yet (a weekend, before the open).
   */
  minuteSeries(tradeDate?: string, options?: CallOptions): Promise<MinuteSeriesAnswer>;
  /**
   * 连板天梯 of one day (`YYYY-MM-DD`, default the latest trading day with data): its limit-up stocks by
   * consecutive boards, against the day before (晋级率 per rung, who failed).
   */
  ladder(date?: string, options?: CallOptions): Promise<LadderAnswer>;
  /** 题材 of one day: its limit-up stocks by theme (the source's industry board), with their leaders. */
  themes(date?: string, options?: CallOptions): Promise<ThemesAnswer>;
}

export function createMarketApi(http: HttpClient): MarketApi {
  return {
    dailySeries(range = {}, options = {}) {
      return http.get(marketPaths.dailySeries, {
        query: { start_date: range.start_date, end_date: range.end_date },
        schema: dailySeriesAnswer,
        ...options,
      });
    },
    minuteSeries(tradeDate, options = {}) {
      return http.get(marketPaths.minuteSeries, {
        query: { trade_date: tradeDate },
        schema: minuteSeriesAnswer,
        ...options,
      });
    },
    ladder(date, options = {}) {
      return http.get(ladderPaths.ladder, { query: { date }, schema: ladderAnswer, ...options });
    },
    themes(date, options = {}) {
      return http.get(ladderPaths.themes, { query: { date }, schema: themesAnswer, ...options });
    },
  };
}
