import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema';
import { loggerOptions } from '../src/logger';
import { hashToken } from '../src/modules/auth/tokens';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { FAULT_MARKER, faults } from './faults';
import { databaseKinds, json, testConfig, useTestDatabase } from './helpers';

describe.each(databaseKinds)('logs on %s', (kind) => {
  const db = useTestDatabase(kind);

  it('are structured JSON with request ids and never contain passwords or tokens', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = await testConfig({ LOG_LEVEL: 'trace', REFRESH_REUSE_GRACE: '0' });
    const logger = pino(loggerOptions(config), sink);
    const app = await buildApp(config, { database: db().database, logger });
    try {
      const password = 'a very secret passphrase';
      await app.inject({
        method: 'POST',
        url: '/api/auth/register/',
        ...json({ email: 'log@example.com', password }),
      });
      const tokens = (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          ...json({ email: 'log@example.com', password }),
        })
      ).json();
      await app.inject({
        method: 'GET',
        url: '/api/auth/users/me/',
        headers: { authorization: `Bearer ${tokens.access}` },
      });
      const rotated = (
        await app.inject({
          method: 'POST',
          url: '/api/auth/token/refresh/',
          ...json({ refresh: tokens.refresh }),
        })
      ).json();
      // Reuse is logged as a warning, with who and which session, but not the token.
      await app.inject({
        method: 'POST',
        url: '/api/auth/token/refresh/',
        ...json({ refresh: tokens.refresh }),
      });
      await app.inject({ method: 'POST', url: '/api/auth/logout/', ...json({ refresh: rotated.refresh }) });

      expect(lines.length).toBeGreaterThan(5);
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries.some((e) => typeof e.reqId === 'string')).toBe(true);
      const reuse = entries.find((e) => String(e.msg).includes('reuse'));
      expect(reuse).toMatchObject({ level: 40, userId: expect.any(String), sessionId: expect.any(String) });
      const everything = lines.join('\n');
      for (const secret of [password, tokens.access, tokens.refresh, rotated.access, rotated.refresh]) {
        expect(everything).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });

  it('never carry the values of a statement that failed: no password, hash, token or prompt', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = await testConfig({ LOG_LEVEL: 'info', OFFLINE_MODEL_CHUNK_DELAY: '0' });
    const logger = pino(loggerOptions(config), sink);
    const app = await buildApp(config, { database: db().database, logger });
    await app.ready();
    const secrets: string[] = [FAULT_MARKER];
    // Each request again with a failure at each of its statements, until one runs with none failing.
    const withEveryFault = async (send: () => Promise<{ statusCode: number; body: string }>) => {
      for (let at = 0; ; at += 1) {
        faults.arm({ skip: at });
        const answer = await send();
        const fired = faults.fired;
        faults.disarm();
        if (fired === 0) return answer;
      }
    };
    try {
      const password = 'a very secret passphrase';
      const email = 'faults@example.com';
      const register = () =>
        app.inject({ method: 'POST', url: '/api/auth/register/', ...json({ email, password }) });
      expect((await withEveryFault(register)).statusCode).toBe(201);
      const login = () =>
        app.inject({ method: 'POST', url: '/api/auth/login/', ...json({ email, password }) });
      const tokens = (await withEveryFault(login)).body;
      const { access, refresh } = JSON.parse(tokens) as { access: string; refresh: string };
      const refreshOnce = () =>
        app.inject({ method: 'POST', url: '/api/auth/token/refresh/', ...json({ refresh }) });
      // The first fault-free exchange rotates the token; the faulted ones before it changed nothing.
      const rotated = JSON.parse((await withEveryFault(refreshOnce)).body) as {
        access: string;
        refresh: string;
      };
      const prompt = '这是一段不应出现在日志里的提问 7f3a';
      const turn = () =>
        app.inject({
          method: 'POST',
          url: '/api/chat/turns/create-turn/',
          headers: { authorization: `Bearer ${rotated.access}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ model_id: OFFLINE_MODEL_ID, prompt: { text: prompt } }),
        });
      await withEveryFault(turn);
      const [user] = await db().database.db.select().from(users).where(eq(users.email, email));
      secrets.push(password, access, refresh, rotated.access, rotated.refresh, prompt, email);
      secrets.push(hashToken(refresh), hashToken(rotated.refresh), user?.passwordHash ?? 'no user');

      const entries = lines.map((line) => JSON.parse(line) as { level: number; err?: { message?: string } });
      // The failures were logged, with the statement that failed…
      const failed = entries.filter((entry) => entry.level >= 50 && entry.err);
      expect(failed.length).toBeGreaterThan(10);
      expect(
        failed.some((entry) => entry.err?.message?.startsWith('Failed query: insert into "users"')),
      ).toBe(true);
      // …but none of its values.
      const everything = lines.join('\n');
      for (const secret of secrets) expect(everything).not.toContain(secret);
      expect(everything).toContain('params: [redacted]');
    } finally {
      faults.disarm();
      await app.close();
    }
  });

  it('keep no query value of a request: a chat search term stays out of the access log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = await testConfig({ LOG_LEVEL: 'info' });
    const logger = pino(loggerOptions(config), sink);
    const app = await buildApp(config, { database: db().database, logger });
    try {
      await app.inject({
        method: 'POST',
        url: '/api/auth/register/',
        ...json({ email: 'q@example.com', password: 'a long enough passphrase' }),
      });
      const { access } = (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          ...json({ email: 'q@example.com', password: 'a long enough passphrase' }),
        })
      ).json() as { access: string };
      const term = '离婚协议怎么写';
      const searched = await app.inject({
        method: 'GET',
        url: `/api/chat/sessions/?page=1&q=${encodeURIComponent(term)}`,
        headers: { authorization: `Bearer ${access}` },
      });
      expect(searched.statusCode).toBe(200);
      // Refused ones too: a query the schema refuses, an unknown path.
      await app.inject({
        method: 'GET',
        url: `/api/chat/sessions/?page=x&q=${encodeURIComponent(term)}`,
        headers: { authorization: `Bearer ${access}` },
      });
      await app.inject({ method: 'GET', url: `/api/nowhere/?q=${encodeURIComponent(term)}` });

      const everything = lines.join('\n');
      expect(everything).not.toContain(term);
      expect(everything).not.toContain(encodeURIComponent(term));
      // The request is still logged, with its path and the names of its parameters.
      const incoming = lines
        .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
        .filter((entry) => entry.msg === 'incoming request')
        .map((entry) => entry.req?.url);
      expect(incoming).toContain('/api/chat/sessions/?page=[redacted]&q=[redacted]');
    } finally {
      await app.close();
    }
  });

  it('redact credentials that code passes to the logger', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino(loggerOptions({ logLevel: 'info', logFormat: 'json' }), sink);
    logger.info(
      {
        req: { headers: { authorization: 'Bearer abc.def.ghi' } },
        body: { password: 'pw-123456', refresh: 'rt-xyz' },
        token: 't-1',
      },
      'careless call',
    );
    const out = lines.join('');
    for (const secret of ['abc.def.ghi', 'pw-123456', 'rt-xyz', 't-1']) expect(out).not.toContain(secret);
    expect(out).toContain('[redacted]');
  });
});
