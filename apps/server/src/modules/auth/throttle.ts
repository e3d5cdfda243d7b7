import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Db, executePrepared } from '../../db/client';
import { knownDevices, rateCounters } from '../../db/schema';
import { HttpError, throttled } from '../../http/errors';
import { formatWait, messages } from '../../i18n/zh-CN';
import { type ChallengeRefusal, LoginChallenges } from './challenge';

/** An attempt let through: what `succeed` and `cancel` need to settle it. */
export interface LoginAttempt {
  account: string;
  /** The counters this attempt was counted on. */
  keys: string[];
  /** The address counter among them (kept on success, only this attempt taken back). */
  ipKey: string | undefined;
}

type Kind = 'pair' | 'ip';

/** A solved challenge sent with a sign-in. */
export interface ChallengeAnswer {
  token: string;
  answer: string;
}

/** 403 with a fresh challenge: the sign-in must carry it solved (again). */
function challengeError(reason: ChallengeRefusal | 'reused' | 'missing', challenge: string): HttpError {
  const m = messages.auth.challenge;
  const missing = reason === 'missing' || reason === 'easier';
  return new HttpError(403, {
    detail: m[reason],
    code: missing ? 'challenge_required' : 'challenge_invalid',
    challenge,
  });
}

const hashDevice = (deviceId: string) => createHash('sha256').update(deviceId).digest('base64url');

/**
 * Failed sign-ins, throttled as OWASP's authentication cheat sheet advises, so that a guesser is slowed but
 * cannot lock the owner out:
 *
 * - per account **and** place (the client's address; or its device id once that device has signed in to the
 *   account before): `freeFailures` failures, then each further attempt waits `backoff`, doubled after
 *   every failure, up to `backoffMax`;
 * - per account across every unknown place: after `accountFreeFailures` failures, a sign-in from an unknown
 *   place must carry a solved proof of work (challenge.ts) of `challengeBits` zero bits, one more each time
 *   the failures past the threshold double, up to `challengeBitsMax`. Never a wait: a guesser who rotates
 *   addresses could otherwise keep the account's wait running forever and the owner out of a new device,
 *   whereas a proof of work takes the owner's browser a second or two and costs the guesser as much per try;
 * - per address across accounts (password spraying): `maxFailuresPerIp` failures within `window`.
 *
 * The owner's known device is only subject to its own pair counter, so failures from elsewhere never keep
 * the owner out. Counters live in the database (rate_counters), so limits hold across instances; so do the
 * spent challenges (one row each until it expires), so a solved challenge is good for one attempt. An
 * attempt is counted before the password is checked (one upsert over its counters), so parallel guesses see
 * each other; it is taken back when refused, or when it ended without a verdict (a server error), and a
 * correct password clears the account's counters. A counter is forgotten after `window` without failures.
 */
export class LoginThrottle {
  private readonly challenges: LoginChallenges;

  constructor(
    private readonly db: Db,
    private readonly settings: Config['loginThrottle'],
  ) {
    this.challenges = new LoginChallenges(settings.challengeKey, settings.challengeTtl);
  }

  /**
   * Counts the attempt on its counters; throws 429 (Retry-After, the wait in Chinese) when it must wait,
   * and 403 with a new challenge when it must carry a solved one and does not (or its answer is refused).
   */
  async begin(
    account: string,
    ip: string,
    deviceId: string | undefined,
    answered?: ChallengeAnswer,
  ): Promise<LoginAttempt> {
    const s = this.settings;
    const sliding = Math.max(s.window, s.backoffMax);
    const keys = {
      pairIp: `login-pair:${account}|ip:${ip}`,
      pairDevice: `login-pair:${account}|device:${deviceId ? hashDevice(deviceId) : ''}`,
      account: `login-account:${account}`,
      ip: `login-ip:${ip}`,
    };
    // The known-device test and the counting are one statement: one round trip before the password check.
    // Rows are taken in key order, the order `cancel` and `succeed` lock them in (an index scan over the
    // keys), so parallel attempts on one account queue on the same first row instead of deadlocking.
    const rows = await executePrepared<{ key: string; hits: number; since_prev: string | null; ttl: string }>(
      this.db,
      'login_throttle_begin',
      sql`
        with known as (
          select exists(
            select 1 from ${knownDevices}
            where ${knownDevices.account} = ${account} and ${knownDevices.deviceHash} = ${deviceId ? hashDevice(deviceId) : ''}
          ) as yes
        ), k as (
          select v.key, v.ttl, v.sliding from (values
            (${keys.pairIp}::text, ${sliding}::float8, true, false),
            (${keys.pairDevice}::text, ${sliding}::float8, true, true),
            (${keys.account}::text, ${sliding}::float8, true, false),
            (${keys.ip}::text, ${s.window}::float8, false, false)
          ) v(key, ttl, sliding, for_known)
          where v.for_known = (select yes from known)
        )
        insert into ${rateCounters} as c (key, hits, last_at, expires_at, sliding)
        select k.key, 1, now(), now() + make_interval(secs => k.ttl), k.sliding from k
        order by k.key
        on conflict (key) do update set
          hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
          prev_at = case when c.expires_at <= now() then null else c.last_at end,
          last_at = now(),
          expires_at = case when c.expires_at <= now() or excluded.sliding then excluded.expires_at else c.expires_at end
        returning c.key, c.hits, extract(epoch from (now() - c.prev_at)) as since_prev,
          extract(epoch from (c.expires_at - now())) as ttl`,
    );
    let wait = 0;
    let accountFailures: number | undefined;
    for (const row of rows) {
      if (row.key.startsWith('login-account:')) {
        accountFailures = Number(row.hits) - 1;
        continue;
      }
      const kind: Kind = row.key.startsWith('login-pair:') ? 'pair' : 'ip';
      wait = Math.max(wait, this.waitFor(kind, Number(row.hits) - 1, row.since_prev, Number(row.ttl)));
    }
    const attempt: LoginAttempt = {
      account,
      keys: rows.map((row) => row.key),
      ipKey: rows.some((row) => row.key === keys.ip) ? keys.ip : undefined,
    };
    if (wait > 0) {
      // A refused attempt is not a failure: the wait never grows while a client waits as told.
      await this.cancel(attempt);
      throw throttled(wait, messages.auth.loginThrottled(formatWait(wait)));
    }
    if (accountFailures !== undefined && accountFailures >= s.accountFreeFailures) {
      const required = this.challengeBits(accountFailures);
      let refusal: Awaited<ReturnType<LoginThrottle['spend']>> | 'missing' = 'missing';
      try {
        if (answered) refusal = await this.spend(account, answered, required);
      } catch (error) {
        // Our failure, not the client's: the attempt is taken back as any other that ended without a verdict.
        await this.cancel(attempt).catch(() => undefined);
        throw error;
      }
      if (refusal) {
        await this.cancel(attempt);
        throw challengeError(refusal, this.challenges.issue(account, required));
      }
    }
    return attempt;
  }

