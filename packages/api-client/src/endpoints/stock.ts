import {
  type StockDetail,
  stockDetail,
  stockPaths,
  type WatchlistAnswer,
  type WatchlistEntry,
  watchlistAnswer,
  watchlistEntry,
} from '../contract/stock';
import type { HttpClient } from '../http/httpClient';
import type { CallOptions } from './auth';

export interface StockDetailQuery {
  /** `YYYY-MM-DD`; the server defaults to 120 trading days before `end_date`. */
  start_date?: string;
  /** `YYYY-MM-DD`; the server defaults to today (Asia/Shanghai). */
  end_date?: string;
  /** The minute bars' day; the server defaults to the last daily bar's. */
  trade_date?: string;
}

export interface StockApi {
  /** One stock's page: quote, daily and minute bars, limit-up days, the reports that picked it. 404 unknown. */
  detail(code: string, query?: StockDetailQuery, options?: CallOptions): Promise<StockDetail>;
  /** The user's 自选股 with each stock's latest change and pick history. */
  watchlist(options?: CallOptions): Promise<WatchlistAnswer>;
  /** Adds a code: 400 malformed, 404 unknown, 409 already there or the list full (the detail says which). */
  watch(code: string, options?: CallOptions): Promise<WatchlistEntry>;
  /** Removes a code: 404 when it is not in the list. */
  unwatch(code: string, options?: CallOptions): Promise<void>;
}

export function createStockApi(http: HttpClient): StockApi {
  return {
    detail(code, query = {}, options = {}) {
      return http.get(stockPaths.detail(code), {
        query: { start_date: query.start_date, end_date: query.end_date, trade_date: query.trade_date },
        schema: stockDetail,
        ...options,
      });
    },
    watchlist(options = {}) {
      return http.get(stockPaths.watchlist, { schema: watchlistAnswer, ...options });
    },
    watch(code, options = {}) {
      return http.post(stockPaths.watchlist, { json: { code }, schema: watchlistEntry, ...options });
    },
    async unwatch(code, options = {}) {
      await http.delete(stockPaths.watchlistItem(code), options);
    },
  };
}
