import type {
  DailyEmotionPoint,
  DailySeriesAnswer,
  EmotionApi,
  MinuteEmotionPoint,
  MinuteSeriesAnswer,
} from '@wanxiang/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isTradingTime, shanghaiDate, shanghaiDateDaysBefore } from './shanghaiTime';

export type LoadStatus = 'loading' | 'error' | 'ready';

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

/** The daily window: the last 90 days up to today. */
export const DAILY_WINDOW_DAYS = 90;
/** Minute data is refreshed this often while the market is open. */
export const MINUTE_REFRESH_MS = 60_000;

const dailyLoading: DailyState = { status: 'loading', points: [], source: null };
const dailyFailed: DailyState = { status: 'error', points: [], source: null };
const minuteLoading: MinuteState = { status: 'loading', points: [], source: null, date: null };
const minuteFailed: MinuteState = { status: 'error', points: [], source: null, date: null };

/**
 * The minutes of `today`, or, when today has none yet (a weekend, a holiday, before the open), those of
 * the last day of the daily series.
 */
export async function lastTradingMinutes(
  api: Pick<EmotionApi, 'minuteSeries'>,
  today: string,
  daily: Promise<DailySeriesAnswer | null>,
): Promise<{ date: string; answer: MinuteSeriesAnswer }> {
  const answer = await api.minuteSeries(today);
  if (answer.data.length > 0) return { date: today, answer };
  const last = (await daily)?.data.at(-1)?.date;
  if (!last || last === today) return { date: today, answer };
  return { date: last, answer: await api.minuteSeries(last) };
}

/**
 * The two emotion series of the strategy board: the daily series of the last 90 days and the minute
 * series of the last trading day, refreshed every minute during the sessions. Each can be retried on its
 * own; an answer that arrives after a newer request (or after the page has gone) is dropped.
 */
export function useEmotionBoard(api: EmotionApi) {
  const [daily, setDaily] = useState<DailyState>(dailyLoading);
  const [minute, setMinute] = useState<MinuteState>(minuteLoading);
  const dailyRun = useRef(0);
  const minuteRun = useRef(0);
  /** The latest daily answer (null when it failed): its last day is where the minutes fall back to. */
  const dailyAnswer = useRef<Promise<DailySeriesAnswer | null>>(Promise.resolve(null));
  const minuteStatus = useRef<LoadStatus>('loading');

  const loadDaily = useCallback(() => {
    const run = ++dailyRun.current;
    setDaily(dailyLoading);
    const now = Date.now();
    const answer = api.dailySeries({
      start_date: shanghaiDateDaysBefore(now, DAILY_WINDOW_DAYS),
      end_date: shanghaiDate(now),
    });
    dailyAnswer.current = answer.catch(() => null);
    answer.then(
      (a) => {
        if (run === dailyRun.current) setDaily({ status: 'ready', points: a.data, source: a.source });
      },
      () => {
        if (run === dailyRun.current) setDaily(dailyFailed);
      },
    );
  }, [api]);

  /** `quiet`: a periodic refresh, which keeps what is shown while it runs and if it fails. */
  const loadMinute = useCallback(
    async (quiet = false) => {
      const run = ++minuteRun.current;
      const show = (state: MinuteState) => {
        if (run !== minuteRun.current) return;
        minuteStatus.current = state.status;
        setMinute(state);
      };
      if (!quiet) show(minuteLoading);
      try {
        const { date, answer } = await lastTradingMinutes(api, shanghaiDate(Date.now()), dailyAnswer.current);
        show({ status: 'ready', points: answer.data, source: answer.source, date });
      } catch {
        if (!quiet) show(minuteFailed);
      }
    },
    [api],
  );

  useEffect(() => {
    loadDaily();
    void loadMinute();
    const timer = setInterval(() => {
      if (minuteStatus.current === 'ready' && isTradingTime(Date.now())) void loadMinute(true);
    }, MINUTE_REFRESH_MS);
    return () => {
      clearInterval(timer);
      // Answers still on their way belong to a page that is gone.
      dailyRun.current += 1;
      minuteRun.current += 1;
    };
  }, [loadDaily, loadMinute]);

  const retryMinute = useCallback(() => void loadMinute(), [loadMinute]);
  return { daily, minute, retryDaily: loadDaily, retryMinute };
}
