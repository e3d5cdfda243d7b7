/** The track record and reports with their picks' outcomes, for the stories, shaped as the server sends them. */
import type { DecisionTally, PickOutcome, StrategyReport, TrackRecord } from '@wanxiang/api-client';
import { watchlist } from './strategyFixtures';

type Row = Omit<DecisionTally, 'decision'>;
const row = (
  picks: number,
  hits: number,
  average: number,
  worst: number,
  pending = 0,
  unavailable = 0,
): Row => ({
  picks,
  pending,
  unavailable,
  hits,
  hit_rate: picks ? Math.round((hits / picks) * 10_000) / 100 : null,
  average_return: picks ? average : null,
  worst_return: picks ? worst : null,
});
const none = row(0, 0, 0, 0);

/** 20 trading days: the core picks made money on average, the light ones lost, a loss is a loss. */
export const trackRecord20: TrackRecord = {
  window: 20,
  from: '2026-10-28',
  to: '2026-11-24',
  data_source: 'simulated',
  reports: 20,
  decisions: [
    { decision: 'core', ...row(19, 11, 1.84, -9.62, 2) },
    { decision: 'standard', ...none },
    { decision: 'medium', ...row(31, 14, -0.47, -10.01, 3) },
    { decision: 'light', ...row(8, 3, -1.26, -7.35) },
    { decision: 'watch', ...none },
    { decision: 'avoid', ...row(24, 7, -2.9, -10.02, 1, 1) },
  ],
  total: row(82, 35, -0.52, -10.02, 6, 1),
};

/** 60 trading days: more samples, every decision that occurred. */
export const trackRecord60: TrackRecord = {
  window: 60,
  from: '2026-08-28',
  to: '2026-11-24',
  data_source: 'simulated',
  reports: 60,
  decisions: [
    { decision: 'core', ...row(52, 29, 1.21, -10.01, 2) },
    { decision: 'standard', ...row(18, 9, 0.34, -8.8) },
    { decision: 'medium', ...row(87, 41, -0.12, -10.01, 3) },
    { decision: 'light', ...row(23, 9, -1.05, -9.07) },
    { decision: 'watch', ...none },
    { decision: 'avoid', ...row(71, 20, -3.12, -10.03, 1, 2) },
  ],
  total: row(251, 108, -0.61, -10.03, 6, 2),
};

/** A window without any report yet (a fresh install's first day, say). */
export const trackRecordEmpty: TrackRecord = {
  ...trackRecord20,
  reports: 0,
  decisions: trackRecord20.decisions.map((d) => ({ ...d, ...none })),
  total: none,
};

const outcome = (
  symbol: string,
  decision: PickOutcome['decision'],
  status: PickOutcome['status'],
  close: number | null,
  returns: [number, number, number] | null,
): PickOutcome => ({
  symbol,
  decision,
  status,
  reference_date: '2026-11-20',
  reference_close: close,
  next_date: '2026-11-23',
  open_return: returns?.[0] ?? null,
  close_return: returns?.[1] ?? null,
  max_return: returns?.[2] ?? null,
});

/** A settled report: a gain, a loss, a flat pick, a suspended one. */
export const settledReport: StrategyReport = {
  id: 't1',
  trade_date: '2026-11-20',
  run_phase: 'POST_CLOSE',
  run_phase_display: '盘后复盘',
  created_at: '2026-11-20T07:30:00.000Z',
  result_data: {
    data_source: 'simulated',
    market_analysis: {
      emotion_stage: '震荡偏多',
      analysis_summary: '情绪值 58.2，处于震荡偏多。',
      key_themes: [{ theme: '半导体', logic: '5 只涨停' }],
    },
    actionable_watchlist: watchlist,
  },
  outcomes: [
    outcome('MZ0301', 'core', 'settled', 23.1, [4.33, 7.27, 9.96]),
    outcome('MC0042', 'medium', 'settled', 14.51, [-1.65, -6.34, 0.41]),
    outcome('MZ1187', 'watch', 'settled', 8.8, [0, 0, 1.14]),
    outcome('MZ0003', 'avoid', 'unavailable', 12.6, null),
  ],
};

/** The newest report: its next day has not closed, every pick is 待验证. */
export const pendingReport: StrategyReport = {
  ...settledReport,
  id: 't2',
  trade_date: '2026-11-24',
  result_data: { ...(settledReport.result_data as object) },
  outcomes: (settledReport.outcomes ?? []).map((o) => ({
    ...o,
    status: 'pending' as const,
    reference_date: '2026-11-24',
    next_date: '2026-11-25',
    open_return: null,
    close_return: null,
    max_return: null,
  })),
};
