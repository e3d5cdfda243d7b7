import { checkAnswer, parseLoginChallenge, solveLoginChallenge } from '@wanxiang/api-client/auth';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { knownDevices, rateCounters } from '../src/db/schema';
import { LoginChallenges } from '../src/modules/auth/challenge';
import { LoginThrottle } from '../src/modules/auth/throttle';
import { sweepCounters } from '../src/modules/limits/counters';
import { databaseKinds, json, listen, testConfig, useApps, useTestDatabase } from './helpers';

const PASSWORD = 'correct horse battery';
const OWNER_DEVICE = 'owner-laptop-6f1c2a9e-4b7d-4d3e-9a51-0c8e2f7b1d44';

const login = (
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress = '203.0.113.7',
  deviceId?: string,
  challenge?: { token: string; answer: string },
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    remoteAddress,
    ...json({ email, password, ...(challenge ? { challenge } : {}) }),
    headers: { 'content-type': 'application/json', ...(deviceId ? { 'x-device-id': deviceId } : {}) },
  });

/** The challenge a 403 asks to be solved (failing the test when the answer carries none). */
function challengeOf(response: LightMyRequestResponse) {
  const challenge = parseLoginChallenge(response.json().challenge);
  if (!challenge) throw new Error(`no challenge in ${response.statusCode} ${response.body}`);
  return challenge;
}

/** The work a challenge asks for, in bits: log2 of the hashes it takes on average. */
const workOf = (challenge: { bits: number; parts: number }) => challenge.bits + Math.log2(challenge.parts);

/**
 * Signs in as the web client does: a 403 challenge is solved (with the client's own solver) and the sign-in
 * sent again, up to three times. Every answer is kept, so a test can say that none was a wait.
 */
