import { api } from '../../session/api';
import { StockBoard } from './StockBoard';
import { useEmotionBoard } from './useEmotionBoard';
import { useStrategyBoard } from './useStrategyBoard';

/** /stock: the short-term strategy board, on the emotion and strategy endpoints of the signed-in API. */
export function StockPage() {
  const { daily, minute, retryDaily, retryMinute } = useEmotionBoard(api.emotion);
  const strategy = useStrategyBoard(api.strategy);
  return (
    <StockBoard
      daily={daily}
      minute={minute}
      onRetryDaily={retryDaily}
      onRetryMinute={retryMinute}
      feed={strategy.feed}
      reports={strategy.reports}
      subscription={strategy.subscription}
      onRetryFeed={strategy.retryFeed}
      onRetryReports={strategy.retryReports}
      onRetrySubscription={strategy.retrySubscription}
      onSubscriptionAction={strategy.act}
    />
  );
}
