import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type LadderAnswer, type MarketApi, type ThemesAnswer } from '@wanxiang/api-client';
import { useCallback, useState } from 'react';
import { boardQueries, type LoadStatus, loadStatus } from './boardQueries';

/** While the session runs the day's pools are asked again this often. */
export const LIMIT_UP_REFRESH_MS = 60_000;

export interface LimitUpState<T> {
  status: LoadStatus;
  answer: T | null;
  /** The server's words for a failure (a 404 says why the day has no data), else null. */
  error: string | null;
}

function stateOf<T>(query: { data: T | undefined; isPending: boolean; isError: boolean; error: unknown }) {
  if (query.data) return { status: 'ready', answer: query.data, error: null } satisfies LimitUpState<T>;
  const error = query.error instanceof ApiError ? (query.error.detail ?? null) : null;
  return { status: loadStatus(query), answer: null, error } satisfies LimitUpState<T>;
}

const refetch = (answer: { status: string } | undefined) =>
  answer?.status === 'trading' ? LIMIT_UP_REFRESH_MS : false;

/**
 * 连板天梯 and 题材 of one day: the latest day with data at first, then the day the ‹ › switch picks
 * (`date`). Both are asked together so switching tabs shows the same day at once; today's are asked again
 * every minute while the session runs.
 */
export function useLimitUpViews(api: Pick<MarketApi, 'ladder' | 'themes'>) {
  const client = useQueryClient();
  const [date, setDate] = useState<string | null>(null);
  const ladderQuery = useQuery({
    ...boardQueries.ladder(api, date),
    refetchInterval: (query) => refetch(query.state.data),
  });
  const themesQuery = useQuery({
    ...boardQueries.themes(api, date),
    refetchInterval: (query) => refetch(query.state.data),
  });
  const retry = useCallback(() => void client.resetQueries({ queryKey: ['limit-up'] }), [client]);
  return {
    ladder: stateOf(ladderQuery) as LimitUpState<LadderAnswer>,
    themes: stateOf(themesQuery) as LimitUpState<ThemesAnswer>,
    /** The day asked for; null for the latest. */
    date,
    setDate,
    retry,
  };
}
