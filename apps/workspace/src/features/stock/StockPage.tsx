import { QueryClientProvider } from '@tanstack/react-query';
import type { EmotionApi, StrategyApi } from '@wanxiang/api-client';
import { api } from '../../session/api';
import { boardQueryClient } from './boardQueries';
import { StockBoard } from './StockBoard';
import { useEmotionBoard } from './useEmotionBoard';
import { useStrategyBoard } from './useStrategyBoard';

/** /stock: the short-term strategy board, on the emotion and strategy endpoints of the signed-in API. */
export function StockPage() {
  return <LiveStockBoard emotion={api.emotion} strategy={api.strategy} />;
}

/** The board on live data: its queries, their polling and the subscription's actions, on these endpoints. */
export function LiveStockBoard({ emotion, strategy }: { emotion: EmotionApi; strategy: StrategyApi }) {
  return (
    <QueryClientProvider client={boardQueryClient}>
      <Board emotion={emotion} strategy={strategy} />
    </QueryClientProvider>
  );
}

function Board({ emotion, strategy }: { emotion: EmotionApi; strategy: StrategyApi }) {
  const { daily, minute, retryDaily, retryMinute } = useEmotionBoard(emotion);
  const board = useStrategyBoard(strategy);
  return (
    <StockBoard
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
    />
  );
}
