import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { type Db, executePrepared, sqlState, UNIQUE_VIOLATION } from '../../db/client';
import { authSessions, inviteCodes, rateCounters, refreshTokens, users } from '../../db/schema';
import { fieldErrors, HttpError, notAuthenticated, throttled, tokenNotValid } from '../../http/errors';
import { formatWait, messages } from '../../i18n/zh-CN';
import { applyCreditChange } from '../billing/ledger';
import { findDefaultPlan } from '../billing/plans';
import { type CounterHit, counterHit, hitUpsert } from '../limits/counters';
import { userLimitKey } from '../limits/requests';
import { hashInviteCode } from './invites';
import type { PasswordHasher } from './passwords';
import { readRegistrationPolicy, registrationDefaults } from './policy';
import { checkLogin, checkRegistration } from './rules';
import type { LoginThrottle } from './throttle';
import { hashToken, type TokenService } from './tokens';

export interface AuthContext {
  userId: string;
  sessionId: string;
  /** The client should refresh now: little life left, or issued before the user's tokens_valid_after. */
  refreshRequired: boolean;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
  deviceId: string | undefined;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/** A device id the client generated and keeps; anything else is replaced by one of ours. */
const DEVICE_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface AuthServiceDeps {
  db: Db;
  config: Pick<
    Config,
    | 'refreshTokenTtl'
    | 'refreshTokenTtlRemember'
    | 'refreshReuseGrace'
    | 'sessionMaxAge'
    | 'tokenRefreshThreshold'
    | 'registration'
    | 'defaultPlan'
  >;
  tokens: TokenService;
  passwords: PasswordHasher;
  throttle: LoginThrottle;
  logger: FastifyBaseLogger;
}

/**
 * Accounts and sessions. A session is one sign-in on one device; its refresh tokens rotate on every use and
 * form a family. Presenting a refresh token that was already exchanged is treated as theft
 * (RFC 9700 §4.14.2): the whole family is revoked, and with it every access token of the session.
 */
export class AuthService {
  /** Every signed-in request runs this; prepared once, it skips the planner (2.2 ms → 0.7 ms embedded). */
  private readonly sessionCheck;
  /** The registration policy the environment gives, followed until the console saves one. */
  private readonly policyDefaults;

