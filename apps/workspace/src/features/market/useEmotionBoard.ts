import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DailyEmotionPoint,
  DailySeriesAnswer,
  MarketApi,
  MinuteEmotionPoint,
  MinuteSeriesAnswer,
} from '@wanxiang/api-client';
import { useCallback } from 'react';
import { boardQueries, dailyKey, type LoadStatus, loadStatus } from './boardQueries';
import { isTradingTime, shanghaiDate } from './shanghaiTime';

export type { LoadStatus };

export interface DailyState {
  status: LoadStatus;
  points: readonly DailyEmotionPoint[];
  /** Where the market data came from (`simulated` is shown as 模拟行情); null until loaded. */
  source: string | null;
}

export interface MinuteState {
  status: LoadStatus;
  points: readonly MinuteEmotionPoint[];
  source: string | null;
  /** The trading day shown, `YYYY-MM-DD`: today, or the last trading day when today has no data yet. */
  date: string | null;
}

export { DAILY_WINDOW_DAYS } from './boardQueries';
/** Minute data is refreshed this often while the market is open. */
export const MINUTE_REFRESH_MS = 60_000;

/**
 * The minutes of `today`, or, when today has none yet (a weekend, a holiday, before the open), those of
 * the last day of the daily series.
 */
export async function lastTradingMinutes(
  api: Pick<MarketApi, 'minuteSeries'>,
  today: string,
  daily: Promise<DailySeriesAnswer | null>,
): Promise<{ date: string; answer: MinuteSeriesAnswer }> {
  const answer = await api.minuteSeries(today);
  if (answer.data.length > 0) return { date: today, answer };
  const last = (await daily)?.data.at(-1)?.date;
  if (!last || last === today) return { date: today, answer };
  return { date: last, answer: await api.minuteSeries(last) };
}

const minuteKey = ['emotion', 'minute'] as const;

/**
 * The two emotion series of the strategy board: the daily series of the last 90 days and the minute
 * series of the last trading day, refreshed every minute during the sessions (a refresh keeps what is
 * shown while it runs and if it fails). Each can be retried on its own.
 */
export function useEmotionBoard(
  api: MarketApi,
  /** `minute`: ask the minute series (a strategy subscriber's); without it the minute state stays loading. */
  options: { minute?: boolean } = {},
) {
  const client = useQueryClient();
  const dailyOptions = boardQueries.daily(api);
  const dailyQuery = useQuery(dailyOptions);
  const minuteQuery = useQuery({
    queryKey: minuteKey,
    queryFn: async (): Promise<{ date: string; answer: MinuteSeriesAnswer }> => {
      const shown = client.getQueryData<{ date: string; answer: MinuteSeriesAnswer }>(minuteKey);
      // Out of the sessions the minutes do not change: the periodic refresh keeps what it has.
      if (shown && !isTradingTime(Date.now())) return shown;
      // The daily series' last day is where the minutes fall back to: the request under way or its answer
      // (none when it failed).
      const daily =
        client.getQueryState(dailyKey)?.status === 'error'
          ? Promise.resolve(null)
          : client.ensureQueryData(dailyOptions).catch(() => null);
      return lastTradingMinutes(api, shanghaiDate(Date.now()), daily);
    },
    refetchInterval: MINUTE_REFRESH_MS,
    enabled: options.minute ?? true,
  });

  const daily: DailyState = dailyQuery.data
    ? { status: 'ready', points: dailyQuery.data.data, source: dailyQuery.data.source }
    : { status: loadStatus(dailyQuery), points: [], source: null };
  // A failed refresh keeps the minutes shown; only a first answer that failed is an error.
  const minute: MinuteState = minuteQuery.data
    ? {
        status: 'ready',
        points: minuteQuery.data.answer.data,
        source: minuteQuery.data.answer.source,
        date: minuteQuery.data.date,
      }
    : { status: loadStatus(minuteQuery), points: [], source: null, date: null };

  const retryDaily = useCallback(() => void client.resetQueries({ queryKey: dailyKey }), [client]);
  const retryMinute = useCallback(() => void client.resetQueries({ queryKey: minuteKey }), [client]);
  return { daily, minute, retryDaily, retryMinute };
}
