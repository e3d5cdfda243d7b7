import { randomUUID } from 'node:crypto';
import { currentUser, loginResponse } from '@wanxiang/api-client/contract';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { authSessions, creditLedger, refreshTokens, users } from '../src/db/schema';
import { ensureDefaultPlan } from '../src/modules/billing/plans';
import { databaseKinds, json, listen, TEST_SECRET, testConfig, useApps, useTestDatabase } from './helpers';

const PASSWORD = 'correct horse battery';
const TOKEN_INVALID = { detail: '认证已过期，请重新登录', code: 'token_not_valid' };

async function register(app: FastifyInstance, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/auth/register/', ...json(body) });
}

async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  extra: { remember_me?: boolean; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    headers: { 'content-type': 'application/json', ...extra.headers },
    payload: JSON.stringify({
      email,
      password,
      ...(extra.remember_me === undefined ? {} : { remember_me: extra.remember_me }),
    }),
  });
  return res;
}

async function signUpAndIn(app: FastifyInstance, email = 'user@example.com', extra = {}) {
  const created = await register(app, { email, password: PASSWORD });
  expect(created.statusCode).toBe(201);
  const res = await login(app, email, PASSWORD, extra);
  expect(res.statusCode).toBe(200);
  return { user: created.json() as { id: string }, tokens: loginResponse.parse(res.json()) };
}

const me = (app: FastifyInstance, access: string) =>
  app.inject({ method: 'GET', url: '/api/auth/users/me/', headers: { authorization: `Bearer ${access}` } });

const refresh = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/token/refresh/', ...json({ refresh: token }) });

