/**
 * The track record from the stored reports and the market's daily bars (README.md, "The track record").
 *
 * Caching: a pick's outcome depends only on its stock's bars of two trading days, which never change once
 * the second day has ended, so a settled outcome is computed once and kept in memory, keyed by the market
 * source, the stock and the reference day. No table: the bars come from the same deterministic simulation
 * (or from Eastmoney's history, which is final), so a new instance or a restart recomputes the same
 * numbers, at one bar request per stock and month, which the measured year of reports shows to be cheap;
 * a table would add a migration and a second copy of the market's data that could disagree with it.
 * Pending and unavailable outcomes are not cached (a pending pick's reference close is): they change when the
 * day ends or the source recovers.
 */
import {
  decidePick,
  type PickOutcome,
  type TrackRecord,
  type TrackRecordWindow,
} from '@wanxiang/api-client/contract';
import { and, between, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { strategyReports } from '../../db/schema';
import { inCalendar, isDayComplete, isTradingDay, tradingDaysBefore } from '../market/calendar';
import type { DailyBar } from '../market/provider';
import type { MarketService } from '../market/service';
import {
  type Counted,
  countedReports,
  nextTradingDay,
  pickOutcome,
  type Returns,
  referenceDate,
  tallyByDecision,
} from './trackRecord';

/** Settled outcomes kept; a year of reports needs about 1,500, so this bounds memory, not the work. */
const MAX_CACHED = 20_000;
/** Bar requests in flight at once: polite to a real source, quick enough for the simulated one. */
const CONCURRENCY = 4;

/** A report's watchlist as the track record reads it from `result_data`. */
interface ReportPicks {
  tradeDate: string;
  phase: string;
  source: string | undefined;
  stage: string | undefined;
  picks: { symbol: string; plan: { entry_strategy_type: string; position_level: number } | null }[];
}

/** The watchlist of a stored `result_data` (an object; a string or anything else has no picks). */
export function readPicks(tradeDate: string, phase: string, resultData: unknown): ReportPicks {
  const data = (resultData && typeof resultData === 'object' ? resultData : {}) as Record<string, unknown>;
  const analysis = (data.market_analysis ?? {}) as Record<string, unknown>;
  const list = Array.isArray(data.actionable_watchlist) ? data.actionable_watchlist : [];
  const picks = list.flatMap((item) => {
    if (!item || typeof item !== 'object' || typeof (item as { symbol?: unknown }).symbol !== 'string')
      return [];
    const { symbol, trade_plan: plan } = item as { symbol: string; trade_plan?: unknown };
    const p = plan && typeof plan === 'object' ? (plan as Record<string, unknown>) : null;
    return [
      {
        symbol,
        plan: p
          ? {
              entry_strategy_type: String(p.entry_strategy_type ?? ''),
              position_level: typeof p.position_level === 'number' ? p.position_level : Number.NaN,
            }
          : null,
      },
    ];
  });
  return {
    tradeDate,
    phase,
    source: typeof data.data_source === 'string' ? data.data_source : undefined,
    stage: typeof analysis.emotion_stage === 'string' ? analysis.emotion_stage : undefined,
    picks,
  };
}

interface Settled {
  outcome: Omit<PickOutcome, 'decision'>;
  returns: Returns;
}

export class TrackRecordService {
  private readonly settled = new Map<string, Settled>();
  /** Reference closes of pending picks (final once the reference day has ended), by the same key. */
  private readonly closes = new Map<string, number | null>();
  /** Bar requests made (for the tests and the measurement of a year). */
  barRequests = 0;

  constructor(
    private readonly db: Db,
    private readonly market: MarketService,
    private readonly now: () => Date,
  ) {}

  /**
   * Each report's picks' outcomes, in watchlist order. Bars are asked once per stock and reference month for
   * every pick not settled in the cache, a few requests at a time.
   */
  async outcomesOf(reports: readonly ReportPicks[]): Promise<{ outcome: PickOutcome; counted: Counted }[][]> {
    const source = this.market.source;
    const now = this.now();
    const planned = reports.map((report) => {
      const reference = referenceDate(report.tradeDate, report.phase);
      const next = reference ? nextTradingDay(reference) : undefined;
      const nextComplete = next !== undefined && inCalendar(next) && isDayComplete(next, now);
      const referenceComplete = reference !== undefined && isDayComplete(reference, now);
      const sameMarket = report.source === undefined || report.source === source;
      return report.picks.map((pick) => ({
        symbol: pick.symbol,
        decision: decidePick(report.stage, pick.plan).decision,
        reference: reference ?? report.tradeDate,
        next,
        nextComplete,
        referenceComplete,
        sameMarket,
        key: `${source}|${pick.symbol}|${reference ?? report.tradeDate}`,
      }));
    });

    // The bars still needed: per stock and reference month, the range from its first reference day to its
    // last next day (or reference day, for a pending pick whose reference close is not known yet).
    const ranges = new Map<string, { code: string; from: string; to: string }>();
    for (const pick of planned.flat()) {
      if (!pick.sameMarket || this.settled.has(pick.key)) continue;
      const last = pick.next && pick.nextComplete ? pick.next : undefined;
      const to = last ?? (pick.referenceComplete && !this.closes.has(pick.key) ? pick.reference : undefined);
      if (!to) continue;
      const group = `${pick.symbol}|${pick.reference.slice(0, 7)}`;
      const range = ranges.get(group);
      if (!range) ranges.set(group, { code: pick.symbol, from: pick.reference, to });
      else {
        if (pick.reference < range.from) range.from = pick.reference;
        if (to > range.to) range.to = to;
      }
    }
    const bars = new Map<string, DailyBar[]>();
    const queue = [...ranges.entries()];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const [group, range] = item;
        this.barRequests += 1;
        bars.set(group, await this.market.provider.dailyBars(range.code, range.from, range.to));
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));

    return planned.map((picks) =>
      picks.map((pick) => {
        const cached = pick.sameMarket ? this.settled.get(pick.key) : undefined;
        if (cached) {
          const outcome = { ...cached.outcome, decision: pick.decision };
          return {
            outcome,
            counted: { decision: pick.decision, status: 'settled', closeReturn: cached.returns.close },
          };
        }
        const fetched = pick.sameMarket ? bars.get(`${pick.symbol}|${pick.reference.slice(0, 7)}`) : [];
        const { outcome, returns } = pickOutcome({
          symbol: pick.symbol,
          decision: pick.decision,
          reference: pick.reference,
          next: pick.next,
          nextComplete: pick.nextComplete,
          bars: fetched,
        });
        if (returns) this.remember(pick.key, outcome, returns);
        else if (outcome.status === 'pending' && pick.referenceComplete) {
          // The reference close of a pending pick: from the bars just asked, or as asked before.
          if (fetched && !this.closes.has(pick.key)) this.rememberClose(pick.key, outcome.reference_close);
          outcome.reference_close = this.closes.get(pick.key) ?? null;
        }
        return {
          outcome,
          counted: {
            decision: pick.decision,
            status: outcome.status,
            ...(returns ? { closeReturn: returns.close } : {}),
          },
        };
      }),
    );
  }

  private rememberClose(key: string, close: number | null): void {
    if (this.closes.size >= MAX_CACHED) {
      const oldest = this.closes.keys().next().value;
      if (oldest !== undefined) this.closes.delete(oldest);
    }
    this.closes.set(key, close);
  }

  private remember(key: string, outcome: PickOutcome, returns: Returns): void {
    if (this.settled.size >= MAX_CACHED) {
      const oldest = this.settled.keys().next().value;
      if (oldest !== undefined) this.settled.delete(oldest);
    }
    const { decision: _decision, ...rest } = outcome;
    this.settled.set(key, { outcome: rest, returns });
  }

  /** The reference days of a window: the last `window` trading days up to today (Shanghai), oldest first. */
  windowDays(today: string, window: number): string[] {
    return [...tradingDaysBefore(today, window), today].filter((d) => isTradingDay(d)).slice(-window);
  }

  /** The tallies per decision over the window's reference days. */
  async trackRecord(slug: string, today: string, window: TrackRecordWindow): Promise<TrackRecord> {
    const days = this.windowDays(today, window);
    const from = days[0] ?? today;
    const to = days.at(-1) ?? today;
    // A pre-open report refers to the day before it, so the reports are read up to the day after `to`.
    const rows = await this.db
      .select({
        tradeDate: strategyReports.tradeDate,
        phase: strategyReports.phase,
        resultData: strategyReports.resultData,
      })
      .from(strategyReports)
      .where(
        and(
          eq(strategyReports.slug, slug),
          between(strategyReports.tradeDate, from, nextTradingDay(to) ?? to),
        ),
      );
    const counted = countedReports(rows, days);
    const outcomes = await this.outcomesOf(
      counted.map((row) => readPicks(row.tradeDate, row.phase, row.resultData)),
    );
    return {
      window,
      from,
      to,
      data_source: this.market.source,
      reports: counted.length,
      ...tallyByDecision(outcomes.flat().map((o) => o.counted)),
    };
  }
}
