import { and, asc, count, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { throttled } from '../../http/errors';
import { formatWait, messages } from '../../i18n/zh-CN';

type Key = { column: typeof loginFailures.account | typeof loginFailures.ip; value: string; max: number };

/**
 * Limits failed sign-ins per account and per client address over a sliding window, in the database so the
 * limit holds across restarts and instances. Only failures count, and refused attempts are not recorded,
 * so a locked account frees itself once the window has passed.
 *
 * Each attempt is recorded as a failure before the password is checked and cleared if it succeeds: two
 * parallel guesses then see each other and can never both slip under the limit.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly settings: Config['loginThrottle'],
  ) {}

  private since() {
    return sql`now() - make_interval(secs => ${this.settings.window})`;
  }

  /** Records a pending failure and returns its id; throws 429 when either limit is already reached. */
  async begin(account: string, ip: string): Promise<number> {
    const [row] = await this.db
      .insert(loginFailures)
      .values({ account, ip })
      .returning({ id: loginFailures.id });
    if (!row) throw new Error('login_failures insert returned no row');
    const keys: Key[] = [
      { column: loginFailures.account, value: account, max: this.settings.maxFailuresPerAccount },
      { column: loginFailures.ip, value: ip, max: this.settings.maxFailuresPerIp },
    ];
    for (const key of keys) {
      let earlier: number;
      try {
        const [counted] = await this.db
          .select({ n: count() })
          .from(loginFailures)
          .where(and(eq(key.column, key.value), gt(loginFailures.createdAt, this.since())));
        earlier = (counted?.n ?? 0) - 1;
      } catch (error) {
        // Not an attempt: a database error must not count against the account.
        await this.cancel(row.id).catch(() => undefined);
        throw error;
      }
      if (earlier >= key.max) {
        await this.cancel(row.id);
        const wait = await this.secondsUntilAllowed(key, row.id, earlier);
        throw throttled(wait, messages.auth.loginThrottled(formatWait(wait)));
      }
    }
    return row.id;
  }

  /** When enough of the earlier failures leave the window for one more attempt to be allowed. */
  private async secondsUntilAllowed(key: Key, exclude: number, earlier: number): Promise<number> {
    const [oldest] = await this.db
      .select({
        wait: sql<string>`extract(epoch from (${loginFailures.createdAt} + make_interval(secs => ${this.settings.window}) - now()))`,
      })
      .from(loginFailures)
      .where(
        and(
          eq(key.column, key.value),
          gt(loginFailures.createdAt, this.since()),
          ne(loginFailures.id, exclude),
        ),
      )
      .orderBy(asc(loginFailures.createdAt))
      .offset(earlier - key.max)
      .limit(1);
    const wait = Number(oldest?.wait);
    return Number.isFinite(wait) && wait > 0 ? wait : 1;
  }

  /** Drops a pending failure whose attempt ended without a verdict on the password (a server error). */
  async cancel(id: number): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.id, id));
  }

  /** A correct password clears the account's failures (the pending one included). */
  async succeed(account: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.account, account));
  }

  async sweep(): Promise<number> {
    const removed = await this.db
      .delete(loginFailures)
      .where(lt(loginFailures.createdAt, this.since()))
      .returning({ id: loginFailures.id });
    return removed.length;
  }
}
