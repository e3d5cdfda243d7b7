import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loginFailures } from '../src/db/schema';
import { LoginThrottle } from '../src/modules/auth/throttle';
import { databaseKinds, json, listen, useApps, useTestDatabase } from './helpers';

const PASSWORD = 'correct horse battery';

const login = (app: FastifyInstance, email: string, password: string, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/auth/login/', remoteAddress, ...json({ email, password }) });

const register = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/register/', ...json({ email, password: PASSWORD }) });

describe.each(databaseKinds)('login throttling on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);
  const strict = {
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_MAX_FAILURES_PER_IP: '100',
    LOGIN_FAILURE_WINDOW: '15m',
  };

  it('locks an account after repeated failures, even for the right password, with a Chinese 429', async () => {
    const server = await app(strict);
    await register(server, 'victim@example.com');
    for (let i = 0; i < 3; i += 1)
      expect((await login(server, 'victim@example.com', `guess-number-${i}`)).statusCode).toBe(401);
    const locked = await login(server, 'victim@example.com', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: '登录尝试次数过多，请在 15 分钟后重试。', code: 'throttled' });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Refused attempts are not recorded, so the lock ends when the window does.
    const [{ n }] = (await db()
      .database.db.select({ n: sql<number>`count(*)::int` })
      .from(loginFailures)) as [{ n: number }];
    expect(n).toBe(3);
  });

  it('holds across a restart and across instances (it lives in the database)', async () => {
    const first = await app(strict);
    await register(first, 'victim@example.com');
    for (let i = 0; i < 3; i += 1) await login(first, 'victim@example.com', `wrong-${i}`);
    const second = await app(strict);
    expect((await login(second, 'victim@example.com', PASSWORD, '198.51.100.9')).statusCode).toBe(429);
  });

  it('treats unknown accounts exactly like known ones', async () => {
    const server = await app(strict);
    for (let i = 0; i < 3; i += 1)
      expect((await login(server, 'ghost@example.com', `wrong-${i}`)).statusCode).toBe(401);
    expect((await login(server, 'ghost@example.com', 'wrong')).statusCode).toBe(429);
  });

  it('does not lock other accounts', async () => {
    const server = await app(strict);
    await register(server, 'victim@example.com');
    await register(server, 'bystander@example.com');
    for (let i = 0; i < 4; i += 1) await login(server, 'victim@example.com', `wrong-${i}`);
    expect((await login(server, 'bystander@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const server = await app(strict);
    await register(server, 'forgetful@example.com');
    await login(server, 'forgetful@example.com', 'wrong-1');
    await login(server, 'forgetful@example.com', 'wrong-2');
    expect((await login(server, 'forgetful@example.com', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect((await login(server, 'forgetful@example.com', `again-${i}`)).statusCode).toBe(401);
    expect((await login(server, 'forgetful@example.com', PASSWORD)).statusCode).toBe(429);
  });

  it('limits failures per client address across accounts', async () => {
    const server = await app({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', LOGIN_MAX_FAILURES_PER_IP: '4' });
    await register(server, 'target@example.com');
    for (let i = 0; i < 4; i += 1)
      expect((await login(server, `spray${i}@example.com`, 'Password1')).statusCode).toBe(401);
    expect((await login(server, 'target@example.com', PASSWORD)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(server, 'target@example.com', PASSWORD, '192.0.2.44')).statusCode).toBe(200);
  });

  it('never lets parallel guesses slip past the limit', async () => {
    const server = await app(strict);
    await register(server, 'parallel@example.com');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(server, 'parallel@example.com', `parallel-guess-${i}`)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(7);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });

  it('frees the account when the window has passed', async () => {
    const server = await app({ ...strict, LOGIN_FAILURE_WINDOW: '2s' });
    await register(server, 'patient@example.com');
    for (let i = 0; i < 3; i += 1) await login(server, 'patient@example.com', `wrong-${i}`);
    const locked = await login(server, 'patient@example.com', PASSWORD);
    expect(locked.json().detail).toMatch(/^登录尝试次数过多，请在 [12] 秒后重试。$/);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect((await login(server, 'patient@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('sweeps failures that left the window', async () => {
    const throttle = new LoginThrottle(db().database.db, {
      maxFailuresPerAccount: 5,
      maxFailuresPerIp: 5,
      window: 60,
    });
    await db()
      .database.db.insert(loginFailures)
      .values([
        { account: 'old@example.com', ip: '192.0.2.1', createdAt: new Date(Date.now() - 3_600_000) },
        { account: 'new@example.com', ip: '192.0.2.1' },
      ]);
    expect(await throttle.sweep()).toBe(1);
    const left = await db()
      .database.db.select()
      .from(loginFailures)
      .where(eq(loginFailures.account, 'new@example.com'));
    expect(left).toHaveLength(1);
  });

  it('rate-limits the other auth endpoints per address in process, with a Chinese 429 over a real socket', async () => {
    const server = await app({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW: '1m' });
    const base = await listen(server);
    const post = (n: number) =>
      fetch(`${base}/api/auth/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `burst${n}@example.com`, password: PASSWORD }),
      });
    expect((await post(1)).status).toBe(201);
    expect((await post(2)).status).toBe(201);
    const limited = await post(3);
    expect(limited.status).toBe(429);
    // The window opened with the first request: a busy machine may have spent a second or two since.
    expect(await limited.json()).toEqual({
      detail: expect.stringMatching(/^请求过于频繁，请在 (5[5-9]|60) 秒后重试。$/),
      code: 'throttled',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
