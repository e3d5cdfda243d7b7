import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseKinds, json, useApps, useTestDatabase } from './helpers';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The CPU time a sign-in costs this process (its threads: argon2's pool and the embedded database's), not
 * its wall time: on a loaded machine the wall time measures the other processes too, while what an
 * attacker could time is the work done.
 */
async function timed(app: FastifyInstance, email: string, password: string) {
  const started = process.cpuUsage();
  const res = await app.inject({ method: 'POST', url: '/api/auth/login/', ...json({ email, password }) });
  const used = process.cpuUsage(started);
  return { ms: (used.user + used.system) / 1000, status: res.statusCode };
}

describe.each(databaseKinds)('login timing on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('takes as long for an unknown email as for a wrong password (real argon2 parameters)', async () => {
    // The production hashing cost (19 MiB, 2 passes), and a throttle that stays out of the way.
    const server = await app({
      PASSWORD_HASH_MEMORY_KIB: '19456',
      PASSWORD_HASH_ITERATIONS: '2',
      LOGIN_FREE_FAILURES: '1000',
      LOGIN_ACCOUNT_FREE_FAILURES: '1000',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
    });
    await server.inject({
      method: 'POST',
      url: '/api/auth/register/',
      ...json({ email: 'known@example.com', password: 'correct horse battery' }),
    });
    await timed(server, 'warmup@example.com', 'warm up the dummy hash');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const a = await timed(server, 'known@example.com', `wrong password ${i}`);
      const b = await timed(server, `nobody${i}@example.com`, `wrong password ${i}`);
      expect([a.status, b.status]).toEqual([401, 401]);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const ratio = median(unknown) / median(known);
    expect(median(known)).toBeGreaterThan(5);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });
});
