/**
 * 审计日志: one row per admin action, written with the executor of the action's own transaction, so the
 * action and its row commit or roll back together.
 */
import type { AuditAction, AuditEntry, AuditPage } from '@wanxiang/api-client/contract';
import { AUDIT_PAGE_DEFAULT } from '@wanxiang/api-client/contract';
import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAudit, users } from '../../db/schema';

/** The longest JSON the details keep; a longer value is cut (the column's CHECK allows 8 KiB). */
export const AUDIT_DETAILS_MAX = 4096;
/** A string value of the details longer than this is cut with an ellipsis. */
const VALUE_MAX = 500;

/** Who acted: an admin's id, or the operator's command line. */
export type AuditActor = { userId: string } | 'cli';

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  target?: {
    type: 'user' | 'redeem_batch' | 'invite' | 'plan' | 'provider' | 'model';
    id: string;
    label?: string | null;
  };
  details?: Record<string, unknown>;
}

/** The details with long strings cut, and as a whole within AUDIT_DETAILS_MAX characters of JSON. */
export function boundedDetails(details: Record<string, unknown>): Record<string, unknown> {
  const cut = Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key.slice(0, 64),
      typeof value === 'string' && value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX)}…` : value,
    ]),
  );
  const text = JSON.stringify(cut);
  return text.length <= AUDIT_DETAILS_MAX
    ? cut
    : { truncated: true, excerpt: text.slice(0, AUDIT_DETAILS_MAX / 2) };
}

/** Writes the row; `executor` is the transaction the action runs in. */
export async function recordAudit(executor: Db, record: AuditRecord): Promise<void> {
  let actorId: string | null = null;
  let actorEmail = 'cli';
  if (record.actor !== 'cli') {
    actorId = record.actor.userId;
    const [actor] = await executor.select({ email: users.email }).from(users).where(eq(users.id, actorId));
    actorEmail = actor?.email ?? actorId;
  }
  await executor.insert(adminAudit).values({
    actorId,
    actorEmail,
    action: record.action,
    targetType: record.target?.type ?? null,
    targetId: record.target?.id ?? null,
    targetLabel: record.target?.label ?? null,
    details: boundedDetails(record.details ?? {}),
  });
}

function entryJson(row: typeof adminAudit.$inferSelect): AuditEntry {
  return {
    id: String(row.id),
    created_at: row.createdAt.toISOString(),
    actor: row.actorEmail,
    action: row.action,
    target: row.targetType ? { type: row.targetType, id: row.targetId, label: row.targetLabel } : null,
    details: (row.details ?? {}) as Record<string, unknown>,
  };
}

/** One page of the log, newest first, older than `cursor` (a row id) when given. */
export async function auditPage(
  db: Db,
  options: { cursor?: string | undefined; limit?: number | undefined },
): Promise<AuditPage> {
  const limit = options.limit ?? AUDIT_PAGE_DEFAULT;
  const rows = await db
    .select()
    .from(adminAudit)
    .where(options.cursor === undefined ? undefined : lt(adminAudit.id, Number(options.cursor)))
    .orderBy(desc(adminAudit.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { results: page.map(entryJson), next_cursor: rows.length > limit && last ? String(last.id) : null };
}
