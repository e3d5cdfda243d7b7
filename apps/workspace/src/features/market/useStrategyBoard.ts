import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  type StrategyApi,
  type StrategyNodeLog,
  type StrategyPlan,
  type StrategyReport,
  type StrategySchedule,
  SUBSCRIPTION_REQUIRED_CODE,
  type Subscription,
} from '@wanxiang/api-client';
import { useCallback } from 'react';
import { boardQueries, type LoadStatus, loadStatus, plansKey, subscriptionKey } from './boardQueries';
import { shanghaiDate } from './shanghaiTime';

/** The node feed is refreshed every 30 s. */
export const FEED_REFRESH_MS = 30_000;

export interface FeedState {
  status: LoadStatus;
  nodes: readonly StrategyNodeLog[];
  /** Whether today trades, the run times and the next run; null until known (or when it failed). */
  schedule?: StrategySchedule | null;
}

export interface ReportsState {
  status: LoadStatus;
  reports: readonly StrategyReport[];
}

export interface SubscriptionState {
  status: LoadStatus;
  subscription: Subscription | null;
  /** The plans on sale (price, duration, benefits); empty until known. */
  plans: readonly StrategyPlan[];
  /**
   * The subscription runs: the minute emotion, the live feed and today's picks are open. False while the
   * status is unknown or failed (the gated views wait or stay closed).
   */
  subscribed: boolean;
}

const feedKey = ['strategy', 'feed'] as const;
const reportsKey = ['strategy', 'reports'] as const;

/** Whether `subscription` runs at `now`: ACTIVE and before its end. */
export function isSubscribed(subscription: Subscription | null | undefined, now = Date.now()): boolean {
  if (subscription?.subscription_status !== 'ACTIVE' || !subscription.expires_at) return false;
  return Date.parse(subscription.expires_at) > now;
}

/** A 403 of a view only subscribers see: the subscription ended while the page was open. */
export const isSubscriptionRequired = (error: unknown) =>
  error instanceof ApiError && error.code === SUBSCRIPTION_REQUIRED_CODE;

/**
 * The strategy half of the board: today's node logs (refreshed every 30 s, kept on screen while a refresh
 * runs and after one fails), the recent reports, the subscription and the plans on sale. The feed is asked
 * only while the subscription runs, and the reports again when it changes (a free user gets the last
 * completed trading day's only); a 403 of a gated view asks the subscription again. `subscribe` buys a plan
 * with credits and shows the new status at once; `onPurchased` runs after it (the user menu's balance).
 */
export function useStrategyBoard(api: StrategyApi, options: { onPurchased?: () => void } = {}) {
  const client = useQueryClient();
  const subscriptionQuery = useQuery(boardQueries.subscription(api));
  const plansQuery = useQuery(boardQueries.plans(api));
  const subscribed = isSubscribed(subscriptionQuery.isError ? null : subscriptionQuery.data);
  // A gated view refused: the subscription has ended; its status is asked again and the views close.
  const gated = useCallback(
    async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        if (isSubscriptionRequired(error)) void client.invalidateQueries({ queryKey: subscriptionKey });
        throw error;
      }
    },
    [client],
  );
  const feedQuery = useQuery({
    queryKey: feedKey,
    queryFn: () => gated(() => api.nodesToday({ date: shanghaiDate(Date.now()) })),
    refetchInterval: FEED_REFRESH_MS,
    enabled: subscribed,
  });
  const reportsQuery = useQuery({
    queryKey: [...reportsKey, subscribed],
    queryFn: () => api.recentReports(),
    enabled: subscriptionQuery.isFetched,
  });
  // Asked again with the feed, so that the next run moves on as the day goes.
  const scheduleQuery = useQuery({ ...boardQueries.schedule(api), refetchInterval: FEED_REFRESH_MS });

  const feed: FeedState = {
    status: loadStatus(feedQuery),
    nodes: feedQuery.data ?? [],
    schedule: scheduleQuery.data ?? null,
  };
  const reports: ReportsState = { status: loadStatus(reportsQuery), reports: reportsQuery.data ?? [] };
  const subscription: SubscriptionState = {
    status: loadStatus(subscriptionQuery),
    subscription: subscriptionQuery.isError ? null : (subscriptionQuery.data ?? null),
    plans: plansQuery.data ?? [],
    subscribed,
  };

  const { onPurchased } = options;
  /** Buys `plan`; `requestId` names this purchase, so that retrying it never charges twice. */
  const subscribe = useCallback(
    async (plan: string, requestId: string) => {
      const answer = await api.subscribe({ plan, requestId });
      // The new status at once: the gated views open without waiting for another request.
      client.setQueryData<Subscription>(subscriptionKey, answer);
      onPurchased?.();
    },
    [api, client, onPurchased],
  );

  return {
    feed,
    reports,
    subscription,
    retryFeed: () => void client.resetQueries({ queryKey: feedKey }),
    retryReports: () => void client.resetQueries({ queryKey: reportsKey }),
    retrySubscription: () => {
      void client.resetQueries({ queryKey: subscriptionKey });
      void client.resetQueries({ queryKey: plansKey });
    },
    subscribe,
  };
}
