/**
 * The axes of the A-share intraday (分时) chart: one point a minute on the continuous trading-day axis of
 * ./tradingSession (11:30 and 13:00 share one x), and a price axis centred on the previous close so the
 * chart shows at a glance whether the stock is up or down and by how much.
 */
import { clockLabel, tradingDayLength, tradingOffset, tradingSessions } from './tradingSession';

const toMinutes = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/**
 * Every minute of a full trading day as quote feeds list them: 09:30 (the opening auction's price), then
 * 09:31 … 11:30 and 13:01 … 15:00, each labelled by its end: 241 minutes.
 */
export const intradayMinutes: readonly string[] = (() => {
  const minutes: string[] = [tradingSessions[0].start];
  for (const session of tradingSessions) {
    for (let m = toMinutes(session.start) + 1; m <= toMinutes(session.end); m++) minutes.push(clockLabel(m));
  }
  return minutes;
})();

export interface IntradayTick {
  /** Trading minutes from the open (0–240). */
  readonly offset: number;
  readonly label: string;
}

/** The label where the sessions meet: both clocks, since one x stands for both. */
export const SESSION_JOIN_LABEL = '11:30/13:00';

/** Pixels one "10:30" label needs with its gap, and the joined 11:30/13:00 label. */
const LABEL_PX = 44;
const JOIN_LABEL_PX = 84;

/**
 * The time labels of a plot `plotWidth` pixels wide: 09:30, 10:30, 11:30/13:00, 14:00 and 15:00 (the
 * hours of a quote screen), the half hours in between when there is room, and on a narrow plot only the
 * open, the join and the close.
 */
export function intradayTicks(plotWidth: number): IntradayTick[] {
  const pxPerMinute = plotWidth / tradingDayLength;
  const tick = (offset: number): IntradayTick => ({
    offset,
    label: offset === 120 ? SESSION_JOIN_LABEL : offsetLabel(offset),
  });
  // Labels are centred on their tick: two neighbours need half of each label's width between them.
  const fits = (step: number) => step * pxPerMinute >= (LABEL_PX + JOIN_LABEL_PX) / 2;
  const step = fits(30) ? 30 : fits(60) ? 60 : 120;
  const ticks: IntradayTick[] = [];
  for (let offset = 0; offset <= tradingDayLength; offset += step) ticks.push(tick(offset));
  return ticks;
}

/** The clock time ("HH:MM") of a whole number of trading minutes from the open; 120 is 11:30. */
export function offsetLabel(offset: number): string {
  if (!Number.isInteger(offset) || offset < 0 || offset > tradingDayLength)
    throw new RangeError(`offset must be a whole number of minutes in 0–${tradingDayLength}: ${offset}`);
  let before = 0;
  for (const session of tradingSessions) {
    const length = toMinutes(session.end) - toMinutes(session.start);
    if (offset <= before + length) return clockLabel(toMinutes(session.start) + offset - before);
    before += length;
  }
  return tradingSessions[1].end;
}

/** Trading minutes from the open of a whole minute "HH:MM" inside a session, else null. */
export function intradayOffset(time: string): number | null {
  if (!/^\d{2}:\d{2}$/.test(time)) return null;
  try {
    return tradingOffset(time);
  } catch {
    return null;
  }
}

/**
 * The price range of the chart: symmetric around the previous close, wide enough for every price given
 * (with 5 % of the swing as a margin) and never narrower than ±`minPercent` of the previous close, so a
 * quiet day is not blown up into a jagged line. Returns [low, high] in yuan.
 */
export function symmetricPriceDomain(
  prevClose: number,
  prices: readonly number[],
  minPercent = 1,
): [number, number] {
  if (!(prevClose > 0) || !Number.isFinite(prevClose))
    throw new RangeError(`prevClose must be a positive number: ${prevClose}`);
  let swing = 0;
  for (const p of prices) if (Number.isFinite(p)) swing = Math.max(swing, Math.abs(p - prevClose));
  const half = Math.max(swing * 1.05, (prevClose * minPercent) / 100);
  return [prevClose - half, prevClose + half];
}
