import type { AdminRegistrationPolicy, AuditPage } from '@wanxiang/api-client/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { setRole } from '../src/modules/account/batches';
import { ledgerState, signUp } from './chat-support';
import { databaseKinds, json, useApps, useTestDatabase } from './helpers';

type Caller = { authorization: string };

function call(server: FastifyInstance, who: Caller, method: 'GET' | 'PUT' | 'DELETE', body?: unknown) {
  const url = '/api/admin/registration/';
  if (body === undefined) return server.inject({ method, url, headers: who });
  const request = json(body);
  return server.inject({ method, url, ...request, headers: { ...request.headers, ...who } });
}

let counter = 0;
function register(server: FastifyInstance, extra: Record<string, unknown> = {}) {
  counter += 1;
  return server.inject({
    method: 'POST',
    url: '/api/auth/register/',
    ...json({ email: `policy${counter}-${process.pid}@example.com`, password: 'correct horse 9', ...extra }),
  });
}

const publicPolicy = async (server: FastifyInstance) =>
  (await server.inject({ method: 'GET', url: '/api/auth/registration-policy/' })).json();

describe.each(databaseKinds)('the registration policy set in the console on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('follows the console on every instance at once, until it is given back to the environment', async () => {
    const one = await app({ DEFAULT_PLAN_CREDITS: '1000' });
    const two = await app({ DEFAULT_PLAN_CREDITS: '1000' });
    const database = db().database.db;
    const admin = await signUp(one, database);
    expect(await setRole(database, admin.email, 'admin')).toBe(true);

    const initial = (await call(one, admin.auth, 'GET')).json() as AdminRegistrationPolicy;
    expect(initial).toMatchObject({
      mode: 'open',
      signup_credits: 1000,
      source: 'environment',
      updated_at: null,
      updated_by: null,
    });

    const saved = await call(one, admin.auth, 'PUT', {
      mode: 'invite',
      signup_credits: 77,
      per_ip_per_day: 500,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      mode: 'invite',
      signup_credits: 77,
      per_ip_per_day: 500,
      source: 'console',
      updated_by: admin.email,
    });

    // The other instance, started before the change, follows it without a restart.
    expect(await publicPolicy(two)).toMatchObject({ mode: 'invite', signup_credits: 77 });
    const uninvited = await register(two);
    expect(Object.keys(uninvited.json().errors ?? {})).toEqual(['invite_code']);
    const codes = await one.inject({
      method: 'POST',
      url: '/api/admin/invites/',
      ...json({ count: 1 }),
      headers: { 'content-type': 'application/json', ...admin.auth },
    });
    expect(codes.statusCode, codes.body).toBe(201);
    const invited = await register(two, { invite_code: codes.json().codes[0] });
    expect(invited.statusCode, invited.body).toBe(201);
    const state = await ledgerState(database, invited.json().id);
    expect(state).toMatchObject({ balance: 77, ledgerSum: 77 });
    // The default plan shows the sign-up credits in force.
    const plansList = (
      await one.inject({ method: 'GET', url: '/api/admin/plans/', headers: admin.auth })
    ).json();
    expect(plansList.results[0]).toMatchObject({ is_default: true, signup_credits: 77 });

    // Saving what is in force changes nothing and writes nothing to the log.
    await call(two, admin.auth, 'PUT', { mode: 'invite', signup_credits: 77, per_ip_per_day: 500 });
    await call(two, admin.auth, 'PUT', { mode: 'closed', signup_credits: 77, per_ip_per_day: 500 });
    const closed = await register(one);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('registration_closed');

    const reset = await call(two, admin.auth, 'DELETE');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ mode: 'open', signup_credits: 1000, source: 'environment' });
    expect((await call(one, admin.auth, 'DELETE')).json()).toMatchObject({ source: 'environment' });
    const open = await register(one);
    expect(open.statusCode, open.body).toBe(201);
    expect((await ledgerState(database, open.json().id)).balance).toBe(1000);

    const audit: AuditPage = (
      await one.inject({ method: 'GET', url: '/api/admin/audit/', headers: admin.auth })
    ).json();
    const rows = audit.results.filter((row) => row.action.startsWith('registration.'));
    expect(rows.map((row) => [row.action, row.actor, row.details])).toEqual([
      [
        'registration.reset',
        admin.email,
        {
          mode: { from: 'closed', to: 'open' },
          signup_credits: { from: 77, to: 1000 },
          per_ip_per_day: { from: 500, to: 1_000_000 },
        },
      ],
      ['registration.update', admin.email, { mode: { from: 'invite', to: 'closed' } }],
      [
        'registration.update',
        admin.email,
        {
          mode: { from: 'open', to: 'invite' },
          signup_credits: { from: 1000, to: 77 },
          per_ip_per_day: { from: 1_000_000, to: 500 },
          was: 'environment',
        },
      ],
    ]);
  });

  it('caps the accounts one address makes a day at the console’s number', async () => {
    const server = await app();
    const database = db().database.db;
    const admin = await signUp(server, database);
    expect(await setRole(database, admin.email, 'admin')).toBe(true);
    // Every registration of these tests came from the same address, so a cap of 1 is already reached.
    await call(server, admin.auth, 'PUT', { mode: 'open', signup_credits: 0, per_ip_per_day: 1 });
    const capped = await register(server);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().detail).toContain('1');
    await call(server, admin.auth, 'DELETE');
    expect((await register(server)).statusCode).toBe(201);
  });

  it('refuses each wrong field by name and keeps the policy in force', async () => {
    const server = await app();
    const database = db().database.db;
    const admin = await signUp(server, database);
    expect(await setRole(database, admin.email, 'admin')).toBe(true);
    const good = { mode: 'open', signup_credits: 10, per_ip_per_day: 10 };
    for (const [body, field] of [
      [{ ...good, mode: 'sometimes' }, 'mode'],
      [{ ...good, mode: undefined }, 'mode'],
      [{ ...good, signup_credits: -1 }, 'signup_credits'],
      [{ ...good, signup_credits: 1.5 }, 'signup_credits'],
      [{ ...good, signup_credits: 1_000_000_001 }, 'signup_credits'],
      [{ ...good, signup_credits: '10' }, 'signup_credits'],
      [{ ...good, per_ip_per_day: 0 }, 'per_ip_per_day'],
      [{ ...good, per_ip_per_day: 1_000_001 }, 'per_ip_per_day'],
    ] as const) {
      const bad = await call(server, admin.auth, 'PUT', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.json().errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect((await call(server, admin.auth, 'GET')).json()).toMatchObject({
      source: 'environment',
      mode: 'open',
    });
  });
});
