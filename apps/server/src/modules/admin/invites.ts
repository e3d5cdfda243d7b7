/**
 * The console's invitation codes (for REGISTRATION_MODE=invite): made in a batch whose codes are answered
 * once in clear (the database keeps only their hashes), listed with their uses and state, and revoked one
 * by one. Each change writes its audit row in its own transaction.
 */
import type { CreateInvites, InviteCode } from '@wanxiang/api-client/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inviteCodes } from '../../db/schema';
import { hashInviteCode, newInviteCode } from '../auth/invites';
import { recordAudit } from './audit';

/** The most codes the list shows. */
export const INVITE_LIST_MAX = 500;

type InviteRow = typeof inviteCodes.$inferSelect;

export function inviteJson(row: InviteRow, now = new Date()): InviteCode {
  const state = row.revokedAt
    ? 'revoked'
    : row.uses >= row.maxUses
      ? 'used_up'
      : row.expiresAt && row.expiresAt.getTime() <= now.getTime()
        ? 'expired'
        : 'active';
  return {
    id: String(row.id),
    note: row.note,
    uses: row.uses,
    max_uses: row.maxUses,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    state,
  };
}

export async function listInviteCodes(db: Db): Promise<InviteCode[]> {
  const rows = await db
    .select()
    .from(inviteCodes)
    .orderBy(desc(inviteCodes.createdAt), desc(inviteCodes.id))
    .limit(INVITE_LIST_MAX);
  const now = new Date();
  return rows.map((row) => inviteJson(row, now));
}

/** Makes the codes and answers them in clear with their rows; the only time they can be read. */
export async function makeInviteCodes(
  db: Db,
  adminId: string,
  input: CreateInvites,
  now = new Date(),
): Promise<{ codes: string[]; results: InviteCode[] }> {
  const codes = Array.from({ length: input.count }, newInviteCode);
  const expiresAt =
    input.expires_in_days == null ? null : new Date(now.getTime() + input.expires_in_days * 86_400_000);
  const note = input.note?.trim() || null;
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(inviteCodes)
      .values(
        codes.map((code) => ({ codeHash: hashInviteCode(code), maxUses: input.uses ?? 1, expiresAt, note })),
      )
      .returning();
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: 'invites.create',
      details: {
        count: input.count,
        uses: input.uses ?? 1,
        expires_at: expiresAt?.toISOString() ?? null,
        note,
      },
    });
    const byHash = new Map(rows.map((row) => [row.codeHash, row]));
    return {
      codes,
      results: codes.map((code) => inviteJson(byHash.get(hashInviteCode(code)) as InviteRow, now)),
    };
  });
}

/**
 * Revokes one code by its id: no registration takes it from now. Revoking a revoked code changes nothing
 * and logs nothing. Undefined for an unknown id.
 */
export async function revokeInviteCode(db: Db, adminId: string, id: number): Promise<InviteCode | undefined> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(inviteCodes)
      .set({ revokedAt: new Date() })
      .where(and(eq(inviteCodes.id, id), isNull(inviteCodes.revokedAt)))
      .returning();
    if (revoked)
      await recordAudit(tx, {
        actor: { userId: adminId },
        action: 'invite.revoke',
        target: { type: 'invite', id: String(revoked.id), label: revoked.note },
        details: { uses: revoked.uses, max_uses: revoked.maxUses },
      });
    const [row] = revoked ? [revoked] : await tx.select().from(inviteCodes).where(eq(inviteCodes.id, id));
    return row ? inviteJson(row) : undefined;
  });
}
