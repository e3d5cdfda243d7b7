/**
 * The operators' side of users: search, one user's account, credits granted or deducted with a reason,
 * disabling and enabling, the admin role. Each change and its audit row are one transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  ADMIN_ERROR_CODES,
  ADMIN_USERS_PAGE_DEFAULT,
  type AdminUserDetail,
  type AdminUserPage,
  type AdminUserSummary,
  type CreditAdjustmentResult,
  type UserRole,
} from '@wanxiang/api-client/contract';
import { and, count, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, creditLedger, plans, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { ledgerEntryJson } from '../account/service';
import { applyCreditChange, InsufficientCreditsError } from '../billing/ledger';
import { regrantPlanOf } from '../billing/monthlyGrant';
import { recordAudit } from './audit';

const m = messages.admin;

const summaryColumns = {
  id: users.id,
  email: users.email,
  nickname: users.nickname,
  role: users.role,
  isActive: users.isActive,
  creditsBalance: users.creditsBalance,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

type SummaryRow = {
  id: string;
  email: string;
  nickname: string | null;
  role: string;
  isActive: boolean;
  creditsBalance: number;
  createdAt: Date;
  lastLoginAt: Date | null;
};

function summaryJson(row: SummaryRow): AdminUserSummary {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname ?? '',
    role: row.role === 'admin' ? 'admin' : 'user',
    is_active: row.isActive,
    credits_balance: row.creditsBalance,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** `%` and `_` typed by the admin are looked for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Users whose e-mail or nickname holds `q` (any case), newest accounts first, a page at a time. */
export async function searchUsers(
  db: Db,
  options: { q?: string | undefined; page?: number | undefined; limit?: number | undefined },
): Promise<AdminUserPage> {
  const page = options.page ?? 1;
  const limit = options.limit ?? ADMIN_USERS_PAGE_DEFAULT;
  const q = options.q?.trim();
  const where = q ? or(ilike(users.email, likePattern(q)), ilike(users.nickname, likePattern(q))) : undefined;
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { count: Number(total?.n ?? 0), page, limit, results: rows.map(summaryJson) };
}

/** One user as the console shows them, or undefined. */
export async function userDetail(db: Db, userId: string): Promise<AdminUserDetail | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, planId: plans.id, planName: plans.name })
    .from(users)
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const [sessions] = await db
    .select({ n: count() })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
      ),
    );
  return {
    ...summaryJson(row),
    plan: row.planId === null || row.planName === null ? null : { id: row.planId, name: row.planName },
    active_sessions: Number(sessions?.n ?? 0),
  };
}

async function targetOf(executor: Db, userId: string) {
  const [user] = await executor
    .select({ id: users.id, email: users.email, role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw notFound();
  return user;
}

/** Ends every sign-in of the user: their next request is refused (the session check reads it each time). */
async function endSessions(executor: Db, userId: string): Promise<number> {
  const ended = await executor
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: 'admin' })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return ended.length;
}

/**
 * Refuses a change that would leave no active admin. The active admins' rows are locked (in id order,
 * before the target's own row), so two admins taking each other's role at the same moment cannot both
 * pass, nor deadlock.
 */
async function keepOneAdmin(executor: Db, targetId: string, detail: string): Promise<void> {
  const admins = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(users.id)
    .for('update');
  if (admins.some((admin) => admin.id === targetId) && admins.length <= 1)
    throw new HttpError(409, { detail, code: ADMIN_ERROR_CODES.lastAdmin });
}

/** Grants (delta > 0) or deducts (delta < 0) credits: a ledger row of kind `adjustment` and an audit row. */
export async function adjustCredits(
  db: Db,
  adminId: string,
  userId: string,
  input: { delta: number; reason: string },
): Promise<CreditAdjustmentResult> {
  const reason = input.reason.trim();
  try {
    return await db.transaction(async (tx) => {
      const target = await targetOf(tx, userId);
      const [admin] = await tx.select({ email: users.email }).from(users).where(eq(users.id, adminId));
      const reference = `admin:${randomUUID()}`;
      const { balance } = await applyCreditChange(tx, {
        userId,
        delta: input.delta,
        kind: 'adjustment',
        reference,
        note: m.adjustmentNote(reason, admin?.email ?? adminId),
      });
      const [row] = await tx
        .select()
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.userId, userId),
            eq(creditLedger.kind, 'adjustment'),
            eq(creditLedger.reference, reference),
          ),
        );
      if (!row) throw new Error('adjustment row missing');
      await recordAudit(tx, {
        actor: { userId: adminId },
        action: 'credits.adjust',
        target: { type: 'user', id: userId, label: target.email },
        details: { delta: input.delta, reason, balance_after: balance, ledger_id: String(row.id) },
      });
      return { balance, entry: ledgerEntryJson(row) };
    });
  } catch (error) {
    if (error instanceof InsufficientCreditsError) {
      const detail = m.exceedsBalance(-input.delta, error.balance);
      throw new HttpError(409, { detail, code: ADMIN_ERROR_CODES.insufficient, errors: { delta: [detail] } });
    }
    throw error;
  }
}

/** Disables (every sign-in ends at once) or enables the account. */
export async function setActive(db: Db, adminId: string, userId: string, active: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    if (!active) await keepOneAdmin(tx, userId, m.lastAdminDisable);
    const target = await targetOf(tx, userId);
    await tx.update(users).set({ isActive: active, updatedAt: new Date() }).where(eq(users.id, userId));
    const ended = active ? 0 : await endSessions(tx, userId);
    if (active) await regrantPlanOf(tx, userId);
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: active ? 'user.enable' : 'user.disable',
      target: { type: 'user', id: userId, label: target.email },
      details: { was_active: target.isActive, ...(active ? {} : { sessions_ended: ended }) },
    });
  });
}

/** Gives or takes the admin role; taking it ends the user's sign-ins. */
export async function setRole(db: Db, adminId: string, userId: string, role: UserRole): Promise<void> {
  await db.transaction(async (tx) => {
    if (role === 'user') await keepOneAdmin(tx, userId, m.lastAdminRole);
    const target = await targetOf(tx, userId);
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    const ended = role === 'user' && target.role === 'admin' ? await endSessions(tx, userId) : 0;
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: role === 'admin' ? 'role.grant' : 'role.revoke',
      target: { type: 'user', id: userId, label: target.email },
      details: { previous_role: target.role, ...(ended ? { sessions_ended: ended } : {}) },
    });
  });
}