async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress: string,
  deviceId?: string,
) {
  const answers: LightMyRequestResponse[] = [await login(app, email, password, remoteAddress, deviceId)];
  for (let solved = 0; answers.at(-1)?.statusCode === 403 && solved < 3; solved += 1) {
    const challenge = challengeOf(answers.at(-1) as LightMyRequestResponse);
    const answer = await solveLoginChallenge(challenge);
    answers.push(
      await login(app, email, password, remoteAddress, deviceId, { token: challenge.token, answer }),
    );
  }
  return { last: answers.at(-1) as LightMyRequestResponse, answers };
}

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
    const server = await app({ ...strict, LOGIN_ACCOUNT_FREE_FAILURES: '5', LOGIN_CHALLENGE_BITS: '8' });
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
    // From a fresh address, or with a made-up device id, the account asks for a proof of work.
    const fresh = await login(server, 'owner@example.com', 'yet-another', '192.0.2.3', 'made-up-device-0001');
    expect(fresh.statusCode).toBe(403);
    expect(fresh.json().code).toBe('challenge_required');
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

  it('never walls the owner out of a new device while a guesser rotates addresses, one guess a minute', async () => {
    // The attack of the report: about one wrong password a minute, each from another address. Before, the
    // account's own wait (24 s, 60 s, 60 s…) kept the owner out of a new device for as long as it went on.
    const server = await app({
      ...strict,
      LOGIN_ACCOUNT_FREE_FAILURES: '5',
      LOGIN_CHALLENGE_BITS: '10',
      LOGIN_CHALLENGE_BITS_MAX: '13',
    });
    await register(server, 'besieged@example.com');
    let guesses = 0;
    /** One guess, from an address of its own, a minute after the last: solving any challenge it is asked. */
    const guess = async () => {
      guesses += 1;
      await timePasses(60);
      const { last, answers } = await signIn(
        server,
        'besieged@example.com',
        `guess-${guesses}`,
        `192.0.2.${guesses}`,
      );
      expect(last.statusCode).toBe(401);
      return answers;
    };
    const ownerTries: LightMyRequestResponse[][] = [];
    let failures = 0;
    const guesserAsked: [string, string][] = [];
    for (let minute = 1; minute <= 30; minute += 1) {
      const answers = await guess();
      failures += 1;
      guesserAsked.push([answers[0]?.json().code, failures > 5 ? 'challenge_required' : 'no_active_account']);
      // Each owner's sign-in cleared the account's failures; the ten since minute 19 ask for more work than
      // the first challenge's 10 bits: one more bit each time the failures past five double.
      if (minute === 29)
        expect(workOf(challengeOf(await login(server, 'besieged@example.com', 'x', '192.0.2.250')))).toBe(12);
      // Now and then the owner, on a phone never used before, from an address of their own, signs in.
      if (minute === 8 || minute === 19 || minute === 30) {
        const owner = await signIn(
          server,
          'besieged@example.com',
          PASSWORD,
          `198.51.100.${minute}`,
          `new-phone-${minute}-6f1c2a9e-4b7d-4d3e-9a51`,
        );
        ownerTries.push(owner.answers);
        failures = 0;
        // In at once, the challenge solved: never a wait, never a wall.
        expect(owner.last.statusCode).toBe(200);
        expect(owner.answers.map((r) => r.statusCode)).toEqual([403, 200]);
        expect(owner.answers.every((r) => r.headers['retry-after'] === undefined)).toBe(true);
      }
    }
    expect(ownerTries).toHaveLength(3);
    // Past five failures every guess had to carry a solved challenge, which cost the guesser one.
    expect(guesserAsked.map(([asked]) => asked)).toEqual(guesserAsked.map(([, expected]) => expected));
  });

  it('asks for more work as the failures grow, up to a ceiling a phone solves in seconds', async () => {
    const config = await testConfig({
      LOGIN_ACCOUNT_FREE_FAILURES: '20',
      LOGIN_CHALLENGE_BITS: '16',
      LOGIN_CHALLENGE_BITS_MAX: '18',
    });
    const throttle = new LoginThrottle(db().database.db, config.loginThrottle);
    expect([20, 21, 23, 27, 35, 100, 100_000].map((failures) => throttle.challengeBits(failures))).toEqual([
      16, 17, 18, 18, 18, 18, 18,
    ]);
  });

  it('refuses a missing, wrong, forged, expired, reused or outdated challenge, each in its own words with a new one', async () => {
    const env = {
      ...strict,
      LOGIN_ACCOUNT_FREE_FAILURES: '1',
      LOGIN_CHALLENGE_BITS: '8',
      LOGIN_CHALLENGE_BITS_MAX: '12',
    };
    const server = await app(env);
    await register(server, 'checked@example.com');
    await register(server, 'other@example.com');
    expect((await login(server, 'checked@example.com', 'wrong-1', '192.0.2.1')).statusCode).toBe(401);
    expect((await login(server, 'other@example.com', 'wrong-1', '192.0.2.1')).statusCode).toBe(401);
    const from = '192.0.2.2';
    const refusal = (response: LightMyRequestResponse) => ({
      status: response.statusCode,
      code: response.json().code,
      detail: response.json().detail,
      fresh: Boolean(parseLoginChallenge(response.json().challenge)),
    });

    const missing = await login(server, 'checked@example.com', PASSWORD, from);
    expect(refusal(missing)).toEqual({
      status: 403,
      code: 'challenge_required',
      detail: '该账号近期登录失败较多，需要先完成安全验证。',
      fresh: true,
    });
    const challenge = challengeOf(missing);
    expect(workOf(challenge)).toBe(8);

    // An answer with one counter that does not pass.
    const good = (await solveLoginChallenge(challenge)).split(',');
    let wrong = 0;
    while (checkAnswer(challenge, wrong)) wrong += 1;
    const badAnswer = await login(server, 'checked@example.com', PASSWORD, from, undefined, {
      token: challenge.token,
      answer: [wrong, ...good.slice(1)].join(','),
    });
    expect(refusal(badAnswer)).toEqual({
      status: 403,
      code: 'challenge_invalid',
      detail: '安全验证的答案不正确，请重新验证。',
      fresh: true,
    });

    // Made easier by hand (the signature no longer holds), or signed for another account.
    const answer = good.join(',');
    const [salt, , parts, expires, signature] = challenge.token.split('.');
    const easier = await login(server, 'checked@example.com', PASSWORD, from, undefined, {
      token: `${salt}.0.${parts}.${expires}.${signature}`,
      answer: '0,1,2,3,4,5,6,7',
    });
    const otherChallenge = challengeOf(await login(server, 'other@example.com', PASSWORD, from));
    const borrowed = await login(server, 'checked@example.com', PASSWORD, from, undefined, {
      token: otherChallenge.token,
      answer: await solveLoginChallenge(otherChallenge),
    });
    for (const forged of [easier, borrowed])
      expect(refusal(forged)).toEqual({
        status: 403,
        code: 'challenge_invalid',
        detail: '安全验证无效（不是本服务器为该账号签发的），请重新验证。',
        fresh: true,
      });

    // Genuine but expired: issued with the server's key an hour ago.
    const old = new LoginChallenges((await testConfig(env)).loginThrottle.challengeKey, 300).issue(
      'checked@example.com',
      8,
      Date.now() - 3_600_000,
    );
    const oldChallenge = parseLoginChallenge(old);
    if (!oldChallenge) throw new Error('unparsable challenge');
    const expired = await login(server, 'checked@example.com', PASSWORD, from, undefined, {
      token: old,
      answer: await solveLoginChallenge(oldChallenge),
    });
    expect(refusal(expired)).toEqual({
      status: 403,
      code: 'challenge_invalid',
      detail: '安全验证已过期，请重新验证。',
      fresh: true,
    });

    // A solved challenge buys one attempt: here a wrong password, which counts as a failure.
    const solved = { token: challenge.token, answer };
    expect((await login(server, 'checked@example.com', 'wrong-2', from, undefined, solved)).statusCode).toBe(
      401,
    );
    // Spent, on this instance and on another sharing the database.
    const second = await app(env);
    for (const instance of [server, second])
      expect(
        refusal(await login(instance, 'checked@example.com', PASSWORD, from, undefined, solved)),
      ).toEqual({
        status: 403,
        code: 'challenge_invalid',
        detail: '该安全验证已经用过，请重新验证。',
        fresh: true,
      });

    // More failures raise the bar: a challenge issued at the old one no longer does.
    const cheap = challengeOf(await login(server, 'checked@example.com', PASSWORD, from));
    const cheapAnswer = await solveLoginChallenge(cheap);
    for (let i = 3; i <= 5; i += 1) {
      const { last } = await signIn(server, 'checked@example.com', `wrong-${i}`, `192.0.2.${10 + i}`);
      expect(last.statusCode).toBe(401);
    }
    const outdated = await login(server, 'checked@example.com', PASSWORD, from, undefined, {
      token: cheap.token,
      answer: cheapAnswer,
    });
    expect(refusal(outdated)).toEqual({
      status: 403,
      code: 'challenge_required',
      detail: '该账号登录失败增多，安全验证的难度已提高，请重新验证。',
      fresh: true,
    });
    expect(workOf(challengeOf(outdated))).toBe(10);

    // None of these refusals counted as a failure, and the solved challenge they carry lets the owner in.
    const { last, answers } = await signIn(server, 'checked@example.com', PASSWORD, from);
    expect(answers.map((r) => r.statusCode)).toEqual([403, 200]);
    expect(last.json().access).toEqual(expect.any(String));
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
