/**
 * Invitation codes for REGISTRATION_MODE=invite. The operator makes them with the server's own command
 * (`node dist/main.js invites create --uses 5 --expires 7d --note 内测`), which prints each code once; the
 * database keeps only its hash. A registration takes one use atomically (service.ts).
 */
import { createHash, randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inviteCodes } from '../../db/schema';

/** No 0/O, 1/I/L: codes are read aloud and typed from paper. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Case, spaces and dashes do not matter when a code is typed. */
export function normalizeInviteCode(code: string): string {
  return code.normalize('NFKC').replace(/[\s-]/g, '').toUpperCase();
}

export function hashInviteCode(code: string): string {
  return createHash('sha256').update(normalizeInviteCode(code)).digest('hex');
}

/** 12 characters of a 31-letter alphabet (59 bits), grouped XXXX-XXXX-XXXX. */
export function newInviteCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

export interface NewInvites {
  count: number;
  uses: number;
  /** Seconds from now; none: never expires. */
  expiresIn?: number | undefined;
  note?: string | undefined;
}

/** Makes `count` codes and answers them in clear: this is the only time they can be read. */
export async function createInvites(db: Db, options: NewInvites): Promise<string[]> {
  const codes = Array.from({ length: options.count }, newInviteCode);
  const expiresAt = options.expiresIn ? new Date(Date.now() + options.expiresIn * 1000) : null;
  await db.insert(inviteCodes).values(
    codes.map((code) => ({
      codeHash: hashInviteCode(code),
      maxUses: options.uses,
      expiresAt,
      note: options.note ?? null,
    })),
  );
  return codes;
}

export function listInvites(db: Db) {
  return db.select().from(inviteCodes).orderBy(desc(inviteCodes.createdAt));
}

/** Revokes by code; answers whether such a code existed. */
export async function revokeInvite(db: Db, code: string): Promise<boolean> {
  const rows = await db
    .update(inviteCodes)
    .set({ revokedAt: new Date() })
    .where(eq(inviteCodes.codeHash, hashInviteCode(code)))
    .returning({ id: inviteCodes.id });
  return rows.length > 0;
}
