import { type ChartStatus, DailyEmotionChart, MinuteEmotionChart } from '@wanxiang/charts';
import { Badge, Inline } from '@wanxiang/ui';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { EmotionBreakdown } from './EmotionBreakdown';
import { EmotionFormulaPanel } from './EmotionFormulaPanel';
import * as styles from './MarketBoard.css';
import { marketText } from './messages';
import { RecommendationPanel, StrategyFeed } from './StrategyPanels';
import { LockedTodayNotice, LockedView, PurchaseDialog, SubscriptionControl } from './SubscriptionViews';
import * as subscriptionStyles from './SubscriptionViews.css';
import { formatShanghaiDateTime } from './shanghaiTime';
import type { DailyState, LoadStatus, MinuteState } from './useEmotionBoard';
import type { FeedState, ReportsState, SubscriptionState } from './useStrategyBoard';

export interface MarketBoardProps {
  daily: DailyState;
  minute: MinuteState;
  onRetryDaily: () => void;
  onRetryMinute: () => void;
  feed: FeedState;
  reports: ReportsState;
  subscription: SubscriptionState;
  onRetryFeed: () => void;
  onRetryReports: () => void;
  onRetrySubscription: () => void;
  /** Buys a plan with credits (subscribe or renew); `requestId` names the purchase. */
  onSubscribe: (plan: string, requestId: string) => Promise<void>;
  /** The user's credits, shown in the purchase dialog when known. */
  balance?: number | undefined;
  /** A fixed clock (stories, screenshots). Without it the clock shows the time and ticks every second. */
  now?: number;
  /** 指标说明 open at first (stories, screenshots). @default false */
  formulaExpanded?: boolean;
  /** 涨停复盘 (连板天梯 and 题材), under the strategy panels. */
  limitUp?: ReactNode;
  /** 自选股 (the user's followed stocks), above 涨停复盘. */
  watchlist?: ReactNode;
  /** 历史战绩 (the picks' next-day record), right under the strategy panels. */
  trackRecord?: ReactNode;
}

const chartStatus = (status: LoadStatus, error: string): ChartStatus =>
  status === 'error' ? { error } : status;

const dayFormat = new Intl.DateTimeFormat('zh-CN', {
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  timeZone: 'UTC',
});
const formatDay = (date: string) => {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : dayFormat.format(at);
};

/** The slot of a minute point, `HH:MM`, as the minute chart names it. */
const slotOf = (timestamp: string) => timestamp.slice(11, 16);

/**
 * The short-term strategy board: the header with the live clock and the place of the
 * subscription control, the daily and minute emotion charts with what the shown (or latest) point is made of,
 * the strategy's execution feed and its recommendation panel, and the subscription control.
 */
