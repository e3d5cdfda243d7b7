/**
 * Holds: credits set aside while a paid piece of work runs (a chat turn), then settled to its real cost.
 * With the ledger (./ledger.ts) these are the only ways a balance changes; each writes its ledger row in
 * the statement or transaction that changes the balance, so the ledger always sums to the balance.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../db/client';
import { creditLedger, users } from '../../db/schema';
import { isUuid } from '../../ids';
import { type ChargeKind, detailColumns, HOLD_KINDS, type LedgerTarget } from './ledger';

export interface HoldRequest {
  userId: string;
  /** The ledger reference of the hold and of its refund, e.g. `turn:<uuid>`. */
  reference: string;
  /** The most the work can cost: held in full when the balance allows, else the whole balance. */
  full: number;
  /** The least the work can cost: below it nothing is held. */
  minimum: number;
  note: string;
  /** What the hold pays for: its ledger kind, and the model and conversation or document shown with it. */
  kind: ChargeKind;
  model?: string;
  target?: LedgerTarget;
}

/**
 * Takes min(balance, full) from the balance with its ledger row, in one statement (the user row is locked
 * by it, so simultaneous holds queue here and the balance never goes below zero). Answers the amount held,
 * or `null` when the balance is below `minimum` (nothing is taken). One prepared statement: the first token
 * of a chat answer waits for it.
 */
export async function holdCredits(db: Db, request: HoldRequest): Promise<number | null> {
  const { userId, full, minimum, reference, note, kind } = request;
  const details = detailColumns({ model: request.model, target: request.target });
  const [row] = await executePrepared<{ reserve: number | string }>(
    db,
    'chat_hold',
    sql`
      with old as (
        select ${users.id} as id, ${users.creditsBalance} as balance from ${users} where ${users.id} = ${userId} for update
      ), held as (
        update ${users} set credits_balance = old.balance - least(old.balance, ${full}::int), updated_at = now()
        from old where ${users.id} = old.id and old.balance >= ${minimum}::int
        returning least(old.balance, ${full}::int) as reserve, old.balance - least(old.balance, ${full}::int) as balance
      ), ledger as (
        insert into ${creditLedger} (user_id, delta, balance_after, kind, reference, note, model, target_type, target_id)
        select ${userId}::uuid, -held.reserve, held.balance, ${kind}::text, ${reference}, ${note},
          ${details.model}::text, ${details.targetType}::text, ${details.targetId}::text
        from held where held.reserve > 0
        returning 1
      )
      select reserve from held`,
  );
  return row ? Number(row.reserve) : null;
}

export interface Settlement {
  userId: string;
  /** The reference of the hold; a charge beyond it is `<reference>:extra`. */
  reference: string;
  /** What was held. */
  reserve: number;
  /** What the work really cost. */
  cost: number;
  refundNote: string;
  extraNote: string;
  /** The hold's kind: a cost above the hold is charged as this kind too. */
  kind: ChargeKind;
  model?: string;
  target?: LedgerTarget;
  /** The tokens the work used, written on its hold's row (null when nothing was generated). */
  usage?: { input: number; output: number } | null;
}

/**
 * Turns a hold into the real charge, inside the caller's transaction (which stores what was paid for): the
 * unused part of the hold is refunded; a cost above the hold (only when an estimate was low) is charged as
 * far as the balance allows, never below zero. The user row is locked first, so each statement reads it as
 * it is. (One statement doing this from a FOR UPDATE CTE broke the balance CHECK under simultaneous turns
 * on PostgreSQL now and then.) `balance` is undefined when the user no longer exists.
 */
