/**
 * Windowed counters in the database, so that a limit holds across restarts and across instances. Written
 * here rather than through @fastify/rate-limit's store interface: that store counts one key per route and
 * cannot express the sign-in back-off or the per-user and registration caps, which share this table.
 *
 * One statement per check: an atomic upsert (`INSERT … ON CONFLICT … DO UPDATE … RETURNING`) that starts a
 * new window when the old one has ended, else counts one more hit, and answers the count and the time left.
 * The row is locked by the upsert, so simultaneous hits on any instance are counted one after another.
 */
import { lt, type SQL, sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../db/client';
import { rateCounters } from '../../db/schema';

export interface CounterHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/**
 * The upsert that counts one hit of `key`, as a statement of its own or inside a larger one: `source` is
 * what the new row is selected from (empty: one row, always counted; a FROM clause over a CTE: counted only
 * when it yields a row). Answers `hits` and `ttl` (seconds left in the window).
 */
export function hitUpsert(key: string, windowSeconds: number, source: SQL = sql``): SQL {
  return sql`
      insert into ${rateCounters} as c (key, hits, last_at, expires_at)
      select ${key}::text, 1, now(), now() + make_interval(secs => ${windowSeconds}::float8) ${source}
      on conflict (key) do update set
        hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
        prev_at = case when c.expires_at <= now() then null else c.last_at end,
        last_at = now(),
        expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
      returning c.hits, extract(epoch from (c.expires_at - now())) as ttl`;
}

/** Counts one hit of `key` in a fixed window of `windowSeconds` that starts with the first hit. */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<CounterHit> {
  const [row] = await executePrepared<{ hits: number; ttl: number | string }>(
    db,
    'limits_count_hit',
    hitUpsert(key, windowSeconds),
  );
  if (!row) throw new Error('rate counter upsert returned no row');
  return counterHit(row);
}

export function counterHit(row: { hits: number | string; ttl: number | string }): CounterHit {
  return { hits: Number(row.hits), retryAfter: Math.max(0, Number(row.ttl)) };
}

/** Takes back one hit (an attempt that ended without a verdict, or was refused by another limit). */
export async function uncountHit(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await executePrepared(
    db,
    'limits_uncount_hit',
    // Locked in key order, so two statements over the same counters never deadlock.
    sql`update ${rateCounters} c set hits = greatest(c.hits - 1, 0)
        from (
          select key from ${rateCounters}
          where key = any(array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)))
          order by key for update
        ) locked
        where c.key = locked.key`,
  );
}

/** Drops counters whose window has ended (maintenance). */
export async function sweepCounters(db: Db): Promise<number> {
  const removed = await db
    .delete(rateCounters)
    .where(lt(rateCounters.expiresAt, sql`now()`))
    .returning({ key: rateCounters.key });
  return removed.length;
}
