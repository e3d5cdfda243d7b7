/**
 * The emotion series the strategy board charts, from the archive when a day is in it, from the market data
 * provider otherwise. A complete trading day is archived the first time it is computed; today, while the
 * market is open, is computed live from the slots that have ended and never archived half-done.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { type ArchivedDay, archiveDays, archivedCloses, archivedDays } from './archive';
import {
  CalendarRangeError,
  isDayComplete,
  isTradingDay,
  shanghaiClock,
  slotsElapsed,
  slotTimestamp,
  tradingDaysBefore,
  tradingDaysBetween,
} from './calendar';
import { type EmotionScore, movingAverage, scoreSnapshot } from './emotion';
import { closingSnapshot, type MarketProvider, MarketSourceError } from './provider';

/** Trading days before a range that the 20-day average of its first day needs. */
const LOOKBACK = 19;

export interface DailyPoint {
  date: string;
  value: number;
  ma5: number;
  ma20: number;
  partial: boolean;
  scores: EmotionScore['scores'];
  inputs: EmotionScore['inputs'];
}

export interface MinutePoint {
  timestamp: string;
  value: number;
  ma5: number;
  ma20: number;
  scores: EmotionScore['scores'];
  inputs: EmotionScore['inputs'];
}

export interface MarketServiceOptions {
  /** Trading days archived on a fresh install. */
  backfillDays: number;
  logger: Logger;
  /** The clock; tests pin it. */
  now?: () => Date;
}

export class MarketService {
  private readonly now: () => Date;
  private backfilled: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    readonly provider: MarketProvider,
    private readonly options: MarketServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  get source() {
    return this.provider.source;
  }

  /** Today in Shanghai. Throws CalendarRangeError past the calendar's last year, loudly, on purpose. */
  today(): string {
    return shanghaiClock(this.now()).date;
  }

  private async computeDay(date: string): Promise<ArchivedDay> {
    const [close, slots] = await Promise.all([
      closingSnapshot(this.provider, date),
      this.provider.intradaySnapshots(date),
    ]);
    // A source past its history window answers empty pools: that is no data, never a day of zeros.
    const { limitUp, broken, breadth } = close;
    if (limitUp.length + broken.length + breadth.advancers + breadth.decliners === 0)
      throw new MarketSourceError(this.source, `no data for ${date}`, { kind: 'no-data' });
    return { date, close: scoreSnapshot(close), slots: slots.map(scoreSnapshot) };
  }

  /** The closes of complete trading days: archived ones read alone, the others computed and archived. */
  private async completeCloses(dates: string[]): Promise<Map<string, EmotionScore>> {
    const first = dates[0];
    const last = dates[dates.length - 1];
    const found = new Map<string, EmotionScore>();
    if (!first || !last) return found;
    for (const day of await archivedCloses(this.db, this.source, first, last)) found.set(day.date, day.close);
    const missing = dates.filter((date) => !found.has(date));
    if (missing.length === 0) return found;
    try {
      for (const [date, day] of await this.completeDays(missing)) found.set(date, day.close);
    } catch (error) {
      // None of the missing days could be had: with archived ones the series still answers (as
      // completeDays does for a mix), with none the request fails.
      if (!(error instanceof MarketSourceError) || found.size === 0) throw error;
    }
    return found;
  }

  /** Complete trading days: archived ones read, the others computed and archived. */
  private async completeDays(dates: string[]): Promise<Map<string, ArchivedDay>> {
    const found = new Map<string, ArchivedDay>();
    const first = dates[0];
    const last = dates[dates.length - 1];
    if (!first || !last) return found;
    for (const day of await archivedDays(this.db, this.source, first, last)) found.set(day.date, day);
    const computed: ArchivedDay[] = [];
    const failed: string[] = [];
    let failure: unknown;
    for (const date of dates) {
      if (found.has(date)) continue;
      try {
        const day = await this.computeDay(date);
        computed.push(day);
        found.set(date, day);
      } catch (error) {
        // A day the source cannot give (past its window, or failing) is left out and reported; the
        // series shows the others. Only when nothing at all could be had does the request fail.
        if (!(error instanceof MarketSourceError)) throw error;
        failed.push(date);
        failure = error;
        // A source that does not answer will not answer for the next day either: stop this pass.
        if (error.kind === 'unavailable') break;
      }
    }
    if (computed.length > 0) await archiveDays(this.db, this.source, computed);
    if (failed.length > 0) {
      this.options.logger.warn(
        { source: this.source, days: failed.length, first: failed[0], last: failed.at(-1), err: failure },
        'market data missing for some days',
      );
      if (found.size === 0) throw failure;
    }
    return found;
  }

