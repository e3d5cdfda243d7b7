import { messages } from '../i18n/zh-CN';
import { clockSeconds, SLOT_MINUTES, tradingOffset, tradingSlots } from '../scales/tradingSession';
import { EmotionDataError } from './dataError';
import { parseIsoDate } from './format';
import { movingAverage } from './movingAverage';

/** One minute-level observation as the API and the app hand it over. */
export interface MinuteEmotionInput {
  /**
   * "HH:MM" / "HH:MM:SS" in China Standard Time, or an ISO timestamp. An ISO timestamp with a zone
   * ("Z", "+08:00") is converted to China time; one without a zone is read as China time.
   */
  readonly time: string;
  /** The emotion value, 0–100. */
  readonly value: number;
}

/** A 5-minute slot of the trading day, labelled by its end. */
export interface MinuteSlot {
  /** "HH:MM", the end of the slot. */
  readonly time: string;
  /** Trading minutes since the open: 5 for 09:35 … 240 for 15:00. */
  readonly offset: number;
  /** The value of the observation matched to this slot; null when none was within the tolerance. */
  readonly value: number | null;
  readonly ma5: number | null;
  readonly ma20: number | null;
}

export interface MinuteSeries {
  /** The trading day of the data, "YYYY-MM-DD", when given or carried by ISO timestamps. */
  readonly date: string | null;
  /** All 48 slots of the day, in order. */
  readonly slots: readonly MinuteSlot[];
  /** The slots that have a value, in order. */
  readonly points: readonly (MinuteSlot & { readonly value: number })[];
  /** Observations that fell outside every slot's tolerance (the 09:25 auction, the lunch break…). */
  readonly unmatched: number;
}

/** An observation belongs to a slot when it lies within this many seconds of the slot's end. */
export const MATCH_TOLERANCE_SECONDS = 150;

const CHINA_OFFSET_MS = 8 * 3600_000;
const ISO_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Seconds since China midnight of a minute point's time, and its calendar day when the time carries one. */
export function parseMinuteTime(time: string): { seconds: number; date: string | null } | null {
  if (!time.includes('-')) {
    try {
      return { seconds: clockSeconds(time), date: null };
    } catch {
      return null;
    }
  }
  const match = ISO_TIME.exec(time);
  if (!match) return null;
  const [, day = '', hh = '', mm = '', ss = '0', zone] = match;
  const midnight = parseIsoDate(day);
  const [h, m, s] = [Number(hh), Number(mm), Number(ss)];
  if (!midnight || h > 23 || m > 59 || s > 59) return null;
  if (!zone) return { seconds: h * 3600 + m * 60 + s, date: day };
  const zoneMinutes = zone === 'Z' ? 0 : zoneToMinutes(zone);
  // China has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact.
  const china = new Date(
    midnight.getTime() + (h * 3600 + m * 60 + s) * 1000 - zoneMinutes * 60_000 + CHINA_OFFSET_MS,
  );
  return {
    seconds: china.getUTCHours() * 3600 + china.getUTCMinutes() * 60 + china.getUTCSeconds(),
    date: china.toISOString().slice(0, 10),
  };
}

function zoneToMinutes(zone: string): number {
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return zone.startsWith('-') ? -minutes : minutes;
}

const slotTimes = tradingSlots(SLOT_MINUTES);
const slotSeconds = slotTimes.map(clockSeconds);

/**
 * The slot an observation at `seconds` belongs to: the nearest slot end within 150 s (both edges
 * included). A time exactly between two slot ends goes to the later one, whose 5 minutes it closes.
 */
export function matchSlot(seconds: number): number | null {
  let best: number | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  slotSeconds.forEach((slot, index) => {
    const distance = Math.abs(seconds - slot);
    if (distance <= MATCH_TOLERANCE_SECONDS && distance <= bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Puts minute observations on the 48 slots of the trading day and adds the 5- and 20-period averages.
 * When several observations fall on one slot, the one nearest the slot's end is kept (the later one on a
 * tie: it is the fresher value). Averages run over the slots that have a value, like daily averages run
 * over trading days; a slot without a value has no average either, so every line shows the gap.
 */
export function slotMinuteSeries(input: readonly MinuteEmotionInput[], date?: string): MinuteSeries {
  if (date !== undefined && !parseIsoDate(date))
    throw new EmotionDataError(messages.errors.badDataDate(date));
  let day: string | null = date ?? null;
  const chosen = new Map<number, { value: number; distance: number; seconds: number }>();
  let unmatched = 0;
  input.forEach((point, index) => {
    const { time, value } = point as { time: unknown; value: unknown };
    const parsed = typeof time === 'string' ? parseMinuteTime(time) : null;
    if (!parsed) throw new EmotionDataError(messages.errors.badTime(index, time));
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new EmotionDataError(messages.errors.badValue(index, value));
    if (parsed.date !== null) {
      if (day === null) day = parsed.date;
      else if (parsed.date !== day)
        throw new EmotionDataError(messages.errors.otherDay(index, parsed.date, day));
    }
    const slot = matchSlot(parsed.seconds);
    if (slot === null) {
      unmatched++;
      return;
    }
    const distance = Math.abs(parsed.seconds - (slotSeconds[slot] as number));
    const current = chosen.get(slot);
    const better =
      !current ||
      distance < current.distance ||
      (distance === current.distance && parsed.seconds >= current.seconds);
    if (better) chosen.set(slot, { value, distance, seconds: parsed.seconds });
  });

  const filled = slotTimes.flatMap((_, index) => {
    const match = chosen.get(index);
    return match ? [{ index, value: match.value }] : [];
  });
  const ma5 = movingAverage(
    filled.map((f) => f.value),
    5,
  );
  const ma20 = movingAverage(
    filled.map((f) => f.value),
    20,
  );
  const averages = new Map(filled.map((f, i) => [f.index, { ma5: ma5[i] ?? null, ma20: ma20[i] ?? null }]));

  const slots: MinuteSlot[] = slotTimes.map((time, index) => ({
    time,
    offset: tradingOffset(time) ?? 0,
    value: chosen.get(index)?.value ?? null,
    ma5: averages.get(index)?.ma5 ?? null,
    ma20: averages.get(index)?.ma20 ?? null,
  }));
  const points = slots.filter((s): s is MinuteSlot & { value: number } => s.value !== null);
  return { date: day, slots, points, unmatched };
}