export async function settleHold(
  tx: Db,
  settlement: Settlement,
): Promise<{ charged: number; balance: number | undefined }> {
  const { userId, reference, reserve, cost } = settlement;
  const [locked] = await tx
    .select({ balance: users.creditsBalance })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!locked) return { charged: reserve, balance: undefined };
  if (settlement.usage) {
    // The hold's row says what the work used once it is known; its amount stays as it was written.
    await tx
      .update(creditLedger)
      .set({ tokensIn: settlement.usage.input, tokensOut: settlement.usage.output })
      .where(
        and(
          eq(creditLedger.userId, userId),
          eq(creditLedger.reference, reference),
          inArray(creditLedger.kind, [...HOLD_KINDS]),
        ),
      );
  }
  const delta = cost <= reserve ? reserve - cost : -Math.min(cost - reserve, locked.balance);
  const balance = locked.balance + delta;
  if (delta !== 0) {
    await tx
      .update(users)
      .set({ creditsBalance: balance, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx.insert(creditLedger).values({
      userId,
      delta,
      balanceAfter: balance,
      kind: delta > 0 ? 'refund' : settlement.kind,
      reference: delta > 0 ? reference : `${reference}:extra`,
      note: delta > 0 ? settlement.refundNote : settlement.extraNote,
      ...detailColumns({ model: settlement.model, target: settlement.target }),
    });
  }
  return { charged: reserve - delta, balance };
}

/** The current balance, or undefined for an unknown user. */
export async function balanceOf(db: Db, userId: string): Promise<number | undefined> {
  const [user] = await db.select({ balance: users.creditsBalance }).from(users).where(eq(users.id, userId));
  return user?.balance;
}

/** A hold still open: its charge has no refund yet. */
interface OpenHold {
  userId: string;
  reference: string;
  /** The credits held. */
  amount: number;
  kind: ChargeKind;
}

/**
 * The holds whose reference starts with `prefix`, taken before `before` and never refunded, at most
 * `limit` of them. Holds from more than a week before `before` are left alone: the sweep runs every few
 * minutes, so they were seen long ago.
 */
async function openHoldsBefore(db: Db, prefix: string, before: Date, limit = 100): Promise<OpenHold[]> {
  const weekEarlier = new Date(before.getTime() - 7 * 86_400_000);
  const result = await db.execute(sql`
    select held.user_id, held.reference, held.delta, held.kind
    from ${creditLedger} held
    where held.kind in ('chat', 'assistant', 'search', 'charge') and held.delta < 0
      and held.reference like ${`${prefix}%`} and held.reference not like '%:extra'
      and held.created_at < ${before} and held.created_at > ${weekEarlier}
      and not exists (
        select 1 from ${creditLedger} back
        where back.user_id = held.user_id and back.kind = 'refund' and back.reference = held.reference
      )
    order by held.created_at
    limit ${limit}`);
  const { rows } = result as unknown as {
    rows: { user_id: string; reference: string; delta: number | string; kind: string }[];
  };
  return rows.map((row) => ({
    userId: row.user_id,
    reference: row.reference,
    amount: -Number(row.delta),
    kind: (row.kind === 'charge' ? 'chat' : row.kind) as ChargeKind,
  }));
}

/**
 * Refunds whole the holds of work that never wrote its record: the hold is taken first (the work's first
 * byte waits for that one statement only), so a process that dies in between leaves a hold no record
 * owns. Holds are found by their reference, `<prefix><id>` or `<prefix><id>:<part>` (a turn's web search
 * goes with its turn); those older than `before` whose id `recorded` does not know and that this process
 * is not running are refunded with `note`. Answers how many.
 */
export async function releaseUnrecordedHolds(
  db: Db,
  options: {
    prefix: string;
    before: Date;
    note: string;
    /** The ids among `ids` that have their record. */
    recorded(ids: string[]): Promise<Set<string>>;
    isRunning(id: string): boolean;
  },
): Promise<number> {
  const holds = await openHoldsBefore(db, options.prefix, options.before);
  const idOf = (reference: string) => reference.slice(options.prefix.length).split(':')[0] ?? '';
  const ids = [...new Set(holds.map((hold) => idOf(hold.reference)))].filter((id) => isUuid(id));
  if (ids.length === 0) return 0;
  const recorded = await options.recorded(ids);
  let released = 0;
  for (const hold of holds) {
    const id = idOf(hold.reference);
    if (!isUuid(id) || recorded.has(id) || options.isRunning(id)) continue;
    await db.transaction((tx) =>
      settleHold(tx, { ...hold, reserve: hold.amount, cost: 0, refundNote: options.note, extraNote: '' }),
    );
    released += 1;
  }
  return released;
}
