import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type StockApi } from '@wanxiang/api-client';
import type { StockDetail, WatchlistAnswer } from '@wanxiang/api-client/contract';
import { boardQueries, stockKey, watchlistKey } from './boardQueries';
import { stockText } from './stockMessages';

export type StockDetailState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string }
  | { status: 'ready'; detail: StockDetail };

/** The server's Chinese detail of a failed call, or the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.body as { detail?: string; errors?: Record<string, string[]> } | undefined;
    const field = body?.errors ? Object.values(body.errors)[0]?.[0] : undefined;
    return body?.detail ?? field ?? fallback;
  }
  return fallback;
}

const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** One stock's page; a code the server does not know (404) or cannot read (400) is not found. */
export function useStockDetail(api: StockApi, code: string) {
  const query = useQuery(boardQueries.stock(api, code));
  const state: StockDetailState = query.isPending
    ? { status: 'loading' }
    : query.isError
      ? isMissing(query.error)
        ? { status: 'not-found' }
        : { status: 'error', message: stockText.loadError }
      : { status: 'ready', detail: query.data };
  return { state, retry: () => void query.refetch() };
}

export type WatchlistState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; list: WatchlistAnswer };

/** The user's 自选股 and its actions; each action refreshes the list and any stock page open. */
export function useWatchlist(api: StockApi) {
  const client = useQueryClient();
  const query = useQuery(boardQueries.watchlist(api));
  const refresh = (code: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: watchlistKey }),
      client.invalidateQueries({ queryKey: stockKey(code) }),
    ]);
  const watch = useMutation({
    mutationFn: (code: string) => api.watch(code),
    onSettled: (_data, _error, code) => refresh(code.trim().toUpperCase()),
  });
  const unwatch = useMutation({
    mutationFn: (code: string) => api.unwatch(code),
    onSettled: (_data, _error, code) => refresh(code),
  });
  const state: WatchlistState = query.isPending
    ? { status: 'loading' }
    : query.isError
      ? { status: 'error', message: stockText.watchlist.loadError }
      : { status: 'ready', list: query.data };
  return {
    state,
    retry: () => void query.refetch(),
    /** Adds a code; null when it worked, otherwise the server's reason (已在自选股中, the limit, unknown code). */
    add: async (code: string): Promise<string | null> => {
      try {
        await watch.mutateAsync(code);
        return null;
      } catch (error) {
        return errorText(error, stockText.watch.failed);
      }
    },
    remove: async (code: string): Promise<string | null> => {
      try {
        await unwatch.mutateAsync(code);
        return null;
      } catch (error) {
        return errorText(error, stockText.watch.failed);
      }
    },
    busy: watch.isPending || unwatch.isPending,
  };
}
