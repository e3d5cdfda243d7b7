import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { authSessions, passwordResets, users } from '../../db/schema';
import { fieldErrors, HttpError, throttled } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { countHit } from '../limits/counters';
import type { PasswordHasher } from './passwords';
import { checkNewPassword, EMAIL_MAX, normalizeEmail } from './rules';
import { hashToken } from './tokens';

const a = messages.auth;

/** A reset link works this long after it was asked for. */
export const RESET_TTL_SECONDS = 30 * 60;
/** Reset mails one address may ask for, and one e-mail may receive, per hour (shared across instances). */
export const RESETS_PER_EMAIL_PER_HOUR = 3;
export const RESETS_PER_IP_PER_HOUR = 10;
const HOUR = 3600;

export type MailSettings = NonNullable<Config['mail']>;

/**
 * 忘记密码 by e-mail. Asking for a link answers the same whether the address has an account or not, and
 * at once: the account's lookup and the mail happen after the answer, so neither the text nor the time
 * tells which e-mails are registered. The link carries a random token of 256 bits; only its SHA-256 is
 * stored, it works once and for 30 minutes, and setting a password with it ends every sign-in of the
 * account (whoever took the old password is signed out as well).
 */
export class PasswordResets {
  private readonly transport: Transporter;
  /** Mails being sent (tests and shutdown wait for them). */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly passwords: PasswordHasher,
    private readonly mail: MailSettings,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.transport = createTransport(mail.transport);
  }

  /** Counts the request against its address and e-mail, then sends a link in the background when due. */
  async request(rawEmail: string, ip: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    if (!email) throw fieldErrors({ email: [messages.validation.blank] });
    if ([...email].length > EMAIL_MAX) throw fieldErrors({ email: [a.emailTooLong(EMAIL_MAX)] });
    const byIp = await countHit(this.db, `reset:ip:${ip}`, HOUR);
    if (byIp.hits > RESETS_PER_IP_PER_HOUR) throw throttled(byIp.retryAfter);
    const byEmail = await countHit(this.db, `reset:email:${email}`, HOUR);
    if (byEmail.hits > RESETS_PER_EMAIL_PER_HOUR) throw throttled(byEmail.retryAfter);
    const job = this.send(email).catch((error: unknown) => {
      this.logger.error({ err: error }, 'password reset mail failed');
    });
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  private async send(email: string): Promise<void> {
    const [user] = await this.db
      .select({ id: users.id, isActive: users.isActive })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user?.isActive) return;
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TTL_SECONDS * 1000),
    });
    // In the fragment: it never reaches a server log, a proxy or a Referer header.
    const link = `${this.mail.publicUrl}/reset-password#token=${token}`;
    await this.transport.sendMail({
      from: this.mail.from,
      to: email,
      subject: a.resetMailSubject,
      text: a.resetMailText(link),
    });
    this.logger.info({ userId: user.id }, 'password reset mail sent');
  }

  /**
   * Sets the new password with a link's token: the token's row is taken in one conditional update (used
   * once, even by two requests at once), the password changes and every sign-in ends, in one transaction.
   */
  async reset(token: string, newPassword: string, now = new Date()): Promise<void> {
    if (!token) throw new HttpError(400, { detail: a.resetInvalid, code: 'reset_invalid' });
    const tokenHash = hashToken(token);
    const [row] = await this.db
      .select({
        userId: passwordResets.userId,
        expiresAt: passwordResets.expiresAt,
        usedAt: passwordResets.usedAt,
      })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenHash))
      .limit(1);
    if (!row || row.usedAt) throw new HttpError(400, { detail: a.resetInvalid, code: 'reset_invalid' });
    if (row.expiresAt <= now) throw new HttpError(400, { detail: a.resetExpired, code: 'reset_expired' });
    const [user] = await this.db
      .select({ email: users.email, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, row.userId))
      .limit(1);
    if (!user?.isActive) throw new HttpError(400, { detail: a.resetInvalid, code: 'reset_invalid' });
    const problems = checkNewPassword(newPassword, user.email);
    if (problems.length > 0) throw fieldErrors({ new_password: problems });
    const passwordHash = await this.passwords.hash(newPassword);
    await this.db.transaction(async (tx) => {
      const taken = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (taken.length === 0) throw new HttpError(400, { detail: a.resetInvalid, code: 'reset_invalid' });
      // The account's other links stop working too: one reset is enough.
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
      await tx
        .update(authSessions)
        .set({ revokedAt: now, revokedReason: 'password' })
        .where(and(eq(authSessions.userId, row.userId), isNull(authSessions.revokedAt)));
    });
  }

  /** Drops links used or expired more than a day ago (maintenance). */
  async sweep(now = new Date()): Promise<void> {
    const dayAgo = new Date(now.getTime() - 86_400_000);
    await this.db
      .delete(passwordResets)
      .where(or(lt(passwordResets.expiresAt, dayAgo), lt(passwordResets.usedAt, dayAgo)));
  }

  /** Waits for the mails being sent. */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  close(): void {
    this.transport.close();
  }
}
