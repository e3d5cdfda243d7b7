import type { AccountSession } from '@wanxiang/api-client/contract';
import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, chatAttachments, users } from '../../db/schema';
import { fieldErrors, HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import type { FileStore } from '../files/store';
import type { PasswordHasher } from './passwords';
import { checkNewPassword, NICKNAME_MAX, normalizeNickname } from './rules';

const a = messages.auth;

/** What the sign-in list shows of a user agent: 「Chrome · Windows」, or the raw string's start. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return a.unknownDevice;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (!browser && !os) return userAgent.slice(0, 60);
  return [browser, os].filter(Boolean).join(' · ');
}

/**
 * The account's own security: its sign-ins (one row per session, ended one by one or all at once), the
 * password change, the nickname, and the deletion of the account with everything in it. Every call acts
 * only on the user the verified token names.
 */
export class AccountSecurity {
  constructor(
    private readonly db: Db,
    private readonly passwords: PasswordHasher,
    private readonly store: FileStore,
  ) {}

  /** The live sign-ins, the most recently used first, the caller's own marked. */
  async sessions(userId: string, currentSessionId: string, now = new Date()): Promise<AccountSession[]> {
    const rows = await this.db
      .select({
        id: authSessions.id,
        userAgent: authSessions.userAgent,
        ip: authSessions.ip,
        createdAt: authSessions.createdAt,
        lastUsedAt: authSessions.lastUsedAt,
      })
      .from(authSessions)
      .where(
        and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)),
      )
      .orderBy(desc(authSessions.lastUsedAt))
      .limit(100);
    return rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      ip: row.ip,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
      current: row.id === currentSessionId,
    }));
  }

  /** Ends one sign-in: its refresh tokens and every access token minted from it stop working at once. */
  async endSession(userId: string, sessionId: string): Promise<void> {
    const ended = await this.db
      .update(authSessions)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(
        and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)),
      )
      .returning({ id: authSessions.id });
    if (ended.length === 0) throw new HttpError(404, { detail: a.sessionNotFound });
  }

  /** 退出所有设备: every sign-in of the user ends, except the caller's when `keep` names it. */
  async endAllSessions(userId: string, keep?: string): Promise<number> {
    const ended = await this.db
      .update(authSessions)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(
        and(
          eq(authSessions.userId, userId),
          isNull(authSessions.revokedAt),
          ...(keep ? [ne(authSessions.id, keep)] : []),
        ),
      )
      .returning({ id: authSessions.id });
    return ended.length;
  }

  /**
   * A new password, given the current one. Every other sign-in ends (whoever knew the old password is
   * signed out); the caller's stays.
   */
  async changePassword(
    userId: string,
    sessionId: string,
    input: { old_password: string; new_password: string },
  ): Promise<void> {
    const [user] = await this.db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw new HttpError(404, { detail: a.accountGone });
    const problems: Record<string, string[]> = {};
    if (!input.old_password) problems.old_password = [messages.validation.blank];
    const rules = checkNewPassword(input.new_password, user.email);
    if (rules.length > 0) problems.new_password = rules;
    if (Object.keys(problems).length > 0) throw fieldErrors(problems);
    const { ok } = await this.passwords.verify(user.passwordHash, input.old_password);
    if (!ok) throw fieldErrors({ old_password: [a.oldPasswordWrong] });
    if (input.new_password === input.old_password) throw fieldErrors({ new_password: [a.passwordUnchanged] });
    const passwordHash = await this.passwords.hash(input.new_password);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: 'password' })
        .where(
          and(
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            ne(authSessions.id, sessionId),
          ),
        );
    });
  }

  /** The nickname shown in the user menu and on shared pages; blank clears it. */
  async updateProfile(userId: string, input: { nickname?: string | null | undefined }): Promise<void> {
    if (input.nickname === undefined) return;
    const nickname = normalizeNickname(input.nickname);
    if (nickname && [...nickname].length > NICKNAME_MAX) {
      throw fieldErrors({ nickname: [a.nicknameTooLong(NICKNAME_MAX)] });
    }
    await this.db.update(users).set({ nickname, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  /**
   * 注销账号: after the password is entered again, the account and everything it made go — conversations,
   * documents, files, ledger, sign-ins (the rows by their foreign keys' cascade, the stored files by their
   * keys). The files are listed before the rows go and removed after; should the removal fail, the sweep of
   * files no row names takes them later.
   */
  async deleteAccount(userId: string, password: string): Promise<void> {
    const [user] = await this.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw new HttpError(404, { detail: a.accountGone });
    if (!password) throw fieldErrors({ password: [messages.validation.blank] });
    const { ok } = await this.passwords.verify(user.passwordHash, password);
    if (!ok) throw fieldErrors({ password: [a.oldPasswordWrong] });
    const files = await this.db
      .select({ key: chatAttachments.storageKey })
      .from(chatAttachments)
      .where(eq(chatAttachments.userId, userId));
    const [avatar] = await this.db
      .select({ key: users.avatarKey })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    await this.db.delete(users).where(eq(users.id, userId));
    const keys = [...files.map((file) => file.key), ...(avatar?.key ? [avatar.key] : [])];
    for (let start = 0; start < keys.length; start += 500) {
      await this.store.delete(keys.slice(start, start + 500));
    }
  }

  /** Live sign-ins of a user (for tests and the operator). */
  async liveSessionCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    return row?.n ?? 0;
  }
}
