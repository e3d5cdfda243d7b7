import { messages } from '../i18n/zh-CN';
import { intradayOffset } from '../scales/intradayAxis';
import { MarketDataError } from './marketDataError';
import { percentChange } from './marketFormat';

/** One minute of a stock's trading day, as the quote API sends it. */
export interface IntradayInput {
  /** "HH:MM", China time, inside 09:30–11:30 or 13:00–15:00. */
  readonly time: string;
  /** Last price of the minute, yuan. */
  readonly price: number;
  /** Average price of the day so far (amount / volume), yuan. */
  readonly avgPrice: number;
  /** Shares traded in the minute. */
  readonly volume: number;
}

/** Whether a minute (or a day) closed above, below or level with what came before. */
export type Direction = 'up' | 'down' | 'flat';

export interface IntradayPoint extends IntradayInput {
  /** Trading minutes from the open, 0–240. */
  readonly offset: number;
  /** Percent change of `price` against the previous close. */
  readonly pct: number;
  /** The minute's price against the minute before (the first minute: against the previous close). */
  readonly direction: Direction;
}

export const directionOf = (value: number, before: number): Direction =>
  value > before ? 'up' : value < before ? 'down' : 'flat';

const isPrice = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * Checks a day's minutes and places them on the trading-day axis. The minutes may arrive in any order and
 * may stop anywhere (a day in progress). A time outside the sessions, a repeated time, a price that is
 * not a positive number or a negative volume is refused with a Chinese message naming the minute.
 */
export function prepareIntraday(points: readonly IntradayInput[], prevClose: number): IntradayPoint[] {
  const { errors } = messages.market;
  if (!isPrice(prevClose)) throw new MarketDataError(errors.badPrevClose(prevClose));
  const placed = points.map((p, i) => {
    const offset = typeof p.time === 'string' ? intradayOffset(p.time) : null;
    if (offset === null) throw new MarketDataError(errors.badMinute(i, p.time));
    if (!isPrice(p.price)) throw new MarketDataError(errors.badNumber(i, messages.intraday.price, p.price));
    if (!isPrice(p.avgPrice))
      throw new MarketDataError(errors.badNumber(i, messages.intraday.avgPrice, p.avgPrice));
    if (!(typeof p.volume === 'number' && Number.isFinite(p.volume) && p.volume >= 0))
      throw new MarketDataError(errors.badNumber(i, messages.intraday.volume, p.volume));
    return { ...p, offset };
  });
  // 13:00 and 11:30 share an offset; the clock breaks the tie.
  placed.sort((a, b) => a.offset - b.offset || a.time.localeCompare(b.time));
  return placed.map((p, i) => {
    const before = placed[i - 1];
    if (before && before.time === p.time) throw new MarketDataError(errors.duplicateTime(p.time));
    return {
      time: p.time,
      price: p.price,
      avgPrice: p.avgPrice,
      volume: p.volume,
      offset: p.offset,
      pct: percentChange(p.price, prevClose),
      direction: directionOf(p.price, before ? before.price : prevClose),
    };
  });
}
