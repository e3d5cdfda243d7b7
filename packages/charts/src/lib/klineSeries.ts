import { messages } from '../i18n/zh-CN';
import { parseIsoDate } from './format';
import { type Direction, directionOf } from './intradaySeries';
import { MarketDataError } from './marketDataError';
import { movingAverage } from './movingAverage';

/** One trading day of a stock, as the quote API sends it. */
export interface KLineInput {
  /** "YYYY-MM-DD", a trading day. */
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Shares traded that day. */
  readonly volume: number;
  /** Percent change of the close against the previous close. */
  readonly pctChange: number;
}

/** A label over one day's candle (涨停, a report's mention, …). */
export interface KLineMarker {
  readonly date: string;
  readonly label: string;
}

/** The moving averages drawn over the candles, in trading days. */
export const MA_PERIODS = [5, 10, 20] as const;
export type MaKey = `ma${(typeof MA_PERIODS)[number]}`;

export interface KLinePoint extends KLineInput {
  readonly ma5: number | null;
  readonly ma10: number | null;
  readonly ma20: number | null;
  /**
   * The candle's colour: up (red) when it closed above its open, down (green) below it; a doji (close at
   * the open) takes the day's change against the previous close.
   */
  readonly direction: Direction;
  /** The markers' labels of this day, in the order given. */
  readonly markers: readonly string[];
}

const isPrice = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * Checks daily bars, sorts them by date and adds the 5-, 10- and 20-day averages of the close (null until
 * a full window exists). A bad date, a repeated day, a price that is not a positive number, a high below
 * the low or a negative volume is refused with a Chinese message naming the bar.
 */
export function prepareKLine(
  bars: readonly KLineInput[],
  markers: readonly KLineMarker[] = [],
): KLinePoint[] {
  const { errors } = messages.market;
  bars.forEach((b, i) => {
    if (typeof b.date !== 'string' || !parseIsoDate(b.date))
      throw new MarketDataError(errors.badDate(i, b.date));
    for (const key of ['open', 'high', 'low', 'close'] as const)
      if (!isPrice(b[key])) throw new MarketDataError(errors.badNumber(i, errors.fieldNames[key], b[key]));
    if (b.high < b.low) throw new MarketDataError(errors.highBelowLow(b.date));
    if (!(typeof b.volume === 'number' && Number.isFinite(b.volume) && b.volume >= 0))
      throw new MarketDataError(errors.badNumber(i, errors.fieldNames.volume, b.volume));
    if (typeof b.pctChange !== 'number' || !Number.isFinite(b.pctChange))
      throw new MarketDataError(errors.badNumber(i, errors.fieldNames.pctChange, b.pctChange));
  });
  const sorted = [...bars].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  sorted.forEach((b, i) => {
    if (i > 0 && sorted[i - 1]?.date === b.date) throw new MarketDataError(errors.duplicateDate(b.date));
  });
  const labels = new Map<string, string[]>();
  for (const m of markers) {
    if (typeof m.label !== 'string' || m.label.trim() === '') continue;
    labels.set(m.date, [...(labels.get(m.date) ?? []), m.label.trim()]);
  }
  const closes = sorted.map((b) => b.close);
  const averages = Object.fromEntries(MA_PERIODS.map((n) => [n, movingAverage(closes, n)])) as Record<
    (typeof MA_PERIODS)[number],
    (number | null)[]
  >;
  return sorted.map((b, i) => ({
    date: b.date,
    open: b.open,
    high: b.high,
    low: b.low,
    close: b.close,
    volume: b.volume,
    pctChange: b.pctChange,
    ma5: averages[5][i] ?? null,
    ma10: averages[10][i] ?? null,
    ma20: averages[20][i] ?? null,
    direction: b.close === b.open ? directionOf(b.pctChange, 0) : directionOf(b.close, b.open),
    markers: labels.get(b.date) ?? [],
  }));
}

/** Default and widest spacing of the candles, in pixels (the candle body is about 70 % of it). */
export const MIN_BAR_STEP = 6;
export const MAX_BAR_STEP = 16;
/** The spacings the daily chart zooms between (+ and − keys), narrowest first; MIN_BAR_STEP is one. */
export const BAR_STEPS = [3, 4, MIN_BAR_STEP, 9, 12, MAX_BAR_STEP] as const;

/**
 * Which bars a plot of `plotWidth` pixels shows: as many of the latest as fit `barStep` apart, ending at
 * `end` (the last bar unless the reader has moved back in time). `slots` is the number of candle
 * positions across the plot: at least the bars shown, more when there are too few bars to fill the plot
 * at MAX_BAR_STEP, so a short history does not turn into fat candles.
 */
export function klineWindow(
  total: number,
  plotWidth: number,
  end = total - 1,
  barStep: number = MIN_BAR_STEP,
): { start: number; end: number; slots: number } {
  if (!(barStep > 0)) throw new RangeError(`barStep must be a positive number of pixels: ${barStep}`);
  if (total <= 0) return { start: 0, end: -1, slots: 1 };
  const fit = Math.max(1, Math.floor(plotWidth / barStep));
  const count = Math.min(total, fit);
  const last = Math.min(total - 1, Math.max(count - 1, end));
  return {
    start: last - count + 1,
    end: last,
    slots: Math.max(count, Math.floor(plotWidth / Math.max(barStep, MAX_BAR_STEP))),
  };
}
