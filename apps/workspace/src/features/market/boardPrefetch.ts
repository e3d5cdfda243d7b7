import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { DEFAULT_TRACK_RECORD_WINDOW } from '@wanxiang/api-client';
import { api } from '../../session/api';
import { boardQueries, boardQueryClient, normalStockCode } from './boardQueries';

/**
 * How long an answer asked ahead waits for its page to mount and read it (the board's queries are
 * otherwise dropped as soon as nobody reads them).
 */
const ASKED_AHEAD_MS = 30_000;

/**
 * Asks what the strategy board shows while its code still loads: the route calls this as the navigation
 * starts, so the answers and the page's code arrive together instead of one after the other. Settles when
 * every answer has (a failed one is the page's to show: its panel says so and offers 重试).
 */
export function prefetchBoard(): Promise<void> {
  return settled([
    askAhead(boardQueries.daily(api.market)),
    askAhead(boardQueries.ladder(api.market, null)),
    askAhead(boardQueries.themes(api.market, null)),
    askAhead(boardQueries.subscription(api.strategy)),
    askAhead(boardQueries.plans(api.strategy)),
    askAhead(boardQueries.schedule(api.strategy)),
    askAhead(boardQueries.trackRecord(api.strategy, DEFAULT_TRACK_RECORD_WINDOW)),
    askAhead(boardQueries.watchlist(api.stocks)),
  ]);
}

/** The same for one stock's page: the stock and whether it is in 自选股. */
export function prefetchStock(code: string): Promise<void> {
  return settled([
    askAhead(boardQueries.stock(api.stocks, normalStockCode(code))),
    askAhead(boardQueries.watchlist(api.stocks)),
  ]);
}

/** prefetchQuery never rejects: a failure stays in the query for the page to show. */
function askAhead<T, Key extends QueryKey>(options: FetchQueryOptions<T, Error, T, Key>): Promise<void> {
  return boardQueryClient.prefetchQuery({ ...options, gcTime: ASKED_AHEAD_MS });
}

const settled = (asked: Promise<void>[]) => Promise.all(asked).then(() => undefined);
