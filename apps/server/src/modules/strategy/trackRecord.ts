/**
 * The track record's arithmetic (README.md in this folder, "The track record"), as pure functions over the
 * market's daily bars: a pick's next-day returns against the reference close, and the tallies per decision.
 * Nothing here asks the market or the database; trackRecordService.ts does, and caches what these give.
 */
import {
  type DecisionTally,
  PICK_DECISIONS,
  type PickDecisionCode,
  type PickOutcome,
  type TrackRecord,
} from '@wanxiang/api-client/contract';
import {
  addDays,
  inCalendar,
  isTradingDay,
  LAST_CALENDAR_DATE,
  previousTradingDay,
} from '../market/calendar';
import type { DailyBar } from '../market/provider';

/** Percent to two decimals, half away from zero, as the board shows it. */
export function percent2(x: number): number {
  const scaled = Math.round(Math.abs(x) * 100 + 1e-9) / 100;
  return x < 0 ? -scaled : scaled;
}

/** `(price ÷ reference − 1) × 100`, unrounded. */
export function returnPct(price: number, reference: number): number {
  return (price / reference - 1) * 100;
}

/** The first trading day after `date`; undefined past the end of the calendar. */
export function nextTradingDay(date: string): string | undefined {
  for (let day = addDays(date, 1); day <= LAST_CALENDAR_DATE; day = addDays(day, 1))
    if (isTradingDay(day)) return day;
  return undefined;
}

/**
 * The trading day whose close a report is measured against: a pre-open report analyses the previous trading
 * day's close; a report of any other phase (intraday or after the close) its own day's.
 */
export function referenceDate(tradeDate: string, phase: string): string | undefined {
  if (!inCalendar(tradeDate)) return undefined;
  return phase === 'PRE_OPEN' ? previousTradingDay(tradeDate) : tradeDate;
}

/** A pick's returns, unrounded, before they are put on the wire. */
export interface Returns {
  referenceClose: number;
  open: number;
  close: number;
  max: number;
}

/**
 * The next-day returns of one stock from its bars: the reference close is the close of `reference`'s bar,
 * the next day's bar is the one dated `next`; open, close and max (high) against that close. Undefined when
 * either bar is missing (the stock did not trade that day) or the reference close is not a positive price.
 */
export function nextDayReturns(
  bars: readonly DailyBar[],
  reference: string,
  next: string,
): Returns | undefined {
  const ref = bars.find((bar) => bar.date === reference);
  const day = bars.find((bar) => bar.date === next);
  if (!ref || !day || !(ref.close > 0)) return undefined;
  return {
    referenceClose: ref.close,
    open: returnPct(day.open, ref.close),
    close: returnPct(day.close, ref.close),
    max: returnPct(day.high, ref.close),
  };
}

/**
 * One pick's outcome: pending while its next trading day has not ended (`nextComplete` false), unavailable
 * when that day has ended but a bar is missing, settled otherwise. Returns are rounded to two decimals here,
 * on the wire; the tallies use the unrounded ones (`outcomeReturns`).
 */
export function pickOutcome(input: {
  symbol: string;
  decision: PickDecisionCode;
  reference: string;
  next: string | undefined;
  nextComplete: boolean;
  bars: readonly DailyBar[] | undefined;
}): { outcome: PickOutcome; returns?: Returns } {
  const base = {
    symbol: input.symbol,
    decision: input.decision,
    reference_date: input.reference,
    next_date: input.next ?? null,
  };
  const refBar = input.bars?.find((bar) => bar.date === input.reference);
  const referenceClose = refBar && refBar.close > 0 ? refBar.close : null;
  const empty = { open_return: null, close_return: null, max_return: null };
  if (!input.next || !input.nextComplete)
    return { outcome: { ...base, status: 'pending', reference_close: referenceClose, ...empty } };
  const returns = input.bars ? nextDayReturns(input.bars, input.reference, input.next) : undefined;
  if (!returns)
    return { outcome: { ...base, status: 'unavailable', reference_close: referenceClose, ...empty } };
  return {
    outcome: {
      ...base,
      status: 'settled',
      reference_close: returns.referenceClose,
      open_return: percent2(returns.open),
      close_return: percent2(returns.close),
      max_return: percent2(returns.max),
    },
    returns,
  };
}

/** What the tallies take of a pick: its decision, status and, when settled, its unrounded close return. */
export interface Counted {
  decision: PickDecisionCode;
  status: PickOutcome['status'];
  closeReturn?: number;
}

type Tally = Omit<DecisionTally, 'decision'>;

/**
 * The tally of some picks: settled ones are counted (hits: close return > 0; average and worst over all of
 * them, losses included); pending and unavailable ones are only numbered.
 */
export function tally(picks: readonly Counted[]): Tally {
  const settled = picks.flatMap((p) =>
    p.status === 'settled' && p.closeReturn !== undefined ? [p.closeReturn] : [],
  );
  const hits = settled.filter((r) => r > 0).length;
  const n = settled.length;
  return {
    picks: n,
    pending: picks.filter((p) => p.status === 'pending').length,
    unavailable: picks.filter((p) => p.status === 'unavailable').length,
    hits,
    hit_rate: n ? percent2((hits / n) * 100) : null,
    average_return: n ? percent2(settled.reduce((sum, r) => sum + r, 0) / n) : null,
    worst_return: n ? percent2(Math.min(...settled)) : null,
  };
}

/** One row per decision in PICK_DECISIONS order (empty ones included), and all of them together. */
export function tallyByDecision(picks: readonly Counted[]): Pick<TrackRecord, 'decisions' | 'total'> {
  return {
    decisions: PICK_DECISIONS.map((decision) => ({
      decision,
      ...tally(picks.filter((p) => p.decision === decision)),
    })),
    total: tally(picks),
  };
}

/** What the track record takes of a stored report. */
export interface StoredReport {
  tradeDate: string;
  phase: string;
}

/**
 * The reports a window counts: one per reference day — of the reports measured against the same close
 * (that day's intraday and post-close reports, the next day's pre-open one) the last made, since they pick
 * from the same ladder and counting each would count the same stocks two to four times. Only reference
 * days in `days` are kept. Newest reference day first.
 */
export function countedReports<T extends StoredReport>(reports: readonly T[], days: readonly string[]): T[] {
  const inWindow = new Set(days);
  const order = (r: StoredReport) => `${r.tradeDate}#${PHASE_ORDER.indexOf(r.phase)}`;
  const latest = new Map<string, T>();
  for (const report of reports) {
    const reference = referenceDate(report.tradeDate, report.phase);
    if (!reference || !inWindow.has(reference)) continue;
    const known = latest.get(reference);
    if (!known || order(report) > order(known)) latest.set(reference, report);
  }
  return [...latest.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([, report]) => report);
}

/** The phases of a day in the order they run (a phase the list does not know sorts first). */
const PHASE_ORDER = ['PRE_OPEN', 'MORNING', 'AFTERNOON', 'POST_CLOSE'];
