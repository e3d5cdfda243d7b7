import { QueryClientProvider } from '@tanstack/react-query';
import type { StockApi } from '@wanxiang/api-client';
import { useParams } from 'react-router-dom';
import { api } from '../../session/api';
import { boardQueryClient, normalStockCode } from './boardQueries';
import { StockDetailView } from './StockDetailView';
import { useStockDetail, useWatchlist } from './stockQueries';

/** /stock/:code: one stock's quote, charts, limit-up days and picks, with 加入自选 / 移出自选. */
export function StockDetailPage() {
  const { code = '' } = useParams();
  return (
    <QueryClientProvider client={boardQueryClient}>
      <LiveStockDetail api={api.stocks} code={normalStockCode(code)} />
    </QueryClientProvider>
  );
}

/** The stock page on live data from these endpoints. */
export function LiveStockDetail({ api: stocks, code }: { api: StockApi; code: string }) {
  const { state, retry } = useStockDetail(stocks, code);
  const watchlist = useWatchlist(stocks);
  return (
    <StockDetailView
      state={state}
      onRetry={retry}
      watchBusy={watchlist.busy}
      onToggleWatch={(watched) => (watched ? watchlist.remove(code) : watchlist.add(code))}
    />
  );
}
