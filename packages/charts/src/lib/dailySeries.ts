import { messages } from '../i18n/zh-CN';
import { EmotionDataError } from './dataError';
import { parseIsoDate } from './format';
import { movingAverage } from './movingAverage';

/** One trading day as the API and the app hand it over. */
export interface DailyEmotionInput {
  /** The trading day, "YYYY-MM-DD" (China calendar). */
  readonly date: string;
  /** The emotion value, 0–100. */
  readonly value: number;
}

export interface DailyEmotionPoint {
  readonly date: string;
  readonly value: number;
  /** Mean of the last 5 trading days (this one included); null for the first four. */
  readonly ma5: number | null;
  /** Mean of the last 20 trading days; null for the first nineteen. */
  readonly ma20: number | null;
}

/**
 * Checks the days, orders them by date and adds the 5- and 20-day averages. Averages run over trading
 * days (the points given), not calendar days. Bad data is an EmotionDataError with a Chinese message.
 */
export function prepareDailySeries(input: readonly DailyEmotionInput[]): DailyEmotionPoint[] {
  const seen = new Set<string>();
  const days = input.map((point, index) => {
    const { date, value } = point as { date: unknown; value: unknown };
    if (typeof date !== 'string' || !parseIsoDate(date))
      throw new EmotionDataError(messages.errors.badDate(index, date));
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new EmotionDataError(messages.errors.badValue(index, value));
    if (seen.has(date)) throw new EmotionDataError(messages.errors.duplicateDate(date));
    seen.add(date);
    return { date, value };
  });
  // ISO dates order correctly as strings.
  days.sort((a, b) => (a.date < b.date ? -1 : 1));
  const values = days.map((d) => d.value);
  const ma5 = movingAverage(values, 5);
  const ma20 = movingAverage(values, 20);
  return days.map((d, i) => ({ ...d, ma5: ma5[i] ?? null, ma20: ma20[i] ?? null }));
}

/**
 * Which days get an x-axis label: at most `maxTicks`, evenly spaced, counted back from the latest day so
 * the most recent date is always labelled.
 */
export function dailyTicks(count: number, maxTicks: number): number[] {
  if (count <= 0) return [];
  const slots = Math.max(1, Math.floor(maxTicks));
  if (count <= slots) return Array.from({ length: count }, (_, i) => i);
  const step = slots === 1 ? count : Math.ceil((count - 1) / (slots - 1));
  const ticks: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) ticks.push(i);
  return ticks.reverse();
}
