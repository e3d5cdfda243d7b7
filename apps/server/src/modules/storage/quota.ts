/**
 * A user's storage allowance. What the server keeps for a user (chat files, generated images, cloud
 * documents, exports not yet expired) is counted in `users.storage_used_bytes`. A write reserves its bytes
 * first, in one conditional UPDATE of the user's row that only passes while the total stays within the
 * allowance: parallel uploads serialize on that row, so only those that fit pass. A write that fails after
 * its reservation gives the bytes back; a deletion gives back what it removed, in the same transaction as
 * the rows.
 *
 * The allowance is the operator's for that user (`users.storage_quota_bytes`, set with the storage CLI),
 * else the user's plan's, else the default plan's.
 */
import {
  DEFAULT_STORAGE_QUOTA_BYTES,
  formatStorageBytes,
  STORAGE_FULL_CODE,
  type StorageUsage,
} from '@wanxiang/api-client/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatAttachments, documents, documentVersions, exportFiles, plans, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';

const m = messages.storage;

/** The user's allowance, as SQL over the `users` row in scope. */
const allowance = sql<number>`coalesce(
  ${users.storageQuotaBytes},
  (select ${plans.storageQuotaBytes} from ${plans} where ${plans.id} = ${users.planId}),
  (select ${plans.storageQuotaBytes} from ${plans} where ${plans.isDefault}),
  ${DEFAULT_STORAGE_QUOTA_BYTES}
)`;

/** The 413 of a write with no room: what it was, what it needed, and what is used and left. */
export class StorageFullError extends HttpError {
  constructor(
    readonly usage: StorageUsage,
    what: string,
    need: number,
  ) {
    const left = Math.max(0, usage.quota_bytes - usage.used_bytes);
    super(413, {
      detail: m.full(
        what,
        formatStorageBytes(need),
        formatStorageBytes(usage.used_bytes),
        formatStorageBytes(usage.quota_bytes),
        formatStorageBytes(left),
      ),
      code: STORAGE_FULL_CODE,
    });
  }
}

/** What the user keeps and may keep; undefined for an unknown user. */
export async function storageUsage(db: Db, userId: string): Promise<StorageUsage | undefined> {
  const [row] = await db
    .select({ used: users.storageUsedBytes, quota: allowance.mapWith(Number) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row && { used_bytes: row.used, quota_bytes: row.quota };
}

/**
 * Reserves `bytes` for the user, or throws StorageFullError (nothing reserved). `what` names the write in
 * the message ("这些附件"). Give the bytes back with releaseStorage when the write does not happen.
 */
export async function reserveStorage(db: Db, userId: string, bytes: number, what: string): Promise<void> {
  if (bytes <= 0) return;
  const [row] = await db
    .update(users)
    .set({ storageUsedBytes: sql`${users.storageUsedBytes} + ${bytes}` })
    .where(and(eq(users.id, userId), sql`${users.storageUsedBytes} + ${bytes} <= ${allowance}`))
    .returning({ id: users.id });
  if (row) return;
  const usage = await storageUsage(db, userId);
  if (!usage) throw new Error(`no user ${userId}`);
  throw new StorageFullError(usage, what, bytes);
}

/**
 * Refuses a write whose size is not known yet (an export before it runs) when nothing at all is left, so
 * that a full account does not spend the work; the bytes are reserved once known.
 */
export async function checkRoom(db: Db, userId: string, what: string): Promise<void> {
  const usage = await storageUsage(db, userId);
  if (usage && usage.used_bytes >= usage.quota_bytes) throw new StorageFullError(usage, what, 1);
}

/** Gives back `bytes` the user no longer keeps (never below zero). */
export async function releaseStorage(db: Db, userId: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await db
    .update(users)
    .set({ storageUsedBytes: sql`greatest(${users.storageUsedBytes} - ${bytes}, 0)` })
    .where(eq(users.id, userId));
}

/** Gives back bytes of several users at once: `[userId, bytes]` pairs, summed per user. */
export async function releaseStorageOf(db: Db, freed: Iterable<readonly [string, number]>): Promise<void> {
  const totals = new Map<string, number>();
  for (const [userId, bytes] of freed) totals.set(userId, (totals.get(userId) ?? 0) + bytes);
  for (const [userId, bytes] of totals) await releaseStorage(db, userId, bytes);
}

/**
 * Sets the counter to what the user's rows hold: for the operator, after a crash left it high (files
 * stored for a turn that never wrote its rows are given back by their sweep, but a counter edited by hand
 * is not). A write in flight at that moment is not counted until its next change.
 */
export async function recountStorage(db: Db, userId: string): Promise<number> {
  const sum = (
    table: typeof chatAttachments | typeof documents | typeof documentVersions | typeof exportFiles,
  ) => sql`coalesce((select sum(${table.size}) from ${table} where ${table.userId} = ${users.id}), 0)`;
  const [row] = await db
    .update(users)
    .set({
      storageUsedBytes: sql`${sum(chatAttachments)} + ${sum(documents)} + ${sum(documentVersions)} + ${sum(exportFiles)}`,
    })
    .where(eq(users.id, userId))
    .returning({ used: users.storageUsedBytes });
  if (!row) throw new Error(`no user ${userId}`);
  return row.used;
}

/** The operator's allowance for one user; null gives the user the plan's again. */
export async function setUserQuota(db: Db, userId: string, bytes: number | null): Promise<void> {
  await db.update(users).set({ storageQuotaBytes: bytes, updatedAt: new Date() }).where(eq(users.id, userId));
}
