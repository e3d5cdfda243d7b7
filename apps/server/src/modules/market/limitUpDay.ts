/**
 * The pools of one day for 连板天梯 and 题材: which day it is (休市, before the open, trading, complete), the
 * trading days around it, and its limit-up, yesterday's limit-up and broken-board pools — the closing pools
 * of a complete day, the last ended 5-minute slot's while the session runs.
 */
import type { MarketDayStatus } from '@wanxiang/api-client/contract';
import {
  addDays,
  formatMinute,
  isDayComplete,
  isTradingDay,
  LAST_CALENDAR_DATE,
  previousTradingDay,
  SLOT_MINUTES,
  shanghaiClock,
  slotsElapsed,
} from './calendar';
import {
  type MarketProvider,
  MarketSourceError,
  type PoolStock,
  type YesterdayLimitUpStock,
} from './provider';

export interface LimitUpDay {
  date: string;
  status: MarketDayStatus;
  previousTradingDay: string | null;
  nextTradingDay: string | null;
  /** `HH:MM` of the last ended slot while the session runs, else null. */
  asOf: string | null;
  limitUp: PoolStock[];
  yesterdayLimitUp: YesterdayLimitUpStock[];
  broken: PoolStock[];
}

/** A day after today: no pools exist for it yet. */
export class FutureDayError extends Error {
  constructor(readonly date: string) {
    super(`${date} is still to come`);
    this.name = 'FutureDayError';
  }
}

type Pools = Pick<LimitUpDay, 'limitUp' | 'yesterdayLimitUp' | 'broken'>;

/** Complete days kept in memory, so stepping back and forth does not ask the source again. */
const CACHED_DAYS = 30;

export class LimitUpDays {
  private readonly cache = new Map<string, Promise<Pools>>();

  constructor(
    private readonly provider: MarketProvider,
    private readonly now: () => Date,
  ) {}

  /** Today in Shanghai. */
  today(): string {
    return shanghaiClock(this.now()).date;
  }

  /** The latest trading day with data: today once its first slot has ended, else the trading day before. */
  latest(): string {
    const today = this.today();
    if (isTradingDay(today) && slotsElapsed(today, this.now()) > 0) return today;
    return previousTradingDay(today) ?? today;
  }

  /** The trading day after `date` if it has come (null past today or the calendar's end). */
  private nextTradingDay(date: string): string | null {
    const today = this.today();
    for (let day = addDays(date, 1); day <= LAST_CALENDAR_DATE && day <= today; day = addDays(day, 1))
      if (isTradingDay(day)) return day;
    return null;
  }

  /** The day's pools (none on a closed day or before the open). Throws FutureDayError past today. */
  async day(date: string): Promise<LimitUpDay> {
    if (date > this.today()) throw new FutureDayError(date);
    const around = {
      date,
      previousTradingDay: previousTradingDay(date) ?? null,
      nextTradingDay: this.nextTradingDay(date),
    };
    const empty: Pools = { limitUp: [], yesterdayLimitUp: [], broken: [] };
    if (!isTradingDay(date)) return { ...around, status: 'closed', asOf: null, ...empty };
    const now = this.now();
    if (isDayComplete(date, now))
      return { ...around, status: 'complete', asOf: null, ...(await this.closing(date)) };
    const elapsed = slotsElapsed(date, now);
    if (elapsed === 0) return { ...around, status: 'before_open', asOf: null, ...empty };
    const slot = (await this.provider.intradaySnapshots(date))[elapsed - 1];
    return {
      ...around,
      status: 'trading',
      asOf: formatMinute(SLOT_MINUTES[elapsed - 1] as number),
      limitUp: slot?.limitUp ?? [],
      yesterdayLimitUp: slot?.yesterdayLimitUp ?? [],
      broken: slot?.broken ?? [],
    };
  }

  private closing(date: string): Promise<Pools> {
    const known = this.cache.get(date);
    if (known) return known;
    const loading = (async () => {
      const [limitUp, yesterdayLimitUp, broken] = await Promise.all([
        this.provider.limitUpPool(date),
        this.provider.yesterdayLimitUpPool(date),
        this.provider.brokenPool(date),
      ]);
      // A source past its short history window answers empty pools: that is no data, not a day of none.
      if (limitUp.length + yesterdayLimitUp.length + broken.length === 0)
        throw new MarketSourceError(this.provider.source, `no limit-up pools for ${date}`, {
          kind: 'no-data',
        });
      return { limitUp, yesterdayLimitUp, broken };
    })();
    this.cache.set(date, loading);
    // A failure is not kept: the next request asks again.
    loading.catch(() => this.cache.delete(date));
    while (this.cache.size > CACHED_DAYS) this.cache.delete(this.cache.keys().next().value as string);
    return loading;
  }
}
