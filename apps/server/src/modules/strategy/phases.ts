/** When the runs of a trading day happen (Asia/Shanghai minutes since midnight) and how they are named. */
import type { RunPhase, StrategySchedule } from '@wanxiang/api-client/contract';
import { addDays, formatMinute, isTradingDay, LAST_CALENDAR_DATE, shanghaiClock } from '../market/calendar';

export interface PhaseWindow {
  phase: RunPhase;
  /** The scheduled time; a server that was down then runs the phase when it is back before `until`. */
  at: number;
  until: number;
  display: string;
}

export const PHASES: readonly PhaseWindow[] = [
  { phase: 'PRE_OPEN', at: 8 * 60 + 45, until: 9 * 60 + 30, display: '盘前分析' },
  { phase: 'MORNING', at: 10 * 60 + 30, until: 11 * 60 + 30, display: '早盘跟踪' },
  { phase: 'AFTERNOON', at: 13 * 60 + 45, until: 15 * 60, display: '午后评估' },
  { phase: 'POST_CLOSE', at: 15 * 60 + 30, until: 24 * 60, display: '盘后复盘' },
];

/** The phase whose window holds `minute`, if any. */
export function phaseAt(minute: number): PhaseWindow | undefined {
  return PHASES.find((p) => minute >= p.at && minute < p.until);
}

export function phaseDisplay(phase: string): string {
  return PHASES.find((p) => p.phase === phase)?.display ?? phase;
}

/** Newest first within a day: the order of the phases, for sorting reports. */
export function phaseOrder(phase: string): number {
  return PHASES.findIndex((p) => p.phase === phase);
}

/**
 * The schedule as the board shows it at `now`: whether today (Shanghai) trades, the day's run times, and the
 * next run — later today if one is still to come on a trading day, otherwise the first phase of the next
 * trading day; null past the end of the calendar.
 */
export function scheduleAt(now: Date): StrategySchedule {
  const { date, minute } = shanghaiClock(now);
  const runs = PHASES.map((p) => ({ phase: p.phase, display: p.display, at: formatMinute(p.at) }));
  const tradingDay = isTradingDay(date);
  let next: StrategySchedule['next_run'] = null;
  const later = tradingDay ? PHASES.find((p) => p.at > minute) : undefined;
  if (later) next = { date, at: formatMinute(later.at), phase: later.phase, display: later.display };
  else {
    const first = PHASES[0] as PhaseWindow;
    for (let day = addDays(date, 1); day <= LAST_CALENDAR_DATE; day = addDays(day, 1))
      if (isTradingDay(day)) {
        next = { date: day, at: formatMinute(first.at), phase: first.phase, display: first.display };
        break;
      }
  }
  return { today: date, trading_day: tradingDay, runs, next_run: next };
}
