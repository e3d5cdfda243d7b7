import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StrategyApi,
  StrategyNodeLog,
  StrategyReport,
  StrategySchedule,
  Subscription,
} from '@wanxiang/api-client';
import { type LoadStatus, loadStatus } from './boardQueries';
import { shanghaiDate } from './shanghaiTime';
import { strategyText } from './strategyMessages';

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
  /** A subscribe or payment call is under way. */
  busy: boolean;
  /** The last action's failure (订阅操作失败 / 模拟支付失败), until the next action. */
  actionError: string | null;
}

const feedKey = ['strategy', 'feed'] as const;
const reportsKey = ['strategy', 'reports'] as const;
const scheduleKey = ['strategy', 'schedule'] as const;
const subscriptionKey = ['strategy', 'subscription'] as const;

/**
 * The strategy half of the board: today's node logs (refreshed every 30 s, kept on screen while a refresh
 * runs and after one fails), the recent reports, and the subscription with its two actions, each followed
 * by a fresh status.
 */
export function useStrategyBoard(api: StrategyApi) {
  const client = useQueryClient();
  const feedQuery = useQuery({
    queryKey: feedKey,
    queryFn: () => api.nodesToday({ date: shanghaiDate(Date.now()) }),
    refetchInterval: FEED_REFRESH_MS,
  });
  const reportsQuery = useQuery({ queryKey: reportsKey, queryFn: () => api.recentReports() });
  // Asked again with the feed, so that the next run moves on as the day goes.
  const scheduleQuery = useQuery({
    queryKey: scheduleKey,
    queryFn: () => api.schedule(),
    refetchInterval: FEED_REFRESH_MS,
  });
  const subscriptionQuery = useQuery({ queryKey: subscriptionKey, queryFn: () => api.subscription() });
  // Subscribe (NONE, EXPIRED) or pay (PENDING, with the order's id); the status is fetched again either way,
  // and the action counts as under way until it has come.
  const action = useMutation({
    mutationFn: async (orderId: string | null) => {
      try {
        await (orderId ? api.mockPayment(orderId) : api.subscribe());
      } finally {
        await client.refetchQueries({ queryKey: subscriptionKey });
      }
    },
  });

  const feed: FeedState = {
    status: loadStatus(feedQuery),
    nodes: feedQuery.data ?? [],
    schedule: scheduleQuery.data ?? null,
  };
  const reports: ReportsState = { status: loadStatus(reportsQuery), reports: reportsQuery.data ?? [] };
  const subscription: SubscriptionState = {
    status: loadStatus(subscriptionQuery),
    subscription: subscriptionQuery.isError ? null : (subscriptionQuery.data ?? null),
    busy: action.isPending,
    // The last action's failure, until the next action or a retry.
    actionError: action.isError
      ? action.variables
        ? strategyText.subscription.paymentError
        : strategyText.subscription.actionError
      : null,
  };

  const act = () => {
    const current = subscription.subscription;
    if (!current || action.isPending) return;
    const pending = current.subscription_status === 'PENDING' && current.id;
    action.mutate(pending ? (current.id as string) : null);
  };

  return {
    feed,
    reports,
    subscription,
    retryFeed: () => void client.resetQueries({ queryKey: feedKey }),
    retryReports: () => void client.resetQueries({ queryKey: reportsKey }),
    retrySubscription: () => {
      action.reset();
      void client.resetQueries({ queryKey: subscriptionKey });
    },
    act,
  };
}
