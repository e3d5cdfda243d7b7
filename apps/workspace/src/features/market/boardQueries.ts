import { QueryClient, queryOptions } from '@tanstack/react-query';
import type {
  DailySeriesAnswer,
  LadderAnswer,
  MarketApi,
  StockApi,
  StrategyApi,
  ThemesAnswer,
  TrackRecordWindow,
} from '@wanxiang/api-client';
import { AUTH_LOGOUT_EVENT } from '@wanxiang/api-client/auth';
import { shanghaiDate, shanghaiDateDaysBefore } from './shanghaiTime';

/**
 * The strategy board's queries (TanStack Query): the polling, the dropping of answers for a page that is
 * gone, and the sharing of one request between two readers are the library's. Nothing is cached once the
 * board is closed (gcTime 0), so the next visit starts from a fresh answer; what the route asked ahead
 * (boardPrefetch.ts) waits a little longer for the page to mount, and a sign-out forgets everything, so the
 * next account signed in on this tab never sees this one's. A failed request is not retried by itself: the
 * board says so and offers 重试, and the polling tries again at its next turn.
 */
export const boardQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: 0,
      // An answer a few seconds old is not asked again when one more panel reading it mounts (the route
      // asked it ahead; the board's panels mount as the page renders). Polling and 重试 ask regardless.
      staleTime: 5_000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchIntervalInBackground: true,
    },
    mutations: { retry: false },
  },
});

globalThis.addEventListener?.(AUTH_LOGOUT_EVENT, () => boardQueryClient.clear());

export type LoadStatus = 'loading' | 'error' | 'ready';

/** A query's state as a panel shows it: loading until the first answer, then ready or failed. */
export function loadStatus(query: { isPending: boolean; isError: boolean }): LoadStatus {
  return query.isPending ? 'loading' : query.isError ? 'error' : 'ready';
}

/** The daily emotion window: the last 90 days up to today. */
export const DAILY_WINDOW_DAYS = 90;

export const dailyKey = ['emotion', 'daily'] as const;
export const subscriptionKey = ['strategy', 'subscription'] as const;
export const plansKey = ['strategy', 'plans'] as const;
export const scheduleKey = ['strategy', 'schedule'] as const;
export const watchlistKey = ['market', 'watchlist'] as const;
/** A stock code as its page and its queries name it, whatever the address's case and spaces. */
export const normalStockCode = (code: string) => code.trim().toUpperCase();
export const stockKey = (code: string) => ['market', 'stock', code] as const;
export const trackRecordKey = (window: TrackRecordWindow) => ['strategy', 'track-record', window] as const;

/**
 * The board's and the stock page's queries that need nothing but their endpoint, one definition each: the
 * hooks read them, and the routes start them (boardPrefetch.ts) while the page's code still loads.
 */
export const boardQueries = {
  daily: (api: Pick<MarketApi, 'dailySeries'>) =>
    queryOptions({
      queryKey: dailyKey,
      queryFn: (): Promise<DailySeriesAnswer> => {
        const now = Date.now();
        return api.dailySeries({
          start_date: shanghaiDateDaysBefore(now, DAILY_WINDOW_DAYS),
          end_date: shanghaiDate(now),
        });
      },
    }),
  subscription: (api: Pick<StrategyApi, 'subscription'>) =>
    queryOptions({ queryKey: subscriptionKey, queryFn: () => api.subscription() }),
  plans: (api: Pick<StrategyApi, 'plans'>) =>
    queryOptions({ queryKey: plansKey, queryFn: () => api.plans() }),
  schedule: (api: Pick<StrategyApi, 'schedule'>) =>
    queryOptions({ queryKey: scheduleKey, queryFn: () => api.schedule() }),
  /** One day's 连板天梯; null for the latest day with data. */
  ladder: (api: Pick<MarketApi, 'ladder'>, date: string | null) =>
    queryOptions({
      queryKey: ['limit-up', 'ladder', date] as const,
      queryFn: (): Promise<LadderAnswer> => api.ladder(date ?? undefined),
    }),
  themes: (api: Pick<MarketApi, 'themes'>, date: string | null) =>
    queryOptions({
      queryKey: ['limit-up', 'themes', date] as const,
      queryFn: (): Promise<ThemesAnswer> => api.themes(date ?? undefined),
    }),
  trackRecord: (api: Pick<StrategyApi, 'trackRecord'>, window: TrackRecordWindow) =>
    queryOptions({ queryKey: trackRecordKey(window), queryFn: () => api.trackRecord({ window }) }),
  watchlist: (api: Pick<StockApi, 'watchlist'>) =>
    queryOptions({ queryKey: watchlistKey, queryFn: ({ signal }) => api.watchlist({ signal }) }),
  stock: (api: Pick<StockApi, 'detail'>, code: string) =>
    queryOptions({ queryKey: stockKey(code), queryFn: ({ signal }) => api.detail(code, {}, { signal }) }),
};
