import { api } from '../../session/client';
import { StockBoard } from './StockBoard';
import { useEmotionBoard } from './useEmotionBoard';

/** /stock: the short-term strategy board (spec 03), on the emotion series of the signed-in API. */
export function StockPage() {
  const { daily, minute, retryDaily, retryMinute } = useEmotionBoard(api.emotion);
  return <StockBoard daily={daily} minute={minute} onRetryDaily={retryDaily} onRetryMinute={retryMinute} />;
}
