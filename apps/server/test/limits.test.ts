/**
 * The operator's limits (issue 19): who may register and how many accounts an address makes a day, how
 * many requests a user makes a minute, how many answers a user streams at once, and that all of them hold
 * when several instances share one PostgreSQL.
 */
import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { streamSlots } from '../src/db/schema';
import { createInvites } from '../src/modules/auth/invites';
import { invitesCommand } from '../src/modules/auth/invites-cli';
import { ensureDefaultPlan } from '../src/modules/billing/plans';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { finalOf, ledgerState, PASSWORD, parseStream, rawTurn, sendTurn, signUp } from './chat-support';
import {
  createPostgresDatabase,
  databaseKinds,
  json,
  listen,
  tempDir,
  testConfig,
  useApps,
  useTestDatabase,
} from './helpers';

const register = (app: FastifyInstance, body: Record<string, unknown>, remoteAddress = '203.0.113.5') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    remoteAddress,
    ...json({ password: PASSWORD, ...body }),
  });

const policy = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/auth/registration-policy/' });

const turn = { model_id: OFFLINE_MODEL_ID, prompt: { text: '请讲一个很长的故事' } };

/** Leases not yet lapsed, over every user. */
async function liveSlots(database: Database): Promise<number> {
  const result = (await database.db.execute(sql`
    select count(*)::int as n from ${streamSlots} s, jsonb_each(s.leases) e
    where (e.value)::float8 > extract(epoch from now())`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

describe.each(databaseKinds)('operator limits on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('closed registration refuses everyone, in Chinese, and the policy says so', async () => {
    const server = await app({ REGISTRATION_MODE: 'closed' });
    expect((await policy(server)).json()).toEqual({
      mode: 'closed',
      signup_credits: 1000,
      terms_url: null,
      privacy_url: null,
      password_reset: false,
    });
    const refused = await register(server, { email: 'nobody@example.com' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: '本站目前不开放注册。如需账号，请联系管理员。',
      code: 'registration_closed',
    });
  });

  it('asks a new user to accept the terms the operator publishes, and only then', async () => {
    const server = await app({
      TERMS_URL: 'https://example.com/terms',
      PRIVACY_URL: 'https://example.com/privacy',
    });
    expect((await policy(server)).json()).toMatchObject({
      mode: 'open',
      terms_url: 'https://example.com/terms',
      privacy_url: 'https://example.com/privacy',
    });
    const unticked = await register(server, { email: 'terms@example.com' });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json()).toEqual({ errors: { accept_terms: ['请阅读并同意用户协议和隐私政策。'] } });
    expect((await register(server, { email: 'terms@example.com', accept_terms: true })).statusCode).toBe(201);
    // Without terms, nothing is asked.
    const plain = await app({});
    expect((await register(plain, { email: 'plain@example.com' })).statusCode).toBe(201);
  });

  it('invite-only registration needs a valid code, and each use of a code is counted', async () => {
    const server = await app({ REGISTRATION_MODE: 'invite' });
    expect((await policy(server)).json()).toMatchObject({ mode: 'invite' });
    const missing = await register(server, { email: 'a@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: { invite_code: ['请填写邀请码。'] } });
    const wrong = await register(server, { email: 'a@example.com', invite_code: 'ABCD-EFGH-JKMN' });
    expect(wrong.json()).toEqual({ errors: { invite_code: ['邀请码无效、已用完或已过期。'] } });
    const [code] = await createInvites(db().database.db, { count: 1, uses: 1, note: '测试' });
    // Typed in lower case without dashes, it is the same code.
    const typed = (code as string).toLowerCase().replaceAll('-', '');
    expect((await register(server, { email: 'a@example.com', invite_code: typed })).statusCode).toBe(201);
    const usedUp = await register(server, { email: 'b@example.com', invite_code: code });
    expect(usedUp.json()).toEqual({ errors: { invite_code: ['邀请码无效、已用完或已过期。'] } });
    const [expired] = await createInvites(db().database.db, { count: 1, uses: 5, expiresIn: 1 });
    await db().database.db.execute(sql`update invite_codes set expires_at = now() - interval '1 second'`);
    expect((await register(server, { email: 'c@example.com', invite_code: expired })).statusCode).toBe(400);
  });

  it('gives the operator a command to make, list and revoke codes', async () => {
    const server = await app({ REGISTRATION_MODE: 'invite' });
    const database = db().database.db;
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    expect(
      await invitesCommand(database, ['create', '--count', '2', '--uses', '3', '--note', '内测'], out),
    ).toBe(0);
    const codes = lines.splice(0);
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await invitesCommand(database, ['revoke', codes[0] as string], out)).toBe(0);
    expect(await invitesCommand(database, ['list'], out)).toBe(0);
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines.slice(1)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^#\d+\t可用\t已用 0\/3\t不过期\t内测$/),
        expect.stringMatching(/^#\d+\t已作废\t已用 0\/3\t不过期\t内测$/),
      ]),
    );
    const revoked = await register(server, { email: 'r@example.com', invite_code: codes[0] });
    expect(revoked.json()).toEqual({ errors: { invite_code: ['邀请码无效、已用完或已过期。'] } });
    expect((await register(server, { email: 'r@example.com', invite_code: codes[1] })).statusCode).toBe(201);
    expect(await invitesCommand(database, ['revoke', 'NOPE-NOPE-NOPE'], out)).toBe(1);
    expect(await invitesCommand(database, [], out)).toBe(2);
  });

  it('open registration needs no code; the grant is the operator’s and may be zero', async () => {
    const server = await app({ DEFAULT_PLAN_CREDITS: '0' });
    await db().reset(await testConfig({ DEFAULT_PLAN_CREDITS: '0' }));
    expect((await policy(server)).json()).toEqual({
      mode: 'open',
      signup_credits: 0,
      terms_url: null,
      privacy_url: null,
      password_reset: false,
    });
    const { auth } = await signUp(server, db().database.db);
    const me = await server.inject({ method: 'GET', url: '/api/auth/users/me/', headers: auth });
    expect(me.json().credits_balance).toBe(0);
  });

  it('caps the accounts one address makes a day, counting only accounts made', async () => {
    const server = await app({ REGISTRATIONS_PER_IP_PER_DAY: '2' });
    expect((await register(server, { email: 'one@example.com' })).statusCode).toBe(201);
    // A refused registration (the e-mail is taken) does not count.
    expect((await register(server, { email: 'one@example.com' })).statusCode).toBe(400);
    expect((await register(server, { email: 'two@example.com' })).statusCode).toBe(201);
    const capped = await register(server, { email: 'three@example.com' });
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({
      detail: '此网络今天注册的账号已达上限（2 个），请在 24 小时后再试。',
      code: 'throttled',
    });
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(86_000);
    expect((await register(server, { email: 'three@example.com' }, '198.51.100.77')).statusCode).toBe(201);
  });

  it('limits each signed-in user’s requests, not the others’', async () => {
    const server = await app({ USER_RATE_LIMIT_MAX: '3', USER_RATE_LIMIT_WINDOW: '1m' });
    const alice = await signUp(server, db().database.db);
    const bob = await signUp(server, db().database.db);
    const me = (headers: Record<string, string>) =>
      server.inject({ method: 'GET', url: '/api/auth/users/me/', headers });
    for (let i = 0; i < 3; i += 1) expect((await me(alice.auth)).statusCode).toBe(200);
    const limited = await me(alice.auth);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^请求过于频繁，请在 \d+ 秒后重试。$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(bob.auth)).statusCode).toBe(200);
  });

  it('caps a user’s simultaneous answers with a 429 naming the cap, and gives a slot back when its answer ends', async () => {
    const server = await app({ MAX_CONCURRENT_STREAMS: '1', OFFLINE_MODEL_CHUNK_DELAY: '300ms' });
    const base = await listen(server);
    const database = db().database;
    const { access, userId } = await signUp(server, database.db);
    const first = rawTurn(base, access, turn);
    await first.textFrames(1);
    const before = await ledgerState(database.db, userId);
    const refused = await sendTurn(base, access, turn);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      detail: '同时进行的回答最多 1 个，请等其中一个结束后再试。',
      code: 'too_many_streams',
    });
    // Refused before any credits were held.
    expect(await ledgerState(database.db, userId)).toEqual(before);
    first.abort();
    await first.ended;
    await expect.poll(() => liveSlots(database)).toBe(0);
    const fast = await app({ MAX_CONCURRENT_STREAMS: '1', OFFLINE_MODEL_CHUNK_DELAY: '0' });
    const next = await sendTurn(await listen(fast), access, turn);
    expect(finalOf(next.events).status).toBe('complete');
    expect(await liveSlots(database)).toBe(0);
  });

  it('does not count the lapsed slots of an instance that crashed', async () => {
    const server = await app({ MAX_CONCURRENT_STREAMS: '2', OFFLINE_MODEL_CHUNK_DELAY: '0' });
    const base = await listen(server);
    const { access, userId } = await signUp(server, db().database.db);
    const lapsed = Date.now() / 1000 - 1;
    await db()
      .database.db.insert(streamSlots)
      .values({ userId, leases: { 'crashed-1': lapsed, 'crashed-2': lapsed } });
    expect((await sendTurn(base, access, turn)).status).toBe(200);
    // A live lease of another instance does count.
    await db()
      .database.db.update(streamSlots)
      .set({ leases: { 'other-1': Date.now() / 1000 + 60, 'other-2': Date.now() / 1000 + 60 } });
    expect((await sendTurn(base, access, turn)).status).toBe(429);
  });

  it('cuts an upload that stops sending after REQUEST_TIMEOUT, keeps nothing of it, and lets a slow one through', async () => {
    const data = await tempDir('wx-stall-');
    try {
      const server = await app({
        REQUEST_TIMEOUT: '1s',
        DATA_DIR: data.dir,
        OFFLINE_MODEL_CHUNK_DELAY: '20ms',
      });
      const base = await listen(server);
      const { access } = await signUp(server, db().database.db);
      const boundary = 'wx-stalled-upload';
      const part = (headers: string, body: string) => `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`;
      const form = [
        part('Content-Disposition: form-data; name="data"', JSON.stringify(turn)),
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="笔记.txt"\r\n` +
          'Content-Type: text/plain\r\n\r\n第一行\n',
        '第二行\n\r\n',
        `--${boundary}--\r\n`,
      ];
      /** Sends the form's pieces, each `gapMs` after the last; `stopAfter` pieces, then nothing more. */
      const upload = (gapMs: number, stopAfter = form.length) =>
        new Promise<{ status?: number; body: string; ms: number }>((resolve) => {
          const started = Date.now();
          const req = httpRequest(`${base}/api/chat/turns/create-turn/`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${access}`,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': Buffer.byteLength(form.join('')),
            },
          });
          let body = '';
          req.on('response', (res) => {
            res.on('data', (chunk) => {
              body += chunk;
            });
            res.on('close', () => resolve({ status: res.statusCode, body, ms: Date.now() - started }));
          });
          req.on('error', () => resolve({ body, ms: Date.now() - started }));
          const send = (index: number) => {
            if (index >= stopAfter || req.destroyed) return;
            req.write(form[index]);
            setTimeout(() => send(index + 1), gapMs);
          };
          send(0);
        });

      const stalled = await upload(0, 2);
      expect(stalled.status).toBe(408);
      expect(JSON.parse(stalled.body)).toEqual({ detail: '请求超时，请重试。' });
      expect(stalled.ms).toBeGreaterThanOrEqual(900);
      expect(stalled.ms).toBeLessThan(5000);
      await expect.poll(() => readdir(path.join(data.dir, 'files', '.incoming'))).toEqual([]);

      // Pieces 600 ms apart keep it going; then the answer streams for longer than the timeout, uncut.
      const slow = await upload(600);
      expect(slow.status).toBe(200);
      expect(finalOf(parseStream(slow.body)).status).toBe('complete');
      expect(slow.ms).toBeGreaterThan(2000);
    } finally {
      await data.remove();
    }
  }, 30_000);

  it('sets timeouts on receiving a request that a long answer stream does not meet', async () => {
    const server = await app({ REQUEST_TIMEOUT: '2s', IDLE_TIMEOUT: '30s', KEEP_ALIVE_TIMEOUT: '5s' });
    expect(server.server.requestTimeout).toBe(2000);
    expect(server.server.keepAliveTimeout).toBe(5000);
    expect(server.server.timeout).toBe(30_000);
    // An answer streaming for longer than the request timeout completes.
    const slow = await app({ REQUEST_TIMEOUT: '1s', OFFLINE_MODEL_CHUNK_DELAY: '20ms' });
    const { access } = await signUp(slow, db().database.db);
    const started = Date.now();
    const answer = await sendTurn(await listen(slow), access, turn);
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(finalOf(answer.events).status).toBe('complete');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    for (let i = 0; i < 2; i += 1)
      databases.push(await openDatabase({ kind: 'postgres', url: created.url, poolMax: 4 }));
    await databases[0]?.migrate();
    await ensureDefaultPlan((databases[0] as Database).db, (await testConfig()).defaultPlan);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close()));
    await drop?.();
  });

  /** Instance A and instance B, each with its own pool, as two processes would have. */
  async function pair(env: Record<string, string>, envOfA: Record<string, string>) {
    const built: { app: FastifyInstance; base: string }[] = [];
    for (const [i, database] of databases.entries()) {
      const app = await buildApp(await testConfig({ ...env, ...(i === 0 ? envOfA : {}) }), { database });
      apps.push(app);
      built.push({ app, base: await listen(app) });
    }
    return built as [{ app: FastifyInstance; base: string }, { app: FastifyInstance; base: string }];
  }

  it('signs in on one, chats on the other, refreshes on the first; limits are counted once across both', async () => {
    // A answers slowly (a stream to hold open), B at once.
    const [a, b] = await pair(
      {
        OFFLINE_MODEL_CHUNK_DELAY: '0',
        MAX_CONCURRENT_STREAMS: '1',
        USER_RATE_LIMIT_MAX: '9',
        REGISTRATIONS_PER_IP_PER_DAY: '2',
      },
      { OFFLINE_MODEL_CHUNK_DELAY: '300ms' },
    );
    expect((await register(a.app, { email: 'first@example.com' })).statusCode).toBe(201);
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      ...json({ email: 'first@example.com', password: PASSWORD }),
    });
    const tokens = login.json() as { access: string; refresh: string };

    // A stream on A holds the user's one slot: a turn on B is refused.
    const streaming = rawTurn(a.base, tokens.access, turn);
    await streaming.textFrames(1);
    const refused = await sendTurn(b.base, tokens.access, turn);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('too_many_streams');
    streaming.abort();
    await streaming.ended;
    await expect.poll(() => liveSlots(databases[0] as Database)).toBe(0);
    // Signed in on A, the user chats on B.
    const chat = await sendTurn(b.base, tokens.access, turn);
    expect(finalOf(chat.events).status).toBe('complete');

    // The refresh token issued by A is exchanged on A after the chat on B.
    const refreshed = await a.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      ...json({ refresh: tokens.refresh }),
    });
    expect(refreshed.statusCode).toBe(200);

    // Requests alternate between A and B; the user's limit of 9 counts them all (the three turns were 3).
    const headers = { authorization: `Bearer ${(refreshed.json() as { access: string }).access}` };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const target = i % 2 === 0 ? a.app : b.app;
      statuses.push((await target.inject({ method: 'GET', url: '/api/auth/users/me/', headers })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);

    // Registrations from one address: the first came through A; one more on B, then A refuses.
    expect((await register(b.app, { email: 'second@example.com' })).statusCode).toBe(201);
    expect((await register(a.app, { email: 'third@example.com' })).statusCode).toBe(429);
  });
});