  constructor(private readonly deps: AuthServiceDeps) {
    this.policyDefaults = registrationDefaults(deps.config);
    this.sessionCheck = deps.db
      .select({
        isActive: users.isActive,
        tokensValidAfter: users.tokensValidAfter,
        revokedAt: authSessions.revokedAt,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(
        and(
          eq(authSessions.id, sql.placeholder('sessionId')),
          eq(authSessions.userId, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare('auth_session_check');
  }

  private get db() {
    return this.deps.db;
  }

  /** What the register page needs to know before it shows its form. */
  async registrationPolicy() {
    const policy = await this.policy();
    return {
      mode: policy.mode,
      signup_credits: policy.signup_credits,
      terms_url: policy.terms_url,
      privacy_url: policy.privacy_url,
    };
  }

  private policy() {
    return readRegistrationPolicy(this.db, this.policyDefaults);
  }

  /**
   * Creates an account as the operator's policy allows (policy.ts): closed refuses, invite takes
   * one use of a valid code. The address's daily count, the code's use, the user and the grant are one
   * transaction: a registration that fails for any reason counts against nothing.
   */
  async register(
    input: {
      email: string;
      password: string;
      nickname?: string | null | undefined;
      invite_code?: string | null | undefined;
      accept_terms?: boolean | undefined;
    },
    client: Pick<ClientInfo, 'ip'>,
  ) {
    const {
      mode,
      per_ip_per_day: maxPerIpPerDay,
      signup_credits: signupCredits,
      terms_url: termsUrl,
      privacy_url: privacyUrl,
    } = await this.policy();
    if (mode === 'closed') {
      throw new HttpError(403, { detail: messages.auth.registrationClosed, code: 'registration_closed' });
    }
    const { value, errors } = checkRegistration(input);
    const invite = input.invite_code?.trim() ?? '';
    const problems: Record<string, string[]> = { ...errors };
    if (mode === 'invite' && invite === '') problems.invite_code = [messages.auth.inviteRequired];
    if ((termsUrl || privacyUrl) && input.accept_terms !== true) {
      problems.accept_terms = [messages.auth.termsRequired];
    }
    if (Object.keys(problems).length > 0) throw fieldErrors(problems);
    // Checked before hashing only to spare the work; the unique constraint below is what guarantees it.
    const [existing] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, value.email))
      .limit(1);
    if (existing) throw fieldErrors({ email: [messages.auth.emailTaken] });
    const passwordHash = await this.deps.passwords.hash(value.password);
    try {
      return await this.db.transaction(async (tx) => {
        const counted = await tx.execute(sql`
          insert into ${rateCounters} as c (key, hits, last_at, expires_at)
          values (${`register-ip:${client.ip}`}, 1, now(), now() + interval '1 day')
          on conflict (key) do update set
            hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
            prev_at = case when c.expires_at <= now() then null else c.last_at end,
            last_at = now(),
            expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
          returning c.hits, extract(epoch from (c.expires_at - now())) as ttl`);
        const [count] = (counted as unknown as { rows: { hits: number; ttl: string }[] }).rows;
        if (count && Number(count.hits) > maxPerIpPerDay) {
          const wait = Math.max(1, Number(count.ttl));
          throw throttled(wait, messages.auth.registrationCapped(maxPerIpPerDay, formatWait(wait)));
        }
        if (mode === 'invite') {
          const [used] = await tx
            .update(inviteCodes)
            .set({ uses: sql`${inviteCodes.uses} + 1` })
            .where(
              and(
                eq(inviteCodes.codeHash, hashInviteCode(invite)),
                isNull(inviteCodes.revokedAt),
                lt(inviteCodes.uses, inviteCodes.maxUses),
                or(isNull(inviteCodes.expiresAt), gt(inviteCodes.expiresAt, sql`now()`)),
              ),
            )
            .returning({ id: inviteCodes.id });
          if (!used) throw fieldErrors({ invite_code: [messages.auth.inviteInvalid] });
        }
        const plan = await findDefaultPlan(tx);
        const [user] = await tx
          .insert(users)
          .values({ email: value.email, passwordHash, nickname: value.nickname, planId: plan?.id ?? null })
          .returning({ id: users.id, email: users.email, nickname: users.nickname });
        if (!user) throw new Error('users insert returned no row');
        if (plan && signupCredits > 0) {
          await applyCreditChange(tx, {
            userId: user.id,
            delta: signupCredits,
            kind: 'grant',
            reference: `signup:${plan.code}`,
            note: messages.plans.signupGrant,
          });
        }
        return { id: user.id, email: user.email, nickname: user.nickname ?? '' };
      });
    } catch (error) {
      if (sqlState(error) === UNIQUE_VIOLATION) throw fieldErrors({ email: [messages.auth.emailTaken] });
      throw error;
    }
  }

  async login(
    input: {
      email: string;
      password: string;
      remember_me: boolean;
      challenge?: { token: string; answer: string } | undefined;
    },
    client: ClientInfo,
  ) {
    const { email, errors } = checkLogin(input);
    if (errors) throw fieldErrors(errors);
    const presented = client.deviceId && DEVICE_ID.test(client.deviceId) ? client.deviceId : undefined;
    const attempt = await this.deps.throttle.begin(email, client.ip, presented, input.challenge);
    const deviceId = presented ?? randomUUID();
    let found: {
      user: { id: string; passwordHash: string; isActive: boolean } | undefined;
      ok: boolean;
      needsRehash: boolean;
    };
    try {
      const [user] = await this.db
        .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      let verdict = { ok: false, needsRehash: false };
      if (user) verdict = await this.deps.passwords.verify(user.passwordHash, input.password);
      else await this.deps.passwords.verifyDummy(input.password);
      found = { user, ...verdict };
      if (found.ok && user?.isActive) await this.deps.throttle.succeed(attempt, deviceId);
    } catch (error) {
      // The attempt failed on our side, not on a wrong password: it must not count against the account.
      await this.deps.throttle.cancel(attempt).catch(() => undefined);
      throw error;
    }
    const { user } = found;
    if (!user || !found.ok || !user.isActive) {
      throw new HttpError(401, { detail: messages.auth.badCredentials, code: 'no_active_account' });
    }
    const rehashed = found.needsRehash ? await this.deps.passwords.hash(input.password) : undefined;
    await this.db
      .update(users)
      .set({
        lastLoginAt: new Date(),
        ...(rehashed ? { passwordHash: rehashed, updatedAt: new Date() } : {}),
      })
      .where(eq(users.id, user.id));

    const rememberMe = input.remember_me;
    const sessionId = randomUUID();
    const refresh = await this.deps.tokens.signRefresh(
      user.id,
      sessionId,
      randomUUID(),
      Math.min(this.refreshTtl(rememberMe), this.deps.config.sessionMaxAge),
    );
    const access = await this.deps.tokens.signAccess(user.id, sessionId);
    await this.db.transaction(async (tx) => {
      await tx.insert(authSessions).values({
        id: sessionId,
        userId: user.id,
        deviceId,
        rememberMe,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
        ip: client.ip,
        expiresAt: refresh.expiresAt,
      });
      await tx.insert(refreshTokens).values({
        id: refresh.jti,
        sessionId,
        tokenHash: hashToken(refresh.token),
        expiresAt: refresh.expiresAt,
      });
    });
    return { access: access.token, refresh: refresh.token, device_id: deviceId };
  }

  private refreshTtl(rememberMe: boolean) {
    return rememberMe ? this.deps.config.refreshTokenTtlRemember : this.deps.config.refreshTokenTtl;
  }

  async refresh(token: string): Promise<TokenPair> {
    const claims = await this.deps.tokens.verify(token, 'refresh');
    if (!claims) throw tokenNotValid();
    const tokenHash = hashToken(token);

    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: refreshTokens.id,
          usedAt: refreshTokens.usedAt,
          expiresAt: refreshTokens.expiresAt,
          sessionId: authSessions.id,
          revokedAt: authSessions.revokedAt,
          rememberMe: authSessions.rememberMe,
          signedInAt: authSessions.createdAt,
          userId: authSessions.userId,
          isActive: users.isActive,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, authSessions.userId))
        // Locks this token's row: of two concurrent exchanges, the second sees usedAt set.
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for('update', { of: refreshTokens });
      if (!row || row.sessionId !== claims.sessionId || row.userId !== claims.userId)
        return { kind: 'invalid' as const };
      if (row.revokedAt) return { kind: 'invalid' as const };
      if (row.usedAt) {
        const successor = await this.lostAnswerSuccessor(tx, row.id, row.sessionId, row.usedAt);
        if (!successor) {
          await tx
            .update(authSessions)
            .set({ revokedAt: new Date(), revokedReason: 'reuse' })
            .where(and(eq(authSessions.id, row.sessionId), isNull(authSessions.revokedAt)));
          return { kind: 'reuse' as const, sessionId: row.sessionId, userId: row.userId };
        }
        if (!row.isActive) return { kind: 'invalid' as const };
        // The retry gets the successor it lost, not one of its own: whoever else holds this token (a
        // thief who replays it within the grace) shares one chain with the owner, and the first of them
        // to rotate it makes the other's next use a reuse that ends the session.
        const again = await this.deps.tokens.signRefresh(row.userId, row.sessionId, successor.id, 0, {
          issuedAt: successor.issuedAt,
          expiresAt: successor.expiresAt,
        });
        if (hashToken(again.token) === successor.tokenHash) {
          const access = await this.deps.tokens.signAccess(row.userId, row.sessionId);
          return { kind: 'ok' as const, pair: { access: access.token, refresh: again.token } };
        }
        // A successor signed before tokens were reproducible (its stored time is not its own): a new one.
      }
      if (row.expiresAt.getTime() <= Date.now() || !row.isActive) return { kind: 'invalid' as const };
      // Refreshing slides a session's end, but never past its absolute lifetime from the sign-in.
      const secondsLeft = Math.floor(
        (row.signedInAt.getTime() + this.deps.config.sessionMaxAge * 1000 - Date.now()) / 1000,
      );
      if (secondsLeft <= 0) return { kind: 'invalid' as const };

      const now = new Date();
      const next = await this.deps.tokens.signRefresh(
        row.userId,
        row.sessionId,
        randomUUID(),
        Math.min(this.refreshTtl(row.rememberMe), secondsLeft),
      );
      const access = await this.deps.tokens.signAccess(row.userId, row.sessionId);
      if (!row.usedAt)
        await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
      await tx.insert(refreshTokens).values({
        id: next.jti,
        sessionId: row.sessionId,
        tokenHash: hashToken(next.token),
        parentId: row.id,
        // The token's own times, so that a lost answer can be signed again to the same token.
        issuedAt: next.issuedAt,
        expiresAt: next.expiresAt,
      });
      await tx
        .update(authSessions)
        .set({ lastUsedAt: now, expiresAt: next.expiresAt })
        .where(eq(authSessions.id, row.sessionId));
      return { kind: 'ok' as const, pair: { access: access.token, refresh: next.token } };
    });

