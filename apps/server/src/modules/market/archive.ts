/** The archive of computed trading days (table market_emotion_days); this module's only queries. */
import { and, asc, between, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketEmotionDays } from '../../db/schema';
import type { EmotionScore } from './emotion';
import type { MarketSource } from './provider';

export interface ArchivedDay {
  date: string;
  close: EmotionScore;
  slots: EmotionScore[];
}

/** Rows per insert: a day with its slots is ~20 KB of JSON; a few dozen keep one statement modest. */
const INSERT_CHUNK = 30;

/** The archived days of `source` from `from` to `to`, both included. */
const inRange = (source: MarketSource, from: string, to: string) =>
  and(eq(marketEmotionDays.source, source), between(marketEmotionDays.tradeDate, from, to));

/** A day's close as stored: its value in a column of its own, its scores and inputs in `detail`. */
const closeOf = (row: { value: number; detail: unknown }): EmotionScore => ({
  value: row.value,
  ...(row.detail as Omit<EmotionScore, 'value'>),
});

export async function archivedDays(
  db: Db,
  source: MarketSource,
  from: string,
  to: string,
): Promise<ArchivedDay[]> {
  const rows = await db
    .select({
      date: marketEmotionDays.tradeDate,
      value: marketEmotionDays.value,
      detail: marketEmotionDays.detail,
      slots: marketEmotionDays.slots,
    })
    .from(marketEmotionDays)
    .where(inRange(source, from, to))
    .orderBy(asc(marketEmotionDays.tradeDate));
  return rows.map((row) => ({ date: row.date, close: closeOf(row), slots: row.slots as EmotionScore[] }));
}

/**
 * The closes alone of the archived trading days from `from` to `to`: the daily series needs nothing else,
 * and leaving each day's slots (most of a row's ~20 KB) in the database makes it several times faster.
 */
export async function archivedCloses(
  db: Db,
  source: MarketSource,
  from: string,
  to: string,
): Promise<Array<{ date: string; close: EmotionScore }>> {
  const rows = await db
    .select({
      date: marketEmotionDays.tradeDate,
      value: marketEmotionDays.value,
      detail: marketEmotionDays.detail,
    })
    .from(marketEmotionDays)
    .where(inRange(source, from, to))
    .orderBy(asc(marketEmotionDays.tradeDate));
  return rows.map((row) => ({ date: row.date, close: closeOf(row) }));
}

/** Stores days not stored yet; a day already archived (by another instance, say) is left as it is. */
export async function archiveDays(db: Db, source: MarketSource, days: ArchivedDay[]): Promise<void> {
  for (let i = 0; i < days.length; i += INSERT_CHUNK) {
    const chunk = days.slice(i, i + INSERT_CHUNK);
    await db
      .insert(marketEmotionDays)
      .values(
        chunk.map((day) => ({
          source,
          tradeDate: day.date,
          value: day.close.value,
          detail: { scores: day.close.scores, inputs: day.close.inputs },
          slots: day.slots,
        })),
      )
      .onConflictDoNothing();
  }
}
