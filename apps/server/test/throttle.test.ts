import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { knownDevices, rateCounters } from '../src/db/schema';
import { LoginThrottle } from '../src/modules/auth/throttle';
import { sweepCounters } from '../src/modules/limits/counters';
import { databaseKinds, json, listen, useApps, useTestDatabase } from './helpers';

const PASSWORD = 'correct horse battery';
const OWNER_DEVICE = 'owner-laptop-6f1c2a9e-4b7d-4d3e-9a51-0c8e2f7b1d44';

const login = (
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress = '203.0.113.7',
  deviceId?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    remoteAddress,
    ...json({ email, password }),
    headers: { 'content-type': 'application/json', ...(deviceId ? { 'x-device-id': deviceId } : {}) },
  });

const register = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/register/', ...json({ email, password: PASSWORD }) });

describe.each(databaseKinds)('login throttling on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);
  const strict = {
    LOGIN_FREE_FAILURES: '3',
    LOGIN_BACKOFF: '1m',
    LOGIN_BACKOFF_MAX: '15m',
    LOGIN_ACCOUNT_FREE_FAILURES: '100',
    LOGIN_MAX_FAILURES_PER_IP: '100',
    LOGIN_FAILURE_WINDOW: '15m',
  };
  /** Moves every sign-in counter's clock back, as if that much time had passed. */
  const timePasses = (seconds: number) =>
    db().database.db.execute(
      sql`update ${rateCounters} set last_at = last_at - make_interval(secs => ${seconds}),
          prev_at = prev_at - make_interval(secs => ${seconds})`,
    );

  it('slows a guesser from one address with waits that double, answered in Chinese with Retry-After', async () => {
    const server = await app(strict);
    await register(server, 'victim@example.com');
    for (let i = 0; i < 3; i += 1)
      expect((await login(server, 'victim@example.com', `guess-number-${i}`)).statusCode).toBe(401);
    const slowed = await login(server, 'victim@example.com', PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ detail: '登录尝试次数过多，请在 60 秒后重试。', code: 'throttled' });
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Refused attempts are not counted: waiting as told is enough.
    await timePasses(61);
    expect((await login(server, 'victim@example.com', 'guess-number-3')).statusCode).toBe(401);
    const longer = await login(server, 'victim@example.com', PASSWORD);
    expect(longer.statusCode).toBe(429);
    expect(longer.json().detail).toBe('登录尝试次数过多，请在 2 分钟后重试。');
    await timePasses(121);
    expect((await login(server, 'victim@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('lets the owner in on a known device while a guesser from elsewhere is slowed', async () => {
    const server = await app({ ...strict, LOGIN_ACCOUNT_FREE_FAILURES: '5', LOGIN_ACCOUNT_DELAY_MAX: '1m' });
    await register(server, 'owner@example.com');
    // The owner signed in on this device before: it is now known for the account.
    expect(
      (await login(server, 'owner@example.com', PASSWORD, '198.51.100.20', OWNER_DEVICE)).statusCode,
    ).toBe(200);
    // A guesser spreads five failures over two addresses: the first address is slowed, and so is the account.
    for (const [address, times] of [
      ['192.0.2.1', 3],
      ['192.0.2.2', 2],
    ] as const)
      for (let i = 0; i < times; i += 1)
        expect((await login(server, 'owner@example.com', `spread-${i}`, address)).statusCode).toBe(401);
    const guesser = await login(server, 'owner@example.com', 'another-guess', '192.0.2.1');
    expect(guesser.statusCode).toBe(429);
    expect(guesser.json().detail).toMatch(/^登录尝试次数过多，请在 \d+ 秒后重试。$/);
    // From a fresh address, or with a made-up device id, the account-wide slow-down applies.
    const fresh = await login(server, 'owner@example.com', 'yet-another', '192.0.2.3', 'made-up-device-0001');
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, on the known device, gets in: from home, and even from the guesser's own address.
    expect(
      (await login(server, 'owner@example.com', PASSWORD, '198.51.100.20', OWNER_DEVICE)).statusCode,
    ).toBe(200);
    expect((await login(server, 'owner@example.com', PASSWORD, '192.0.2.1', OWNER_DEVICE)).statusCode).toBe(
      200,
    );
    // The owner's success cleared the account's counters; the guesser's address still has its failures.
    const [address] = await db()
      .database.db.select({ hits: rateCounters.hits })
      .from(rateCounters)
      .where(sql`${rateCounters.key} = 'login-ip:192.0.2.1'`);
    expect(address?.hits).toBe(3);
    const known = await db().database.db.select().from(knownDevices);
    expect(known).toHaveLength(1);
    expect(known[0]?.deviceHash).not.toContain(OWNER_DEVICE);
  });

  it('slows rather than locks the account across addresses: one attempt per growing delay', async () => {
    const server = await app({ ...strict, LOGIN_ACCOUNT_FREE_FAILURES: '2', LOGIN_ACCOUNT_DELAY_MAX: '1m' });
    await register(server, 'sprayed@example.com');
    expect((await login(server, 'sprayed@example.com', 'a', '192.0.2.11')).statusCode).toBe(401);
    expect((await login(server, 'sprayed@example.com', 'b', '192.0.2.12')).statusCode).toBe(401);
    const slowed = await login(server, 'sprayed@example.com', PASSWORD, '192.0.2.13');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBe(1);
    await timePasses(2);
    expect((await login(server, 'sprayed@example.com', PASSWORD, '192.0.2.13')).statusCode).toBe(200);
  });

  it('holds across a restart and across instances (it lives in the database)', async () => {
    const first = await app(strict);
    await register(first, 'victim@example.com');
    for (let i = 0; i < 3; i += 1) await login(first, 'victim@example.com', `wrong-${i}`);
    const second = await app(strict);
    expect((await login(second, 'victim@example.com', PASSWORD)).statusCode).toBe(429);
  });

  it('treats unknown accounts exactly like known ones', async () => {
    const server = await app(strict);
    for (let i = 0; i < 3; i += 1)
      expect((await login(server, 'ghost@example.com', `wrong-${i}`)).statusCode).toBe(401);
    expect((await login(server, 'ghost@example.com', 'wrong')).statusCode).toBe(429);
  });

  it('does not slow other accounts', async () => {
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
    const server = await app({ ...strict, LOGIN_FREE_FAILURES: '100', LOGIN_MAX_FAILURES_PER_IP: '4' });
    await register(server, 'target@example.com');
    for (let i = 0; i < 4; i += 1)
      expect((await login(server, `spray${i}@example.com`, 'Password1')).statusCode).toBe(401);
    const refused = await login(server, 'target@example.com', PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
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

  it('sweeps counters whose window has ended, and devices unused for the session lifetime', async () => {
    const database = db().database.db;
    await database.insert(rateCounters).values([
      { key: 'login-ip:192.0.2.1', hits: 3, expiresAt: new Date(Date.now() - 1000) },
      { key: 'login-ip:192.0.2.2', hits: 3, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    expect(await sweepCounters(database)).toBe(1);
    expect((await database.select().from(rateCounters)).map((row) => row.key)).toEqual([
      'login-ip:192.0.2.2',
    ]);
    await database.insert(knownDevices).values([
      { account: 'a@example.com', deviceHash: 'old', lastSeenAt: new Date(Date.now() - 100 * 86_400_000) },
      { account: 'a@example.com', deviceHash: 'new' },
    ]);
    const throttle = new LoginThrottle(
      database,
      (await import('./helpers').then((h) => h.testConfig())).loginThrottle,
    );
    expect(await throttle.sweep(90 * 86_400)).toBe(1);
  });

  it('rate-limits the other auth endpoints per address in the database, across instances, with a Chinese 429 over a real socket', async () => {
    const first = await app({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW: '1m' });
    const second = await app({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW: '1m' });
    const bases = [await listen(first), await listen(second)];
    const post = (n: number) =>
      fetch(`${bases[n % 2]}/api/auth/register/`, {
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