  /**
   * Archives the last `backfillDays` complete trading days that are not archived yet. Returns how many
   * days it computed and how long it took, which the log reports.
   */
  async backfill(): Promise<{ computed: number; ms: number }> {
    const started = performance.now();
    const now = this.now();
    const today = this.today();
    const days = [...tradingDaysBefore(today, this.options.backfillDays), today]
      .filter((date) => isTradingDay(date) && isDayComplete(date, now))
      .slice(-this.options.backfillDays);
    const first = days[0];
    const last = days[days.length - 1];
    const archived = first && last ? await archivedDays(this.db, this.source, first, last) : [];
    const missing = days.length - archived.length;
    const found = missing > 0 ? await this.completeDays(days) : undefined;
    const computed = found ? found.size - archived.length : 0;
    const ms = Math.round(performance.now() - started);
    if (computed > 0)
      this.options.logger.info({ source: this.source, days: computed, ms }, 'market emotion backfilled');
    return { computed, ms };
  }

  /** The backfill once per process (again after a failure): the first visit waits for it, later ones do not. */
  ensureBackfilled(): Promise<void> {
    this.backfilled ??= this.backfill().then(
      () => undefined,
      (error: unknown) => {
        this.backfilled = undefined;
        if (error instanceof CalendarRangeError) throw error;
        this.options.logger.error({ err: error, source: this.source }, 'market emotion backfill failed');
      },
    );
    return this.backfilled;
  }

  /** Today's live scores while the market is open: the slots that have ended so far. */
  private async liveSlots(date: string): Promise<EmotionScore[]> {
    const elapsed = slotsElapsed(date, this.now());
    if (elapsed === 0) return [];
    const slots = await this.provider.intradaySnapshots(date);
    return slots.slice(0, elapsed).map(scoreSnapshot);
  }

  /** Daily points of the trading days from `start` to `end` (both `YYYY-MM-DD`, in the calendar). */
  async dailySeries(start: string, end: string): Promise<DailyPoint[]> {
    await this.ensureBackfilled();
    const today = this.today();
    const last = end < today ? end : today;
    if (last < start) return [];
    const range = tradingDaysBetween(start, last);
    if (range.length === 0) return [];
    const dates = [...tradingDaysBefore(start, LOOKBACK), ...range];
    const now = this.now();
    const complete = dates.filter((date) => isDayComplete(date, now));
    const closes = await this.completeCloses(complete);
    const values: { date: string; score: EmotionScore; partial: boolean }[] = [];
    for (const date of dates) {
      const close = closes.get(date);
      if (close) values.push({ date, score: close, partial: false });
      else if (date === today) {
        const live = (await this.liveSlots(date)).at(-1);
        if (live) values.push({ date, score: live, partial: true });
      }
    }
    const ma5 = movingAverage(
      values.map((v) => v.score.value),
      5,
    );
    const ma20 = movingAverage(
      values.map((v) => v.score.value),
      20,
    );
    return values.flatMap((v, i) =>
      v.date < start
        ? []
        : [
            {
              date: v.date,
              value: v.score.value,
              ma5: ma5[i] as number,
              ma20: ma20[i] as number,
              partial: v.partial,
              scores: v.score.scores,
              inputs: v.score.inputs,
            },
          ],
    );
  }

  /** The 5-minute points of one day; none on a day without trading or in the future. */
  async minuteSeries(date: string): Promise<MinutePoint[]> {
    if (!isTradingDay(date) || date > this.today()) return [];
    await this.ensureBackfilled();
    const slots = isDayComplete(date, this.now())
      ? ((await this.completeDays([date])).get(date)?.slots ?? [])
      : await this.liveSlots(date);
    const values = slots.map((slot) => slot.value);
    const ma5 = movingAverage(values, 5);
    const ma20 = movingAverage(values, 20);
    return slots.map((slot, i) => ({
      timestamp: slotTimestamp(date, i),
      value: slot.value,
      ma5: ma5[i] as number,
      ma20: ma20[i] as number,
      scores: slot.scores,
      inputs: slot.inputs,
    }));
  }
}