  /** The work (log2 of the hashes) asked of a sign-in after `failures` failures of its account from unknown places. */
  challengeBits(failures: number): number {
    const s = this.settings;
    const past = Math.max(0, failures - s.accountFreeFailures);
    return Math.min(s.challengeBitsMax, s.challengeBits + Math.floor(Math.log2(past + 1)));
  }

  /** Checks an answered challenge and marks it spent; what is wrong with it, or undefined when it is good. */
  private async spend(
    account: string,
    answered: ChallengeAnswer,
    required: number,
  ): Promise<ChallengeRefusal | 'reused' | undefined> {
    const check = this.challenges.check(account, answered.token, answered.answer);
    if (!check.ok) return check.reason;
    // One row per spent challenge, until it expires (the counters' sweep removes it then): the insert that
    // finds it already there is a second use, on this instance or another.
    const inserted = await this.db
      .insert(rateCounters)
      .values({ key: `login-challenge:${check.salt}`, hits: 1, expiresAt: check.expiresAt })
      .onConflictDoNothing()
      .returning({ key: rateCounters.key });
    if (inserted.length === 0) return 'reused';
    // Challenges issued while the account had fewer failures are cheaper: once it has more, they no longer
    // do (and this one is spent all the same).
    return check.work < required ? 'easier' : undefined;
  }

  /** Seconds this attempt must still wait on one counter, given the failures before it. */
  private waitFor(kind: Kind, before: number, sincePrev: string | null, ttl: number): number {
    const s = this.settings;
    if (kind === 'ip') return before >= s.maxFailuresPerIp ? Math.max(1, ttl) : 0;
    if (before < s.freeFailures) return 0;
    const needed = Math.min(s.backoffMax, s.backoff * 2 ** Math.min(before - s.freeFailures, 40));
    const elapsed = sincePrev === null ? Number.POSITIVE_INFINITY : Number(sincePrev);
    return elapsed >= needed ? 0 : needed - elapsed;
  }

  /** Takes back an attempt that was refused or ended without a verdict on the password (a server error). */
  async cancel(attempt: LoginAttempt): Promise<void> {
    if (attempt.keys.length === 0) return;
    await executePrepared(
      this.db,
      'login_throttle_cancel',
      // The rows are locked in key order first, as `begin` takes them, or the two deadlock under load.
      sql`update ${rateCounters} c set hits = greatest(c.hits - 1, 0), last_at = coalesce(c.prev_at, c.last_at)
          from (
            select key from ${rateCounters}
            where key = any(array(select jsonb_array_elements_text(${JSON.stringify(attempt.keys)}::jsonb)))
            order by key for update
          ) locked
          where c.key = locked.key`,
    );
  }

  /**
   * A correct password: the account's counters are cleared (every place's), the address keeps its other
   * failures, and the device becomes one the account is known on.
   */
  async succeed(attempt: LoginAttempt, deviceId: string): Promise<void> {
    const { account } = attempt;
    // A delete and an update in one statement have no lock order of their own: should it meet a parallel
    // attempt in a deadlock, PostgreSQL aborts one side and it is simply run again.
    await retryOnDeadlock(() =>
      executePrepared(
        this.db,
        'login_throttle_succeed',
        sql`
        with cleared as (
          delete from ${rateCounters}
          where key = ${`login-account:${account}`} or key like ${`${likeEscape(`login-pair:${account}|`)}%`}
        ), address as (
          update ${rateCounters} set hits = greatest(hits - 1, 0), last_at = coalesce(prev_at, last_at)
          where key = ${attempt.ipKey ?? ''}
        )
        insert into ${knownDevices} (account, device_hash) values (${account}, ${hashDevice(deviceId)})
        on conflict (account, device_hash) do update set last_seen_at = now()`,
      ),
    );
  }

  /** Forgets devices not signed in from for `knownDeviceTtl` seconds (the counters have their own sweep). */
  async sweep(knownDeviceTtl: number): Promise<number> {
    const removed = await this.db
      .delete(knownDevices)
      .where(lt(knownDevices.lastSeenAt, sql`now() - make_interval(secs => ${knownDeviceTtl}::float8)`))
      .returning({ account: knownDevices.account });
    return removed.length;
  }
}

/** Runs `statement` again (up to three times) when PostgreSQL chose it as a deadlock's victim. */
async function retryOnDeadlock<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= 3 || (error as { code?: string }).code !== '40P01') throw error;
    }
  }
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
