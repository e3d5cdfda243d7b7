import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loggerOptions } from '../src/logger';
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
    const config = await testConfig({ LOG_LEVEL: 'trace' });
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
