/**
 * The operators' side of redeem codes: batches made, listed with how many are used, exported as CSV, and
 * stopped (revoked) when a batch leaks or was made by mistake.
 */
import type {
  CreatedRedeemBatch,
  CreateRedeemBatch,
  RedeemBatch,
  RedeemBatchState,
} from '@wanxiang/api-client/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type CsvValue, toCsv } from '../../csv';
import type { Db } from '../../db/client';
import { redeemBatches, redeemCodes, users } from '../../db/schema';
import { recordAudit } from '../admin/audit';
import { normalizeEmail } from '../auth/rules';
import { type CodeSealer, groupCode, hashRedeemCode, newRedeemCode, normalizeRedeemCode } from './codes';

type BatchRow = typeof redeemBatches.$inferSelect;

/** Whether the batch's unused codes still redeem now, by the server's clock, and if not why. */
function batchState(row: BatchRow, used: number): RedeemBatchState {
  if (row.revokedAt) return 'revoked';
  if (used >= row.count) return 'used_up';
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return 'expired';
  return 'active';
}

function batchJson(row: BatchRow, used: number, createdBy: string | null): RedeemBatch {
  return {
    id: row.id,
    value: row.value,
    count: row.count,
    used,
    expires_at: row.expiresAt?.toISOString() ?? null,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    created_by: createdBy,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    state: batchState(row, used),
  };
}

/** Makes a batch and its codes in one transaction; the codes are answered grouped for reading. */
export async function createBatch(
  db: Db,
  sealer: CodeSealer,
  adminId: string | null,
  input: CreateRedeemBatch,
  now = new Date(),
): Promise<CreatedRedeemBatch> {
  const expiresAt =
    input.expires_in_days == null ? null : new Date(now.getTime() + input.expires_in_days * 86_400_000);
  const codes = Array.from({ length: input.count }, () => newRedeemCode());
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(redeemBatches)
      .values({
        value: input.value,
        count: input.count,
        expiresAt,
        note: input.note?.trim() || null,
        createdBy: adminId,
      })
      .returning();
    if (!batch) throw new Error('redeem batch insert returned no row');
    for (let start = 0; start < codes.length; start += 200) {
      await tx.insert(redeemCodes).values(
        codes.slice(start, start + 200).map((code) => {
          const normalized = normalizeRedeemCode(code) as string;
          return {
            batchId: batch.id,
            codeHash: hashRedeemCode(normalized),
            codeSealed: sealer.seal(normalized),
          };
        }),
      );
    }
    const [creator] = adminId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, adminId))
      : [];
    await recordAudit(tx, {
      actor: adminId ? { userId: adminId } : 'cli',
      action: 'redeem_batch.create',
      target: { type: 'redeem_batch', id: batch.id, label: batch.note },
      details: { value: batch.value, count: batch.count, expires_at: batch.expiresAt?.toISOString() ?? null },
    });
    return { batch: batchJson(batch, 0, creator?.email ?? null), codes };
  });
}

const usedCount = sql<number>`(select count(*) from ${redeemCodes} where ${redeemCodes.batchId} = ${redeemBatches.id} and ${redeemCodes.usedAt} is not null)::int`;

/** The newest batches first, each with how many of its codes are used. */
export async function listBatches(db: Db, limit = 200): Promise<RedeemBatch[]> {
  const rows = await db
    .select({
      batch: redeemBatches,
      used: usedCount,
      createdBy: users.email,
    })
    .from(redeemBatches)
    .leftJoin(users, eq(users.id, redeemBatches.createdBy))
    .orderBy(desc(redeemBatches.createdAt), desc(redeemBatches.id))
    .limit(limit);
  return rows.map((row) => batchJson(row.batch, Number(row.used), row.createdBy));
}

/**
 * Stops a batch: from now its unused codes are refused as revoked; codes already used keep their credits.
 * Revoking a revoked batch changes nothing and writes no second audit row. Undefined for an unknown batch.
 */
export async function revokeBatch(
  db: Db,
  adminId: string,
  batchId: string,
): Promise<RedeemBatch | undefined> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(redeemBatches)
      .set({ revokedAt: new Date() })
      .where(and(eq(redeemBatches.id, batchId), isNull(redeemBatches.revokedAt)))
      .returning({ id: redeemBatches.id, note: redeemBatches.note });
    const [row] = await tx
      .select({ batch: redeemBatches, used: usedCount, createdBy: users.email })
      .from(redeemBatches)
      .leftJoin(users, eq(users.id, redeemBatches.createdBy))
      .where(eq(redeemBatches.id, batchId));
    if (!row) return undefined;
    if (revoked)
      await recordAudit(tx, {
        actor: { userId: adminId },
        action: 'redeem_batch.revoke',
        target: { type: 'redeem_batch', id: revoked.id, label: revoked.note },
        details: {
          value: row.batch.value,
          count: row.batch.count,
          unused: row.batch.count - Number(row.used),
        },
      });
    return batchJson(row.batch, Number(row.used), row.createdBy);
  });
}

/**
 * The batch as CSV for spreadsheets: code, value, state, expiry, when and by whom used. Undefined for an unknown batch, null when its codes
 * were sealed under another server secret.
 */
export async function exportBatch(
  db: Db,
  sealer: CodeSealer,
  batchId: string,
  now = new Date(),
): Promise<string | null | undefined> {
  const [batch] = await db.select().from(redeemBatches).where(eq(redeemBatches.id, batchId));
  if (!batch) return undefined;
  const codes = await db
    .select({ sealed: redeemCodes.codeSealed, usedAt: redeemCodes.usedAt, usedBy: users.email })
    .from(redeemCodes)
    .leftJoin(users, eq(users.id, redeemCodes.usedBy))
    .where(eq(redeemCodes.batchId, batchId))
    .orderBy(redeemCodes.id);
  const expired = batch.expiresAt !== null && batch.expiresAt.getTime() <= now.getTime();
  const rows: CsvValue[][] = [['兑换码', '积分', '状态', '到期时间', '使用时间', '使用者']];
  for (const code of codes) {
    const text = sealer.open(code.sealed);
    if (text === null) return null;
    const state = code.usedAt ? '已使用' : batch.revokedAt ? '已停用' : expired ? '已过期' : '未使用';
    rows.push([
      groupCode(text),
      batch.value,
      state,
      batch.expiresAt?.toISOString() ?? '',
      code.usedAt?.toISOString() ?? '',
      code.usedBy ?? '',
    ]);
  }
  return toCsv(rows);
}

/** Makes the user with this email an admin (or a user again). Answers whether there is such a user. */
export async function setRole(db: Db, email: string, role: 'admin' | 'user'): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.email, normalizeEmail(email)))
      .returning({ id: users.id, email: users.email });
    if (!updated) return false;
    await recordAudit(tx, {
      actor: 'cli',
      action: role === 'admin' ? 'role.grant' : 'role.revoke',
      target: { type: 'user', id: updated.id, label: updated.email },
    });
    return true;
  });
}

/** The admins' emails. */
export async function listAdmins(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  return rows.map((row) => row.email);
}
