import { QueryClient } from '@tanstack/react-query';

/**
 * The strategy board's queries (TanStack Query): the polling, the dropping of answers for a page that is
 * gone, and the sharing of one request between two readers are the library's. Nothing is cached once the
 * board is closed (gcTime 0), so the next visit, or the next account signed in on this tab, starts from a
 * fresh answer. A failed request is not retried by itself: the board says so and offers 重试, and the
 * polling tries again at its next turn.
 */
export const boardQueryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: 0, retry: false, refetchOnWindowFocus: false, refetchIntervalInBackground: true },
    mutations: { retry: false },
  },
});

export type LoadStatus = 'loading' | 'error' | 'ready';

/** A query's state as a panel shows it: loading until the first answer, then ready or failed. */
export function loadStatus(query: { isPending: boolean; isError: boolean }): LoadStatus {
  return query.isPending ? 'loading' : query.isError ? 'error' : 'ready';
}
