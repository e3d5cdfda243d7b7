import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TRACK_RECORD_WINDOW, type StrategyApi, type TrackRecordWindow } from '@wanxiang/api-client';
import { useState } from 'react';
import { boardQueries, loadStatus, trackRecordKey } from './boardQueries';
import type { TrackRecordState } from './TrackRecordPanel';

/**
 * 历史战绩 on live data: the chosen window's tallies (20 trading days at first), asked once per window while the
 * board is open — they change only when a day closes, which the next visit picks up.
 */
export function useTrackRecord(api: Pick<StrategyApi, 'trackRecord'>) {
  const client = useQueryClient();
  const [window, setWindow] = useState<TrackRecordWindow>(DEFAULT_TRACK_RECORD_WINDOW);
  const query = useQuery(boardQueries.trackRecord(api, window));
  const state: TrackRecordState = { status: loadStatus(query), record: query.data ?? null };
  return {
    window,
    setWindow,
    state,
    retry: () => void client.resetQueries({ queryKey: trackRecordKey(window) }),
  };
}
