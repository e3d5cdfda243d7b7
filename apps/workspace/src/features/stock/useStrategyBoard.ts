import type { StrategyApi, StrategyNodeLog, StrategyReport, Subscription } from '@wanxiang/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shanghaiDate } from './shanghaiTime';
import { strategyText } from './strategyMessages';
import type { LoadStatus } from './useEmotionBoard';

/** The node feed is refreshed every 30 s. */
export const FEED_REFRESH_MS = 30_000;

export interface FeedState {
  status: LoadStatus;
  nodes: readonly StrategyNodeLog[];
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

/**
 * The strategy half of the board: today's node logs (refreshed every 30 s, kept on screen while a refresh
 * runs), the recent reports, and the subscription with its two actions, each followed by a fresh status.
 */
export function useStrategyBoard(api: StrategyApi) {
  const [feed, setFeed] = useState<FeedState>({ status: 'loading', nodes: [] });
  const [reports, setReports] = useState<ReportsState>({ status: 'loading', reports: [] });
  const [subscription, setSubscription] = useState<SubscriptionState>({
    status: 'loading',
    subscription: null,
    busy: false,
    actionError: null,
  });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const loadFeed = useCallback(
    (showLoading: boolean) => {
      if (showLoading) setFeed({ status: 'loading', nodes: [] });
      api.nodesToday({ date: shanghaiDate(Date.now()) }).then(
        (nodes) => alive.current && setFeed({ status: 'ready', nodes }),
        () => alive.current && setFeed((f) => ({ status: 'error', nodes: f.nodes })),
      );
    },
    [api],
  );

  const loadReports = useCallback(() => {
    setReports({ status: 'loading', reports: [] });
    api.recentReports().then(
      (list) => alive.current && setReports({ status: 'ready', reports: list }),
      () => alive.current && setReports({ status: 'error', reports: [] }),
    );
  }, [api]);

  const loadSubscription = useCallback(
    (actionError: string | null = null) =>
      api.subscription().then(
        (s) =>
          alive.current && setSubscription({ status: 'ready', subscription: s, busy: false, actionError }),
        () =>
          alive.current && setSubscription({ status: 'error', subscription: null, busy: false, actionError }),
      ),
    [api],
  );

  useEffect(() => {
    loadFeed(true);
    loadReports();
    void loadSubscription();
    const timer = setInterval(() => loadFeed(false), FEED_REFRESH_MS);
    return () => clearInterval(timer);
  }, [loadFeed, loadReports, loadSubscription]);

  const retrySubscription = useCallback(() => {
    setSubscription({ status: 'loading', subscription: null, busy: false, actionError: null });
    void loadSubscription();
  }, [loadSubscription]);

  /** Subscribe (NONE, EXPIRED) or pay (PENDING); the status is fetched again either way. */
  const act = useCallback(() => {
    const current = subscription.subscription;
    if (!current || subscription.busy) return;
    setSubscription((s) => ({ ...s, busy: true, actionError: null }));
    const pending = current.subscription_status === 'PENDING' && current.id;
    const call = pending ? api.mockPayment(current.id as string) : api.subscribe();
    const failure = pending ? strategyText.subscription.paymentError : strategyText.subscription.actionError;
    call.then(
      () => loadSubscription(),
      () => loadSubscription(failure),
    );
  }, [api, subscription, loadSubscription]);

  return {
    feed,
    reports,
    subscription,
    retryFeed: () => loadFeed(true),
    retryReports: loadReports,
    retrySubscription,
    act,
  };
}
