import { QueryClientProvider } from '@tanstack/react-query';
import type { MarketApi, StrategyApi } from '@wanxiang/api-client';
import { api } from '../../session/api';
import { boardQueryClient } from './boardQueries';
import { LimitUpViews } from './LimitUpViews';
import { MarketBoard } from './MarketBoard';
import { useEmotionBoard } from './useEmotionBoard';
import { useLimitUpViews } from './useLimitUpViews';
import { useStrategyBoard } from './useStrategyBoard';

/** /stock: the short-term strategy board, on the market and strategy endpoints of the signed-in API. */
export function MarketPage() {
  return <LiveMarketBoard market={api.market} strategy={api.strategy} />;
}

/** The board on live data: its queries, their polling and the subscription's actions, on these endpoints. */
export function LiveMarketBoard({ market, strategy }: { market: MarketApi; strategy: StrategyApi }) {
  return (
    <QueryClientProvider client={boardQueryClient}>
      <Board market={market} strategy={strategy} />
    </QueryClientProvider>
  );
}

function Board({ market, strategy }: { market: MarketApi; strategy: StrategyApi }) {
  const { daily, minute, retryDaily, retryMinute } = useEmotionBoard(market);
  const board = useStrategyBoard(strategy);
  const limitUp = useLimitUpViews(market);
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
      onSubscriptionAction={board.act}
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