export function MarketBoard({
  daily,
  minute,
  onRetryDaily,
  onRetryMinute,
  feed,
  reports,
  subscription,
  onRetryFeed,
  onRetryReports,
  onRetrySubscription,
  onSubscribe,
  balance,
  now,
  formulaExpanded = false,
  limitUp,
  watchlist,
  trackRecord,
}: MarketBoardProps) {
  const simulated = daily.source === 'simulated' || minute.source === 'simulated';
  const minuteData = useMemo(
    () => minute.points.map((p) => ({ time: p.timestamp, value: p.value })),
    [minute.points],
  );
  // The point a chart shows (pointer, touch or keyboard) is explained under it; otherwise the latest one.
  const [focusedDay, setFocusedDay] = useState<string | null>(null);
  const [focusedSlot, setFocusedSlot] = useState<string | null>(null);
  const ready = { daily: daily.status === 'ready', minute: minute.status === 'ready' };
  const focusDay = ready.daily && focusedDay ? daily.points.find((p) => p.date === focusedDay) : undefined;
  const focusSlot =
    ready.minute && focusedSlot ? minute.points.find((p) => slotOf(p.timestamp) === focusedSlot) : undefined;
  const shownDay = focusDay ?? (ready.daily ? daily.points.at(-1) : undefined);
  const shownSlot = focusSlot ?? (ready.minute ? minute.points.at(-1) : undefined);
  const shownIndex = shownDay ? daily.points.indexOf(shownDay) : -1;
  // Without a running subscription the minute emotion, the feed and today's picks show how to get them.
  const locked = subscription.status !== 'loading' && !subscription.subscribed;
  const [buying, setBuying] = useState(false);
  const openPurchase = () => setBuying(true);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Inline gap="md" wrap>
          <h1 className={styles.title}>{marketText.title}</h1>
          {simulated ? (
            <span title={marketText.simulatedHint}>
              <Badge tone="warning">{marketText.simulated}</Badge>
            </span>
          ) : null}
        </Inline>
        <Inline gap="lg" wrap>
          <Clock now={now} />
          <SubscriptionControl state={subscription} onOpen={openPurchase} onRetry={onRetrySubscription} />
        </Inline>
      </header>

      <div className={styles.chartsRow}>
        <div className={styles.chartCell}>
          <DailyEmotionChart
            data={daily.points}
            status={chartStatus(daily.status, marketText.dailyError)}
            onRetry={onRetryDaily}
            onFocusPoint={setFocusedDay}
            headingLevel={2}
          />
          {shownDay ? (
            <EmotionBreakdown
              at={formatDay(shownDay.date)}
              latest={!focusDay}
              value={shownDay.value}
              scores={shownDay.scores}
              inputs={shownDay.inputs}
            />
          ) : null}
        </div>
        {locked ? (
          <LockedView kind="minute" plans={subscription.plans} onSubscribe={openPurchase} />
        ) : (
          <div className={styles.chartCell}>
            <MinuteEmotionChart
              data={minuteData}
              date={minute.date ?? undefined}
              status={chartStatus(minute.status, marketText.minuteError)}
              onRetry={onRetryMinute}
              onFocusPoint={setFocusedSlot}
              headingLevel={2}
            />
            {shownSlot ? (
              <EmotionBreakdown
                at={slotOf(shownSlot.timestamp)}
                latest={!focusSlot}
                value={shownSlot.value}
                scores={shownSlot.scores}
                inputs={shownSlot.inputs}
              />
            ) : null}
          </div>
        )}
      </div>

      {shownDay ? (
        <EmotionFormulaPanel
          day={shownDay}
          previous={shownIndex > 0 ? daily.points[shownIndex - 1] : undefined}
          at={formatDay(shownDay.date)}
          defaultExpanded={formulaExpanded}
        />
      ) : null}

      <div className={styles.panelsRow}>
        {locked ? (
          <LockedView kind="feed" panel plans={subscription.plans} onSubscribe={openPurchase} />
        ) : (
          <StrategyFeed feed={feed} onRetry={onRetryFeed} simulated={simulated} />
        )}
        {locked ? (
          <div className={subscriptionStyles.stack}>
            <LockedTodayNotice plans={subscription.plans} onSubscribe={openPurchase} />
            <RecommendationPanel reports={reports} onRetry={onRetryReports} simulated={simulated} />
          </div>
        ) : (
          <RecommendationPanel reports={reports} onRetry={onRetryReports} simulated={simulated} />
        )}
      </div>

      {trackRecord ? <div className={styles.belowFirstScreen}>{trackRecord}</div> : null}

      <PurchaseDialog
        isOpen={buying}
        onOpenChange={setBuying}
        plans={subscription.plans}
        subscription={subscription.subscription}
        balance={balance}
        onBuy={onSubscribe}
      />

      {watchlist ? <div className={styles.belowFirstScreen}>{watchlist}</div> : null}

      {limitUp ? <div className={styles.belowFirstScreen}>{limitUp}</div> : null}

      <footer className={styles.footer}>{marketText.disclaimer}</footer>
    </div>
  );
}

/** 更新时间, in Shanghai time, ticking every second; fixed when `now` is given. */
function Clock({ now }: { now: number | undefined }) {
  const [ticking, setTicking] = useState(() => Date.now());
  useEffect(() => {
    if (now !== undefined) return;
    const timer = setInterval(() => setTicking(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [now]);
  const at = now ?? ticking;
  return (
    <p className={styles.clock}>
      {marketText.updatedAt}
      <time className={styles.clockTime} dateTime={new Date(at).toISOString()} data-testid="board-clock">
        {formatShanghaiDateTime(at)}
      </time>
    </p>
  );
}