    if (outcome.kind === 'reuse') {
      this.deps.logger.warn(
        { userId: outcome.userId, sessionId: outcome.sessionId },
        'refresh token reused: session revoked (RFC 9700 reuse detection)',
      );
    }
    if (outcome.kind !== 'ok') throw tokenNotValid();
    return outcome.pair;
  }

  /**
   * A token exchanged moments ago whose successor nobody has used yet: the client that exchanged it lost
   * the answer (the tab reloaded or closed while the refresh was in flight) and is asking again. Ending
   * the session for that would sign the user out of every tab; RFC 9700 §4.14.2 leaves room for this.
   * Answers that successor; none once it has been used, or the grace is over: a replay is theft as before.
   */
  private async lostAnswerSuccessor(tx: Db, tokenId: string, sessionId: string, usedAt: Date) {
    const grace = this.deps.config.refreshReuseGrace * 1000;
    if (grace <= 0 || Date.now() - usedAt.getTime() > grace) return undefined;
    const successors = await tx
      .select({
        id: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        tokenHash: refreshTokens.tokenHash,
        issuedAt: refreshTokens.issuedAt,
        expiresAt: refreshTokens.expiresAt,
      })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.parentId, tokenId)))
      .orderBy(refreshTokens.issuedAt);
    if (successors.length === 0 || successors.some((successor) => successor.usedAt !== null))
      return undefined;
    return successors[0];
  }

  /** Ends the session the refresh token belongs to; an expired but genuine token still logs out. */
  async logout(token: string): Promise<void> {
    const claims = await this.deps.tokens.verify(token, 'refresh', { allowExpired: true });
    if (!claims) throw tokenNotValid();
    await this.db
      .update(authSessions)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(
        and(
          eq(authSessions.id, claims.sessionId),
          eq(authSessions.userId, claims.userId),
          isNull(authSessions.revokedAt),
        ),
      );
  }

  /** Resolves `Authorization: Bearer …` to the user and session, or throws the 401 the client expects. */
  async authenticate(
    authorization: string | undefined,
    /** Counts the request against the user's limit in the same statement as the session check. */
    userLimit?: { window: number },
  ): Promise<AuthContext & { hit?: CounterHit }> {
    if (!authorization?.trim()) throw notAuthenticated();
    const token = BEARER.exec(authorization)?.[1];
    if (!token) throw tokenNotValid();
    const claims = await this.deps.tokens.verify(token, 'access');
    if (!claims) throw tokenNotValid();
    let row: { isActive: boolean; tokensValidAfter: Date | null; revokedAt: Date | null } | undefined;
    let hit: CounterHit | undefined;
    if (userLimit) {
      const [checked] = await this.checkSessionAndCount(claims, userLimit.window);
      row = checked && {
        isActive: checked.is_active,
        tokensValidAfter: checked.tokens_valid_after === null ? null : new Date(checked.tokens_valid_after),
        revokedAt: checked.revoked_at === null ? null : new Date(checked.revoked_at),
      };
      if (checked?.hits != null && checked.ttl != null)
        hit = counterHit({ hits: checked.hits, ttl: checked.ttl });
    } else {
      [row] = await this.sessionCheck.execute({ sessionId: claims.sessionId, userId: claims.userId });
    }
    if (!row?.isActive || row.revokedAt) throw tokenNotValid();
    const nowSeconds = Date.now() / 1000;
    const stale =
      row.tokensValidAfter !== null && claims.issuedAt < Math.floor(row.tokensValidAfter.getTime() / 1000);
    return {
      userId: claims.userId,
      sessionId: claims.sessionId,
      refreshRequired: stale || claims.expiresAt - nowSeconds < this.deps.config.tokenRefreshThreshold,
      ...(hit ? { hit } : {}),
    };
  }

  /**
   * The session check and the per-user request count in one statement: every signed-in request runs it
   * before anything else, and on the embedded database each statement is a round trip to its thread (with
   * 200 chat turns arriving at once, one round trip fewer per request takes a fifth of the statements
   * before their first text). The hit is counted only for a live session, as a separate count would be.
   */
  private checkSessionAndCount(claims: { sessionId: string; userId: string }, windowSeconds: number) {
    return executePrepared<{
      is_active: boolean;
      tokens_valid_after: Date | string | null;
      revoked_at: Date | string | null;
      hits: number | null;
      ttl: number | string | null;
    }>(
      this.db,
      'auth_session_check_and_count',
      sql`
        with s as (
          select ${users.isActive} as is_active, ${users.tokensValidAfter} as tokens_valid_after,
                 ${authSessions.revokedAt} as revoked_at
          from ${authSessions} inner join ${users} on ${users.id} = ${authSessions.userId}
          where ${authSessions.id} = ${claims.sessionId}::uuid and ${authSessions.userId} = ${claims.userId}::uuid
          limit 1
        ), hit as (${hitUpsert(userLimitKey(claims.userId), windowSeconds, sql`from s where s.is_active and s.revoked_at is null`)})
        select s.is_active, s.tokens_valid_after, s.revoked_at, hit.hits, hit.ttl from s left join hit on true`,
    );
  }

  /**
   * Drops what can no longer be used: expired refresh tokens, sessions dead for a week, and failed sign-ins
   * older than the throttle's window.
   */
  async sweep(): Promise<void> {
    await this.deps.throttle.sweep(this.deps.config.sessionMaxAge);
    const now = new Date();
    const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
    await this.db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now));
    await this.db
      .delete(authSessions)
      .where(or(lt(authSessions.expiresAt, weekAgo), lt(authSessions.revokedAt, weekAgo)));
  }
}
