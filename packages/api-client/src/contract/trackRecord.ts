/**
 * The wire contract of the strategy's track record (历史战绩): how each pick of a past report did on the next
 * trading day, and the tallies per decision over the last 20 or 60 trading days. The decision rule lives here
 * so that the server counts a pick under the same decision the board shows on its card.
 *
 * Definitions (the server's strategy README gives them in full):
 * - reference price: the close of the trading day the report analysed (a pre-open report analyses the
 *   previous trading day's close, every other phase its own day's);
 * - next day: the first trading day after that one;
 * - open / close / max return: next day's open, close and high against the reference price, in percent;
 * - hit: a settled pick whose close return is greater than 0 (0 exactly is not a hit).
 */
import { z } from 'zod';

export const trackRecordPaths = {
  trackRecord: '/v1/strategy/track-record/',
} as const;

/** The windows the track record is tallied over, in trading days. */
export const TRACK_RECORD_WINDOWS = [20, 60] as const;
export type TrackRecordWindow = (typeof TRACK_RECORD_WINDOWS)[number];
export const DEFAULT_TRACK_RECORD_WINDOW: TrackRecordWindow = 20;

/**
 * A pick's decision, finest first: entered at a position (core 1.5+, standard 1+, medium above 0.5, light
 * below), only watched, or avoided.
 */
export const PICK_DECISIONS = ['core', 'standard', 'medium', 'light', 'watch', 'avoid'] as const;
export type PickDecisionCode = (typeof PICK_DECISIONS)[number];
/** Why a pick is watched or avoided; null when it is entered by its plan. */
export type PickDecisionReason = 'risk_release' | 'plan_avoid' | 'no_plan' | null;

/** The stage under which every pick is avoided, whatever its plan says. */
export const RISK_RELEASE_STAGE = '风险释放';

/**
 * The one decision of a pick from the report's emotion stage and the pick's plan: avoid in 风险释放 or when
 * the plan avoids or puts nothing in; watch without a plan or with one that names no priced entry (neither
 * breakout nor pullback); otherwise entered at its position.
 */
export function decidePick(
  stage: string | null | undefined,
  plan: { entry_strategy_type: string; position_level: number } | null | undefined,
): { decision: PickDecisionCode; reason: PickDecisionReason } {
  if (stage?.trim() === RISK_RELEASE_STAGE) return { decision: 'avoid', reason: 'risk_release' };
  if (!plan) return { decision: 'watch', reason: 'no_plan' };
  const level = plan.position_level;
  if (plan.entry_strategy_type === 'avoid' || !Number.isFinite(level) || level <= 0)
    return { decision: 'avoid', reason: 'plan_avoid' };
  if (plan.entry_strategy_type !== 'breakout' && plan.entry_strategy_type !== 'pullback')
    return { decision: 'watch', reason: null };
  if (level >= 1.5) return { decision: 'core', reason: null };
  if (level >= 1) return { decision: 'standard', reason: null };
  if (level > 0.5) return { decision: 'medium', reason: null };
  return { decision: 'light', reason: null };
}

/**
 * settled: the next day has traded and both bars are known; pending: the next day has not ended yet (not
 * counted); unavailable: the day has passed but the market has no bar for the stock on the reference or the
 * next day (suspended, or a report of another market) — counted apart, never dropped silently.
 */
export const OUTCOME_STATUSES = ['settled', 'pending', 'unavailable'] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];

export const pickOutcome = z.object({
  symbol: z.string(),
  decision: z.enum(PICK_DECISIONS),
  status: z.enum(OUTCOME_STATUSES),
  /** The trading day whose close is the reference price. */
  reference_date: z.string(),
  /** That close, yuan; null when unknown. */
  reference_close: z.number().nullable(),
  /** The first trading day after the reference day; null past the end of the calendar. */
  next_date: z.string().nullable(),
  /** Percent, two decimals, vs the reference close; null unless settled. */
  open_return: z.number().nullable(),
  close_return: z.number().nullable(),
  /** Next day's high vs the reference close. */
  max_return: z.number().nullable(),
});
export type PickOutcome = z.infer<typeof pickOutcome>;

export const decisionTally = z.object({
  decision: z.enum(PICK_DECISIONS),
  /** Settled picks (the ones counted below). */
  picks: z.number().int(),
  pending: z.number().int(),
  unavailable: z.number().int(),
  hits: z.number().int(),
  /** hits ÷ picks in percent (two decimals); null without a settled pick. */
  hit_rate: z.number().nullable(),
  /** Mean next-day close return of the settled picks, percent; null without one. */
  average_return: z.number().nullable(),
  /** Lowest next-day close return, percent; null without one. */
  worst_return: z.number().nullable(),
});
export type DecisionTally = z.infer<typeof decisionTally>;

export const trackRecordQuery = z.object({
  slug: z.string().optional(),
  /** 20 or 60 (trading days); default 20. */
  window: z.string().optional(),
});

export const trackRecord = z.object({
  window: z.number().int(),
  /** The oldest and newest trading day of the window (reference days). */
  from: z.string(),
  to: z.string(),
  /** The market the outcomes were computed from: `simulated` (show 模拟行情) or `eastmoney`. */
  data_source: z.string(),
  /** Reports counted: one per reference day, the last one made from that day's close. */
  reports: z.number().int(),
  /** One row per decision, in PICK_DECISIONS order, rows without any pick included. */
  decisions: z.array(decisionTally),
  /** All decisions together. */
  total: decisionTally.omit({ decision: true }),
});
export type TrackRecord = z.infer<typeof trackRecord>;