const logout = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/logout/', ...json({ refresh: token }) });

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(databaseKinds)('accounts and tokens on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  describe('registration', () => {
    it('creates the account with a normalised email, the default plan and its credits', async () => {
      const server = await app();
      const res = await register(server, {
        email: '  Li.Lei@Example.COM ',
        password: PASSWORD,
        nickname: ' 李雷 ',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: 'li.lei@example.com',
        nickname: '李雷',
      });

      const { tokens } = { tokens: loginResponse.parse((await login(server, 'li.lei@example.com')).json()) };
      const profile = currentUser.parse((await me(server, tokens.access)).json());
      expect(profile).toEqual({
        id: body.id,
        email: 'li.lei@example.com',
        nickname: '李雷',
        credits_balance: 1000,
        subscription_plan: { name: '免费体验版' },
        avatar_url: null,
        role: 'user',
      });

      const ledger = await db()
        .database.db.select()
        .from(creditLedger)
        .where(eq(creditLedger.userId, body.id));
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ delta: 1000, balanceAfter: 1000, kind: 'grant' });
    });

    it('grants what the configured default plan grants', async () => {
      const config = await testConfig({ DEFAULT_PLAN_NAME: '体验版', DEFAULT_PLAN_CREDITS: '250' });
      await ensureDefaultPlan(db().database.db, config.defaultPlan);
      const server = await app();
      const { tokens } = await signUpAndIn(server);
      expect((await me(server, tokens.access)).json()).toMatchObject({
        credits_balance: 250,
        subscription_plan: { name: '体验版' },
      });
    });

    it('stores an argon2id hash, never the password', async () => {
      const server = await app();
      await register(server, { email: 'hash@example.com', password: PASSWORD });
      const [row] = await db().database.db.select().from(users).where(eq(users.email, 'hash@example.com'));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
      expect(row?.passwordHash).not.toContain(PASSWORD);
    });

    it('accepts a missing, null or blank nickname', async () => {
      const server = await app();
      for (const [i, nickname] of [undefined, null, '   '].entries()) {
        const res = await register(server, { email: `n${i}@example.com`, password: PASSWORD, nickname });
        expect(res.statusCode).toBe(201);
        expect(res.json().nickname).toBe('');
      }
    });

    it('takes a full-width email as its ASCII form, and drops control and bidi characters from a nickname', async () => {
      const server = await app();
      const res = await register(server, {
        email: 'ＷＩＤＥ＠example.com',
        password: PASSWORD,
        nickname: '\u202E雷李\u202C\t小\u0007明\u2066',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email: 'wide@example.com', nickname: '雷李小明' });
      // The same address typed in ASCII is taken, and signs in.
      const again = await register(server, { email: 'wide@example.com', password: PASSWORD });
      expect(again.json()).toEqual({ errors: { email: ['该邮箱已被注册'] } });
      const login = await server.inject({
        method: 'POST',
        url: '/api/auth/login/',
        ...json({ email: 'Ｗide@example.com', password: PASSWORD }),
      });
      expect(login.statusCode).toBe(200);
    });

    it('refuses a taken email, whatever its case and spacing', async () => {
      const server = await app();
      expect((await register(server, { email: 'taken@example.com', password: PASSWORD })).statusCode).toBe(
        201,
      );
      for (const email of ['taken@example.com', ' TAKEN@example.com ']) {
        const res = await register(server, { email, password: PASSWORD });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ errors: { email: ['该邮箱已被注册'] } });
      }
    });

    it('lets only one of two simultaneous registrations of one email through', async () => {
      const server = await app();
      const results = await Promise.all(
        Array.from({ length: 4 }, () => register(server, { email: 'race@example.com', password: PASSWORD })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
      for (const r of results.filter((x) => x.statusCode === 400)) {
        expect(r.json()).toEqual({ errors: { email: ['该邮箱已被注册'] } });
      }
      const [{ n }] = (await db().database.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [
        { n: number },
      ];
      expect(n).toBe(1);
    });

    it('explains every rule that the input breaks, per field, in Chinese', async () => {
      const server = await app();
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [{ email: 'a@example.com', password: 'short' }, { password: ['密码长度不能少于 8 个字符。'] }],
        [{ email: 'a@example.com', password: '12345678901' }, { password: ['密码不能全部为数字。'] }],
        [
          { email: 'someone@example.com', password: 'someone@example.com' },
          { password: ['密码与邮箱过于相似。'] },
        ],
        [
          { email: 'a@example.com', password: 'x'.repeat(129) },
          { password: ['密码长度不能超过 128 个字符。'] },
        ],
        [{ email: 'not-an-email', password: PASSWORD }, { email: ['请输入有效的邮箱地址。'] }],
        [
          { email: '   ', password: '' },
          { email: ['该字段不能为空。'], password: ['该字段不能为空。'] },
        ],
        [
          { email: `${'a'.repeat(250)}@example.com`, password: PASSWORD },
          { email: ['邮箱长度不能超过 254 个字符。'] },
        ],
        [
          { email: 'a@example.com', password: PASSWORD, nickname: '长'.repeat(31) },
          { nickname: ['昵称长度不能超过 30 个字符。'] },
        ],
        [{}, { email: ['该字段是必填项。'], password: ['该字段是必填项。'] }],
        [
          { email: 42, password: ['x'], nickname: 7 },
          {
            email: ['该字段应为字符串。'],
            password: ['该字段应为字符串。'],
            nickname: ['该字段应为字符串。'],
          },
        ],
        [{ email: null, password: PASSWORD }, { email: ['该字段不能为空值（null）。'] }],
      ];
      for (const [body, errors] of cases) {
        const res = await register(server, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json(), JSON.stringify(body)).toEqual({ errors });
      }
    });
  });

  describe('login', () => {
    it('issues an access and a refresh token with the expected claims', async () => {
      const server = await app({
        ACCESS_TOKEN_TTL: '7m',
        REFRESH_TOKEN_TTL: '2d',
        REFRESH_TOKEN_TTL_REMEMBER: '40d',
      });
      const { user, tokens } = await signUpAndIn(server);
      const access = decodeJwt(tokens.access);
      expect(access).toMatchObject({ sub: user.id, token_type: 'access', iss: 'wanxiang' });
      expect(access.jti).toMatch(/^[0-9a-f-]{36}$/);
      expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(7 * 60);
      const refreshClaims = decodeJwt(tokens.refresh);
      expect(refreshClaims).toMatchObject({ sub: user.id, token_type: 'refresh', sid: access.sid });
      expect((refreshClaims.exp ?? 0) - (refreshClaims.iat ?? 0)).toBe(2 * 86_400);

      const remembered = loginResponse.parse(
        (await login(server, 'user@example.com', PASSWORD, { remember_me: true })).json(),
      );
      const long = decodeJwt(remembered.refresh);
      expect((long.exp ?? 0) - (long.iat ?? 0)).toBe(40 * 86_400);
      // remember_me survives rotation.
      const rotated = decodeJwt((await refresh(server, remembered.refresh)).json().refresh);
      expect((rotated.exp ?? 0) - (rotated.iat ?? 0)).toBe(40 * 86_400);
    });

    it('echoes a valid X-Device-ID and generates one otherwise', async () => {
      const server = await app();
      await register(server, { email: 'dev@example.com', password: PASSWORD });
      const echoed = await login(server, 'dev@example.com', PASSWORD, {
        headers: { 'x-device-id': 'web-7f3c9a12-device' },
      });
      expect(echoed.json().device_id).toBe('web-7f3c9a12-device');
      const variants: Record<string, string>[] = [
        {},
        { 'x-device-id': 'x' },
        { 'x-device-id': '<script>alert(1)</script>' },
      ];
      for (const headers of variants) {
        const res = await login(server, 'dev@example.com', PASSWORD, { headers });
        expect(res.json().device_id).toMatch(/^[0-9a-f-]{36}$/);
      }
      const [session] = await db()
        .database.db.select()
        .from(authSessions)
        .where(eq(authSessions.deviceId, 'web-7f3c9a12-device'));
      expect(session).toBeDefined();
    });

    it('matches the email whatever its case and spacing', async () => {
      const server = await app();
      await register(server, { email: 'case@example.com', password: PASSWORD });
      expect((await login(server, '  CASE@Example.com ')).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown email identically', async () => {
      const server = await app();
      await register(server, { email: 'known@example.com', password: PASSWORD });
      const wrong = await login(server, 'known@example.com', 'wrong password!');
      const unknown = await login(server, 'nobody@example.com', 'wrong password!');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ detail: '邮箱或密码错误。', code: 'no_active_account' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('refuses a deactivated account with the same answer', async () => {
      const server = await app();
      await register(server, { email: 'gone@example.com', password: PASSWORD });
      await db()
        .database.db.update(users)
        .set({ isActive: false })
        .where(eq(users.email, 'gone@example.com'));
      const res = await login(server, 'gone@example.com');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: '邮箱或密码错误。', code: 'no_active_account' });
    });

    it('rejects missing fields and wrong types with field errors', async () => {
      const server = await app();
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{}, { email: ['该字段是必填项。'], password: ['该字段是必填项。'] }],
        [
          { email: 'a@example.com', password: PASSWORD, remember_me: 'yes' },
          { remember_me: ['该字段应为布尔值（true 或 false）。'] },
        ],
        [
          { email: ['a'], password: 1 },
          { email: ['该字段应为字符串。'], password: ['该字段应为字符串。'] },
        ],
        [
          { email: '', password: '' },
          { email: ['该字段不能为空。'], password: ['该字段不能为空。'] },
        ],
      ];
      for (const [body, errors] of cases) {
        const res = await server.inject({ method: 'POST', url: '/api/auth/login/', ...json(body) });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({ errors });
      }
    });

    it('rehashes the password on login when the hashing parameters changed', async () => {
      const cheap = await app();
      await register(cheap, { email: 'rehash@example.com', password: PASSWORD });
      const stronger = await app({ PASSWORD_HASH_MEMORY_KIB: '2048', PASSWORD_HASH_ITERATIONS: '2' });
      expect((await login(stronger, 'rehash@example.com')).statusCode).toBe(200);
      const [row] = await db().database.db.select().from(users).where(eq(users.email, 'rehash@example.com'));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=2048,t=2,p=1\$/);
      // The new hash still verifies, under either configuration.
      expect((await login(stronger, 'rehash@example.com')).statusCode).toBe(200);
    });
  });

  describe('refresh tokens', () => {
    it('rotate on every use', async () => {
      const server = await app();
      const { tokens } = await signUpAndIn(server);
      const first = await refresh(server, tokens.refresh);
      expect(first.statusCode).toBe(200);
      const pair = first.json();
      expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
      expect(pair.refresh).not.toBe(tokens.refresh);
      expect((await me(server, pair.access)).statusCode).toBe(200);
      const second = await refresh(server, pair.refresh);
      expect(second.statusCode).toBe(200);
      // Only hashes are stored.
      const stored = await db().database.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
      expect(stored).toHaveLength(3);
      for (const { hash } of stored) {
        expect(hash).toMatch(/^[0-9a-f]{64}$/);
        expect([tokens.refresh, pair.refresh, second.json().refresh]).not.toContain(hash);
      }
    });

    it('slide a session only up to its absolute lifetime from the sign-in', async () => {
      const server = await app({ SESSION_MAX_AGE: '90d' });
      const { tokens } = await signUpAndIn(server, 'user@example.com', { remember_me: true });
      const day = 86_400_000;
      // Signed in 89.5 days ago: the next token lives 12 hours, not the 30 days of "remember me".
      await db()
        .database.db.update(authSessions)
        .set({ createdAt: new Date(Date.now() - 89.5 * day) });
      const late = await refresh(server, tokens.refresh);
      expect(late.statusCode).toBe(200);
      const { exp, iat } = decodeJwt(late.json().refresh);
      expect((exp ?? 0) - (iat ?? 0)).toBeLessThanOrEqual(12 * 3600);
      expect((exp ?? 0) - (iat ?? 0)).toBeGreaterThan(11 * 3600);
      // Past it, the session is over however fresh its refresh token is.
      await db()
        .database.db.update(authSessions)
        .set({ createdAt: new Date(Date.now() - 91 * day) });
      const over = await refresh(server, late.json().refresh);
      expect(over.statusCode).toBe(401);
      expect(over.json()).toEqual(TOKEN_INVALID);
    });

    it('revoke the whole family when a used token is presented again (reuse detection)', async () => {
      const server = await app({ REFRESH_REUSE_GRACE: '0' });
      const { tokens } = await signUpAndIn(server);
      const rotated = (await refresh(server, tokens.refresh)).json();
      const replay = await refresh(server, tokens.refresh);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual(TOKEN_INVALID);
      // The legitimate holder of the newest token is logged out too, and so are its access tokens.
      expect((await refresh(server, rotated.refresh)).statusCode).toBe(401);
      expect((await me(server, rotated.access)).json()).toEqual(TOKEN_INVALID);
      expect((await me(server, tokens.access)).statusCode).toBe(401);
      const [session] = await db().database.db.select().from(authSessions);
      expect(session?.revokedReason).toBe('reuse');
    });

    it('answer a client that lost the answer to its refresh (a reload mid-refresh) instead of revoking', async () => {
      const server = await app();
      const { tokens } = await signUpAndIn(server);
      // The first exchange went through, but its answer never reached the tab: it asks again, and gets the
      // same successor (not a second chain).
      const first = await refresh(server, tokens.refresh);
      expect(first.statusCode).toBe(200);
      const retried = await refresh(server, tokens.refresh);
      expect(retried.statusCode).toBe(200);
      const pair = retried.json();
      expect(pair.refresh).toBe(first.json().refresh);
      expect((await me(server, pair.access)).statusCode).toBe(200);
      const next = await refresh(server, pair.refresh);
      expect(next.statusCode).toBe(200);
      const [session] = await db().database.db.select().from(authSessions);
      expect(session?.revokedAt).toBeNull();
      // Once a successor has been used, the old token presented again is theft: the session ends.
      const replay = await refresh(server, tokens.refresh);
      expect(replay.statusCode).toBe(401);
      expect((await me(server, next.json().access)).statusCode).toBe(401);
      const [revoked] = await db().database.db.select().from(authSessions);
      expect(revoked?.revokedReason).toBe('reuse');
    });

    it("give a thief who replays a stolen token within the grace the owner's chain, which ends at the next replay", async () => {
      const server = await app();
      const { tokens } = await signUpAndIn(server);
      const owner = (await refresh(server, tokens.refresh)).json();
      const thief = (await refresh(server, tokens.refresh)).json();
      expect(thief.refresh).toBe(owner.refresh);
      expect(await db().database.db.select().from(refreshTokens)).toHaveLength(2);
      // The owner rotates on; the thief's copy of the same token is now a reuse: the session ends for both.
      const next = await refresh(server, owner.refresh);
      expect(next.statusCode).toBe(200);
      const later = (await refresh(server, next.json().refresh)).json();
      expect((await refresh(server, thief.refresh)).statusCode).toBe(401);
      expect((await refresh(server, later.refresh)).statusCode).toBe(401);
      const [session] = await db().database.db.select().from(authSessions);
      expect(session?.revokedReason).toBe('reuse');
    });

    it('treat a replay after the grace as theft even when the successor is unused', async () => {
      const server = await app();
      const { tokens } = await signUpAndIn(server);
      const rotated = (await refresh(server, tokens.refresh)).json();
      await db()
        .database.db.update(refreshTokens)
        .set({ usedAt: new Date(Date.now() - 31_000) })
        .where(isNotNull(refreshTokens.usedAt));
      expect((await refresh(server, tokens.refresh)).statusCode).toBe(401);
      expect((await refresh(server, rotated.refresh)).statusCode).toBe(401);
    });

    it('leave other sessions of the same user alone when one family is revoked', async () => {
      const server = await app({ REFRESH_REUSE_GRACE: '0' });
      const { tokens: phone } = await signUpAndIn(server);
      const laptop = loginResponse.parse((await login(server, 'user@example.com')).json());
      await refresh(server, phone.refresh);
      await refresh(server, phone.refresh);
      expect((await me(server, laptop.access)).statusCode).toBe(200);
      expect((await refresh(server, laptop.refresh)).statusCode).toBe(200);
    });

    it('can be exchanged only once even when presented concurrently', async () => {
      const server = await app({ REFRESH_REUSE_GRACE: '0' });
      const { tokens } = await signUpAndIn(server);
      const results = await Promise.all([refresh(server, tokens.refresh), refresh(server, tokens.refresh)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('refuse garbage, forged tokens and access tokens', async () => {
      const server = await app();
      const { user, tokens } = await signUpAndIn(server);
      const forged = await new SignJWT({ token_type: 'refresh', sid: decodeJwt(tokens.refresh).sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('wanxiang')
        .setSubject(user.id)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another'));
      for (const token of ['not-a-jwt', '', tokens.access, forged, `${tokens.refresh}x`]) {
        const res = await refresh(server, token);
        expect(res.statusCode, token.slice(0, 20)).toBe(401);
        expect(res.json()).toEqual(TOKEN_INVALID);
      }
      // The genuine token still works: failed attempts do not burn it.
      expect((await refresh(server, tokens.refresh)).statusCode).toBe(200);
    });

    it('a well-signed token that was never issued is refused', async () => {
      const server = await app();
      const { user, tokens } = await signUpAndIn(server);
      const unknown = await new SignJWT({ token_type: 'refresh', sid: decodeJwt(tokens.refresh).sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('wanxiang')
        .setSubject(user.id)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(TEST_SECRET));
      expect((await refresh(server, unknown)).statusCode).toBe(401);
    });

    it('expire after their lifetime', async () => {
      const server = await app({
        ACCESS_TOKEN_TTL: '1s',
        REFRESH_TOKEN_TTL: '2s',
        REFRESH_TOKEN_TTL_REMEMBER: '2s',
      });
      const { tokens } = await signUpAndIn(server);
      await new Promise((resolve) => setTimeout(resolve, 3100));
      const res = await refresh(server, tokens.refresh);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(TOKEN_INVALID);
    });

    it('validate the request body', async () => {
      const server = await app();
      const res = await server.inject({
        method: 'POST',
        url: '/api/auth/token/refresh/',
        ...json({ token: 'x' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { refresh: ['该字段是必填项。'] } });
    });
  });

  describe('logout', () => {
    it('revokes the session: its refresh and access tokens stop working, other sessions do not', async () => {
      const server = await app();
      const { tokens } = await signUpAndIn(server);
      const other = loginResponse.parse((await login(server, 'user@example.com')).json());
      const res = await logout(server, tokens.refresh);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: '已退出登录。' });
      expect((await refresh(server, tokens.refresh)).json()).toEqual(TOKEN_INVALID);
      expect((await me(server, tokens.access)).json()).toEqual(TOKEN_INVALID);
      expect((await me(server, other.access)).statusCode).toBe(200);
      // Logging out twice is harmless.
      expect((await logout(server, tokens.refresh)).statusCode).toBe(200);
    });

    it('accepts a rotated-out token of the session and still ends it', async () => {
      const server = await app();
      const { tokens } = await signUpAndIn(server);
      const rotated = (await refresh(server, tokens.refresh)).json();
      expect((await logout(server, tokens.refresh)).statusCode).toBe(200);
      expect((await refresh(server, rotated.refresh)).statusCode).toBe(401);
    });

    it('refuses tokens it did not issue and malformed bodies', async () => {
      const server = await app();
      expect((await logout(server, 'garbage')).json()).toEqual(TOKEN_INVALID);
      const res = await server.inject({ method: 'POST', url: '/api/auth/logout/', ...json({ refresh: 5 }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { refresh: ['该字段应为字符串。'] } });
    });
  });

  describe('the current user and access tokens', () => {
    it('needs credentials', async () => {
      const server = await app();
      const res = await server.inject({ method: 'GET', url: '/api/auth/users/me/' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: '身份认证信息未提供。', code: 'not_authenticated' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    });

    it('refuses malformed, forged, unsigned, expired and wrong-type tokens with token_not_valid', async () => {
      const server = await app();
      const { user, tokens } = await signUpAndIn(server);
      const claims = decodeJwt(tokens.access);
      const forged = await new SignJWT({ token_type: 'access', sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('wanxiang')
        .setSubject(user.id)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('an-attacker-secret-an-attacker-secret'));
      const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
      const [header, , signature] = tokens.access.split('.');
      const tampered = `${header}.${b64url({ ...claims, sub: randomUUID() })}.${signature}`;
      for (const authorization of [
        `Bearer ${forged}`,
        `Bearer ${unsigned}`,
        `Bearer ${tampered}`,
        `Bearer ${tokens.refresh}`,
        'Bearer',
        'Bearer undefined',
        `Token ${tokens.access}`,
      ]) {
        const res = await server.inject({
          method: 'GET',
          url: '/api/auth/users/me/',
          headers: { authorization },
        });
        expect(res.statusCode, authorization.slice(0, 30)).toBe(401);
        expect(res.json()).toEqual(TOKEN_INVALID);
        expect(res.headers['www-authenticate']).toContain('invalid_token');
      }
    });

    it('refuses an expired access token', async () => {
      const server = await app({ ACCESS_TOKEN_TTL: '1s', REFRESH_TOKEN_TTL: '1h' });
      const { tokens } = await signUpAndIn(server);
      // The clock is moved rather than waited on: a 1 s token's expiry is a whole second, so one issued late
      // in a second lives for a few milliseconds, too short for the next request on a busy machine.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 2100);
        expect((await me(server, tokens.access)).json()).toEqual(TOKEN_INVALID);
        // …and the refresh token gets a new one, valid at the same instant.
        const pair = (await refresh(server, tokens.refresh)).json();
        expect((await me(server, pair.access)).statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it('refuses an access token once it expires, though it was accepted before', async () => {
      const server = await app({ ACCESS_TOKEN_TTL: '5m', REFRESH_TOKEN_TTL: '1h' });
      const { tokens } = await signUpAndIn(server);
      // Accepted (and so remembered as verified) first.
      expect((await me(server, tokens.access)).statusCode).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
        expect((await me(server, tokens.access)).json()).toEqual(TOKEN_INVALID);
      } finally {
        vi.useRealTimers();
      }
    });

    it('lets no user read another user’s data', async () => {
      const server = await app();
      const alice = await signUpAndIn(server, 'alice@example.com');
      const bob = await signUpAndIn(server, 'bob@example.com');
      expect((await me(server, alice.tokens.access)).json()).toMatchObject({
        id: alice.user.id,
        email: 'alice@example.com',
      });
      expect((await me(server, bob.tokens.access)).json()).toMatchObject({
        id: bob.user.id,
        email: 'bob@example.com',
      });
      // Even a correctly signed token cannot pair Bob's id with Alice's session.
      const mixed = await new SignJWT({ token_type: 'access', sid: decodeJwt(alice.tokens.access).sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('wanxiang')
        .setSubject(bob.user.id)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(TEST_SECRET));
      expect((await me(server, mixed)).json()).toEqual(TOKEN_INVALID);
      // Nor can Bob end Alice's session with his own token.
      await logout(server, bob.tokens.refresh);
      expect((await me(server, alice.tokens.access)).statusCode).toBe(200);
    });

    it('stops accepting tokens of a deleted or deactivated user', async () => {
      const server = await app();
      const { user, tokens } = await signUpAndIn(server);
      await db().database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      expect((await me(server, tokens.access)).json()).toEqual(TOKEN_INVALID);
      expect((await refresh(server, tokens.refresh)).statusCode).toBe(401);
      await db().database.db.delete(users).where(eq(users.id, user.id));
      expect((await me(server, tokens.access)).json()).toEqual(TOKEN_INVALID);
    });

    it('asks for an early refresh when little life is left', async () => {
      const fresh = await app({ ACCESS_TOKEN_TTL: '5m', TOKEN_REFRESH_THRESHOLD: '60s' });
      const { tokens } = await signUpAndIn(fresh, 'fresh@example.com');
      expect((await me(fresh, tokens.access)).headers['x-token-refresh-required']).toBeUndefined();
      const ageing = await app({ ACCESS_TOKEN_TTL: '5m', TOKEN_REFRESH_THRESHOLD: '6m' });
      const res = await me(ageing, tokens.access);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-token-refresh-required']).toBe('true');
    });

    it('asks for an early refresh for tokens issued before tokens_valid_after', async () => {
      const server = await app();
      const { user, tokens } = await signUpAndIn(server);
      await db()
        .database.db.update(users)
        .set({ tokensValidAfter: new Date(Date.now() + 2000) })
        .where(eq(users.id, user.id));
      const res = await me(server, tokens.access);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-token-refresh-required']).toBe('true');
    });
  });

  it('works the same over a real socket, with JSON bodies and CORS-free same-origin headers', async () => {
    const server = await app();
    const base = await listen(server);
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/api/auth/register/', { email: 'net@example.com', password: PASSWORD })).status).toBe(
      201,
    );
    const tokens = loginResponse.parse(
      await (await post('/api/auth/login/', { email: 'net@example.com', password: PASSWORD })).json(),
    );
    const res = await fetch(`${base}/api/auth/users/me/`, {
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(currentUser.parse(await res.json()).email).toBe('net@example.com');
  });
});

describe('access tokens', () => {
  it('checks the signature of a token once, however many requests bring it at the same moment', async () => {
    const { TokenService } = await import('../src/modules/auth/tokens');
    const tokens = new TokenService(new TextEncoder().encode(TEST_SECRET), 300);
    const { token } = await tokens.signAccess(randomUUID(), randomUUID());
    const checks = vi.spyOn(crypto.subtle, 'verify');
    try {
      const claims = await Promise.all(Array.from({ length: 50 }, () => tokens.verify(token, 'access')));
      expect(new Set(claims.map((c) => c?.jti)).size).toBe(1);
      expect(claims[0]).not.toBeNull();
      expect(checks).toHaveBeenCalledTimes(1);
      // A forged token is still refused, and another genuine one is checked on its own.
      const forged = `${token.slice(0, -4)}AAAA`;
      expect(await tokens.verify(forged, 'access')).toBeNull();
      expect(await tokens.verify(token, 'refresh')).toBeNull();
    } finally {
      checks.mockRestore();
    }
  });
});
