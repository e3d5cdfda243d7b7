/**
 * The user's account: the ledger as pages (newest first), the daily usage by model, and redeem codes.
 * Every balance change still goes through billing/ledger.ts, so the ledger sums to the balance.
 */
import {
  LEDGER_PAGE_DEFAULT,
  type LedgerEntry,
  type LedgerPage,
  REDEEM_ERROR_CODES,
  type RedeemResult,
  USAGE_DAYS_DEFAULT,
  type UsageReport,
} from '@wanxiang/api-client/contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditLedger, redeemBatches, redeemCodes, users } from '../../db/schema';
import { fieldErrors, HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { applyCreditChange } from '../billing/ledger';
import { hashRedeemCode, normalizeRedeemCode } from './codes';

const m = messages.account;

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The row as the client reads it. */
export function ledgerEntryJson(row: typeof creditLedger.$inferSelect): LedgerEntry {
  return {
    id: String(row.id),
    created_at: row.createdAt.toISOString(),
    kind: row.kind,
    delta: row.delta,
    balance_after: row.balanceAfter,
    model: row.model,
    tokens_in: row.tokensIn,
    tokens_out: row.tokensOut,
    target:
      (row.targetType === 'conversation' || row.targetType === 'document') && row.targetId
        ? { type: row.targetType, id: row.targetId }
        : null,
    note: row.note,
  };
}

/** One page of the user's ledger, newest first, older than `cursor` (a row id) when given. */
export async function ledgerPage(
  db: Db,
  userId: string,
  options: { cursor?: string | undefined; limit?: number | undefined },
): Promise<LedgerPage | undefined> {
  const limit = options.limit ?? LEDGER_PAGE_DEFAULT;
  const [user] = await db.select({ balance: users.creditsBalance }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const rows = await db
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        options.cursor === undefined ? undefined : lt(creditLedger.id, Number(options.cursor)),
      ),
    )
    .orderBy(desc(creditLedger.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    balance: user.balance,
    results: page.map(ledgerEntryJson),
    next_cursor: rows.length > limit && last ? String(last.id) : null,
  };
}

/** Whether Node knows the zone (PostgreSQL reads the same IANA names). */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The date (YYYY-MM-DD) it is now in `zone`. */
export function todayIn(zone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The calendar day `days` after (or before, when negative) `date`, both YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * The ledger rows that are spending: chat, assistant and search charges, and the refunds of those turns
 * (a refund of anything else, say an adjustment, is not use).
 */
export const spending = sql`(${creditLedger.kind} in ('chat', 'assistant', 'search', 'charge')
  or (${creditLedger.kind} = 'refund'
    and (${creditLedger.reference} like 'turn:%' or ${creditLedger.reference} like 'doc-turn:%')))`;

/**
 * Credits and tokens spent per day and model over the last `days` days (today included) in `zone`: chat,
 * assistant and search charges net of their refunds. Rows from before the ledger named models count
 * under a null model.
 */
export async function usageReport(
  db: Db,
  userId: string,
  options: { days?: number | undefined; zone?: string | undefined; now?: Date },
): Promise<UsageReport> {
  const days = options.days ?? USAGE_DAYS_DEFAULT;
  const zone = options.zone ?? DEFAULT_TIME_ZONE;
  if (!knownTimeZone(zone)) throw fieldErrors({ tz: [messages.validation.invalid] });
  const today = todayIn(zone, options.now ?? new Date());
  const first = addDays(today, -(days - 1));
  const result = await db.execute(sql`
    select to_char(${creditLedger.createdAt} at time zone ${zone}, 'YYYY-MM-DD') as day,
      ${creditLedger.model} as model,
      -sum(${creditLedger.delta})::int as credits,
      coalesce(sum(${creditLedger.tokensIn}), 0)::int as tokens_in,
      coalesce(sum(${creditLedger.tokensOut}), 0)::int as tokens_out
    from ${creditLedger}
    where ${creditLedger.userId} = ${userId}
      and ${creditLedger.createdAt} >= (${first}::date)::timestamp at time zone ${zone}
      and ${spending}
    group by 1, 2
    order by 1, 2`);
  const { rows } = result as unknown as {
    rows: {
      day: string;
      model: string | null;
      credits: number | string;
      tokens_in: number | string;
      tokens_out: number | string;
    }[];
  };
  const byDay = new Map<string, UsageReport['days'][number]['models']>();
  for (const row of rows) {
    const list = byDay.get(row.day) ?? [];
    list.push({
      model: row.model,
      credits: Number(row.credits),
      tokens_in: Number(row.tokens_in),
      tokens_out: Number(row.tokens_out),
    });
    byDay.set(row.day, list);
  }
  return {
    time_zone: zone,
    days: Array.from({ length: days }, (_, index) => {
      const date = addDays(first, index);
      return { date, models: byDay.get(date) ?? [] };
    }),
  };
}

const redeemError = (code: string, detail: string) => new HttpError(400, { detail, code });

const shanghaiTime = (date: Date) =>
  date.toLocaleString('zh-CN', { timeZone: DEFAULT_TIME_ZONE, hour12: false });

/**
 * Adds a code's credits to the user's balance, once: the code is claimed by one conditional UPDATE
 * (`used_at is null` and not expired) in the transaction that writes the ledger row, so of two requests
 * for one code on any number of instances the second finds it used, and a failed credit un-claims it.
 */
export async function redeemCode(db: Db, userId: string, raw: string): Promise<RedeemResult> {
  const normalized = normalizeRedeemCode(raw);
  if (!normalized) throw redeemError(REDEEM_ERROR_CODES.unknown, m.redeemUnknown);
  const hash = hashRedeemCode(normalized);
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      update ${redeemCodes} set used_by = ${userId}, used_at = now()
      from ${redeemBatches}
      where ${redeemCodes.codeHash} = ${hash} and ${redeemCodes.usedAt} is null
        and ${redeemBatches.id} = ${redeemCodes.batchId}
        and ${redeemBatches.revokedAt} is null
        and (${redeemBatches.expiresAt} is null or ${redeemBatches.expiresAt} > now())
      returning ${redeemCodes.id} as id, ${redeemBatches.value} as value, ${redeemBatches.note} as note`);
    const [row] = (
      claimed as unknown as { rows: { id: number | string; value: number; note: string | null }[] }
    ).rows;
    if (!row) {
      const [found] = await tx
        .select({
          usedAt: redeemCodes.usedAt,
          expiresAt: redeemBatches.expiresAt,
          revokedAt: redeemBatches.revokedAt,
        })
        .from(redeemCodes)
        .innerJoin(redeemBatches, eq(redeemBatches.id, redeemCodes.batchId))
        .where(eq(redeemCodes.codeHash, hash));
      if (!found) throw redeemError(REDEEM_ERROR_CODES.unknown, m.redeemUnknown);
      if (found.usedAt) throw redeemError(REDEEM_ERROR_CODES.used, m.redeemUsed);
      if (found.revokedAt) throw redeemError(REDEEM_ERROR_CODES.revoked, m.redeemRevoked);
      throw redeemError(
        REDEEM_ERROR_CODES.expired,
        m.redeemExpired(found.expiresAt ? shanghaiTime(found.expiresAt) : ''),
      );
    }
    const value = Number(row.value);
    const { balance } = await applyCreditChange(tx, {
      userId,
      delta: value,
      kind: 'redeem',
      reference: `redeem:${row.id}`,
      note: m.redeemNote(row.note),
    });
    return { credited: value, balance };
  });
}

/** The user's role, or undefined for an unknown user. */
export async function roleOf(db: Db, userId: string): Promise<string | undefined> {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return user?.role;
}
