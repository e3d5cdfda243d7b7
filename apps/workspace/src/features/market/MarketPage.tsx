import { QueryClientProvider } from '@tanstack/react-query';
import type { MarketApi, StockApi, StrategyApi } from '@wanxiang/api-client';
import { api } from '../../session/api';
import { useCurrentUser, useCurrentUserActions } from '../../session/currentUser';
import { boardQueryClient } from './boardQueries';
import { LimitUpViews } from './LimitUpViews';
import { MarketBoard } from './MarketBoard';
import { TrackRecordPanel } from './TrackRecordPanel';
import { useEmotionBoard } from './useEmotionBoard';
import { useLimitUpViews } from './useLimitUpViews';
import { useStrategyBoard } from './useStrategyBoard';
import { useTrackRecord } from './useTrackRecord';
import { LiveWatchlistPanel } from './WatchlistPanel';

/** /stock: the short-term strategy board, on the market and strategy endpoints of the signed-in API. */
export function MarketPage() {
  return <LiveMarketBoard market={api.market} strategy={api.strategy} stocks={api.stocks} />;
}

/** The board on live data: its queries, their polling and the subscription's actions, on these endpoints. */
export function LiveMarketBoard({
  market,
  strategy,
  stocks,
}: {
  market: MarketApi;
  strategy: StrategyApi;
  /** 自选股's endpoints; without them the board shows no 自选股 panel. */
  stocks?: StockApi | undefined;
}) {
  return (
    <QueryClientProvider client={boardQueryClient}>
      <Board market={market} strategy={strategy} stocks={stocks} />
    </QueryClientProvider>
  );
}

function Board({
  market,
  strategy,
  stocks,
}: {
  market: MarketApi;
  strategy: StrategyApi;
  stocks?: StockApi | undefined;
}) {
  // After a purchase the user menu shows the plan and the balance left.
  const { user } = useCurrentUser();
  const { refresh } = useCurrentUserActions();
  const board = useStrategyBoard(strategy, { onPurchased: refresh });
  const { daily, minute, retryDaily, retryMinute } = useEmotionBoard(market, {
    minute: board.subscription.subscribed,
  });
  const limitUp = useLimitUpViews(market);
  const track = useTrackRecord(strategy);
  return (
    <MarketBoard
      daily={daily}
      minute={minute}
      onRetryDaily={retryDaily}
      onRetryMinute={retryMinute}
      feed={board.feed}
      reports={board.reports}
      subscription={board.subscription}
      onRetryFeed={board.retryFeed}
      onRetryReports={board.retryReports}
      onRetrySubscription={board.retrySubscription}
      onSubscribe={board.subscribe}
      balance={user?.credits_balance}
      trackRecord={
        <TrackRecordPanel
          window={track.window}
          onWindow={track.setWindow}
          state={track.state}
          onRetry={track.retry}
        />
      }
      watchlist={stocks ? <LiveWatchlistPanel api={stocks} /> : undefined}
      limitUp={
        <LimitUpViews
          ladder={limitUp.ladder}
          themes={limitUp.themes}
          onDate={limitUp.setDate}
          onRetry={limitUp.retry}
        />
      }
    />
  );
}
