import type {
  AdminUsageReport,
  AdminUserDetail,
  AdminUserPage,
  AuditPage,
  LedgerPage,
  UsageReport,
} from '@wanxiang/api-client/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { creditLedger, users as usersTable } from '../src/db/schema';
import { adminCommand } from '../src/modules/account/admin-cli';
import { setRole } from '../src/modules/account/batches';
import { boundedDetails } from '../src/modules/admin/audit';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { finalOf, ledgerState, sendTurn, signUp } from './chat-support';
import { databaseKinds, json, listen, useApps, useTestDatabase } from './helpers';

const FAST = { OFFLINE_MODEL_CHUNK_DELAY: '0', RATE_LIMIT_MAX: '100000' };
const ID = '00000000-0000-4000-8000-000000000000';

/** Every route of the console, with a body it would accept. */
const ROUTES: { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/admin/users/?q=a' },
  { method: 'GET', url: `/api/admin/users/${ID}/` },
  { method: 'GET', url: `/api/admin/users/${ID}/ledger/` },
  { method: 'GET', url: `/api/admin/users/${ID}/usage/` },
  { method: 'POST', url: `/api/admin/users/${ID}/credits/`, body: { delta: 10, reason: '补偿' } },
  { method: 'POST', url: `/api/admin/users/${ID}/status/`, body: { active: false } },
  { method: 'POST', url: `/api/admin/users/${ID}/role/`, body: { role: 'admin' } },
  { method: 'GET', url: '/api/admin/audit/' },
  { method: 'GET', url: '/api/admin/usage/' },
  { method: 'GET', url: '/api/admin/invites/' },
  { method: 'POST', url: '/api/admin/invites/', body: { count: 1 } },
  { method: 'POST', url: '/api/admin/invites/1/revoke/', body: {} },
  { method: 'GET', url: '/api/admin/usage/export/' },
  { method: 'GET', url: '/api/admin/plans/' },
  { method: 'POST', url: '/api/admin/plans/', body: { name: '专业版', monthly_credits: 100, grant_day: 1 } },
  { method: 'PATCH', url: '/api/admin/plans/1/', body: { monthly_credits: 100 } },
  { method: 'POST', url: `/api/admin/users/${ID}/plan/`, body: { plan_id: 1 } },
  { method: 'GET', url: '/api/admin/registration/' },
  {
    method: 'PUT',
    url: '/api/admin/registration/',
    body: { mode: 'open', signup_credits: 1, per_ip_per_day: 1 },
  },
  { method: 'DELETE', url: '/api/admin/registration/' },
  { method: 'GET', url: '/api/admin/models/' },
  { method: 'POST', url: '/api/admin/models/', body: { id: 'm', provider_id: 'offline', name: 'M' } },
  { method: 'PATCH', url: '/api/admin/models/offline-demo/', body: { name: 'M' } },
  { method: 'DELETE', url: '/api/admin/models/offline-demo/' },
  { method: 'POST', url: '/api/admin/providers/', body: { id: 'p', type: 'openai' } },
  { method: 'PATCH', url: '/api/admin/providers/offline/', body: { base_url: null } },
  { method: 'DELETE', url: '/api/admin/providers/offline/' },
];

type Caller = { authorization: string };

function call(
  server: FastifyInstance,
  who: Caller | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  if (body === undefined) return server.inject({ method, url, headers: who ?? {} });
  const request = json(body);
  return server.inject({ method, url, ...request, headers: { ...request.headers, ...(who ?? {}) } });
}

async function makeAdmin(server: FastifyInstance, database: Parameters<typeof signUp>[1], balance?: number) {
  const admin = await signUp(server, database, balance);
  expect(await setRole(database, admin.email, 'admin')).toBe(true);
  return admin;
}

describe.each(databaseKinds)('the operators’ console on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('refuses every console route to an anonymous caller (401) and to a signed-in non-admin (403)', async () => {
    const server = await app(FAST);
    const user = await signUp(server, db().database.db);
    for (const route of ROUTES) {
      const anonymous = await call(server, null, route.method, route.url, route.body);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const plain = await call(server, user.auth, route.method, route.url, route.body);
      expect(plain.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(plain.json()).toMatchObject({ code: 'admin_required' });
    }
  });

  it('tells the user menu the role, finds users by e-mail or nickname a page at a time, and shows one', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await makeAdmin(server, database);
    const me = await call(server, admin.auth, 'GET', '/api/auth/users/me/');
    expect(me.json()).toMatchObject({ role: 'admin' });
    const users = await Promise.all(Array.from({ length: 3 }, () => signUp(server, database, 40)));
    const [first] = users;
    if (!first) throw new Error('no user');
    expect((await call(server, first.auth, 'GET', '/api/auth/users/me/')).json()).toMatchObject({
      role: 'user',
    });
    await database.update(usersTable).set({ nickname: '小_百%分' }).where(eq(usersTable.id, first.userId));

    const byNickname: AdminUserPage = (
      await call(server, admin.auth, 'GET', `/api/admin/users/?q=${encodeURIComponent('_百%')}`)
    ).json();
    expect(byNickname.results.map((u) => u.id)).toEqual([first.userId]);
    const byEmail: AdminUserPage = (
      await call(
        server,
        admin.auth,
        'GET',
        `/api/admin/users/?q=${encodeURIComponent(first.email.toUpperCase())}`,
      )
    ).json();
    expect(byEmail).toMatchObject({ count: 1, results: [{ email: first.email, credits_balance: 40 }] });

    const page1: AdminUserPage = (await call(server, admin.auth, 'GET', '/api/admin/users/?limit=2')).json();
    const page2: AdminUserPage = (
      await call(server, admin.auth, 'GET', '/api/admin/users/?limit=2&page=2')
    ).json();
    expect(page1.count).toBe(4);
    expect(page1.results).toHaveLength(2);
    expect(page2.results).toHaveLength(2);
    expect(new Set([...page1.results, ...page2.results].map((u) => u.id)).size).toBe(4);

    const detail: AdminUserDetail = (
      await call(server, admin.auth, 'GET', `/api/admin/users/${first.userId}/`)
    ).json();
    expect(detail).toMatchObject({ id: first.userId, role: 'user', is_active: true, active_sessions: 1 });
    expect(detail.plan?.name).toBeTruthy();
    expect((await call(server, admin.auth, 'GET', `/api/admin/users/${ID}/`)).statusCode).toBe(404);
  });

  it('grants and deducts with a reason as ledger rows that sum to the balance, under simultaneous chat turns', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await makeAdmin(server, database);
    const user = await signUp(server, database, 3000);
    const base = await listen(server);
    const adjustments = [500, -200, 300, -100, 50];
    const [turns, answers] = await Promise.all([
      Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          sendTurn(base, user.access, { model_id: OFFLINE_MODEL_ID, prompt: { text: `问题${i}` } }),
        ),
      ),
      Promise.all(
        adjustments.map((delta, i) =>
          call(server, admin.auth, 'POST', `/api/admin/users/${user.userId}/credits/`, {
            delta,
            reason: `第${i}次调整`,
          }),
        ),
      ),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const charged = turns.reduce((sum, turn) => sum + (finalOf(turn.events).credits_charged ?? 0), 0);
    const state = await ledgerState(database, user.userId);
    expect(state.ledgerSum).toBe(state.balance);
    expect(state.balance).toBe(3000 + 550 - charged);

    const ledger: LedgerPage = (
      await call(server, admin.auth, 'GET', `/api/admin/users/${user.userId}/ledger/?limit=100`)
    ).json();
    expect(ledger.balance).toBe(state.balance);
    const rows = ledger.results.filter((row) => row.kind === 'adjustment' && row.note?.includes('调整'));
    expect(rows.map((row) => row.delta).sort((a, b) => a - b)).toEqual(
      [...adjustments].sort((a, b) => a - b),
    );
    for (const row of rows) expect(row.note).toContain(admin.email);

    const audit: AuditPage = (await call(server, admin.auth, 'GET', '/api/admin/audit/')).json();
    const adjusts = audit.results.filter((entry) => entry.action === 'credits.adjust');
    expect(adjusts).toHaveLength(5);
    expect(adjusts[0]).toMatchObject({
      actor: admin.email,
      target: { type: 'user', id: user.userId, label: user.email },
    });
    expect(adjusts.map((entry) => entry.details.reason).sort()).toEqual(
      adjustments.map((_, i) => `第${i}次调整`).sort(),
    );
  });

  it('refuses a deduction beyond the balance naming it, and amounts that are not whole or out of bounds', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await makeAdmin(server, database);
    const user = await signUp(server, database, 30);
    const url = `/api/admin/users/${user.userId}/credits/`;
    const over = await call(server, admin.auth, 'POST', url, { delta: -31, reason: '扣回' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'adjustment_exceeds_balance' });
    expect(over.json().detail).toContain('30 积分');
    for (const body of [
      { delta: 1.5, reason: '半个' },
      { delta: 0, reason: '零' },
      { delta: 1_000_001, reason: '太多' },
      { delta: '10', reason: '字符串' },
    ]) {
      const refused = await call(server, admin.auth, 'POST', url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['delta']);
    }
    const noReason = await call(server, admin.auth, 'POST', url, { delta: 5, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().errors)).toEqual(['reason']);
    const state = await ledgerState(database, user.userId);
    expect(state).toMatchObject({ balance: 30, ledgerSum: 30 });
    const audit: AuditPage = (await call(server, admin.auth, 'GET', '/api/admin/audit/')).json();
    expect(audit.results.filter((entry) => entry.action === 'credits.adjust')).toHaveLength(0);
  });

  it('disables an account: its next request is refused and it cannot sign in; enabling restores it', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await makeAdmin(server, database);
    const user = await signUp(server, database);
    expect((await call(server, user.auth, 'GET', '/api/account/ledger/')).statusCode).toBe(200);
    const disabled = await call(server, admin.auth, 'POST', `/api/admin/users/${user.userId}/status/`, {
      active: false,
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ is_active: false, active_sessions: 0 });
    expect((await call(server, user.auth, 'GET', '/api/account/ledger/')).statusCode).toBe(401);
    const login = await call(server, null, 'POST', '/api/auth/login/', {
      email: user.email,
      password: 'correct horse battery staple',
    });
    expect(login.statusCode).not.toBe(200);
    const enabled = await call(server, admin.auth, 'POST', `/api/admin/users/${user.userId}/status/`, {
      active: true,
    });
    expect(enabled.json()).toMatchObject({ is_active: true });
    const again = await call(server, null, 'POST', '/api/auth/login/', {
      email: user.email,
      password: 'correct horse battery staple',
    });
    expect(again.statusCode).toBe(200);
    const audit: AuditPage = (await call(server, admin.auth, 'GET', '/api/admin/audit/')).json();
    expect(audit.results.slice(0, 2).map((entry) => entry.action)).toEqual(['user.enable', 'user.disable']);
  });

  it('keeps one admin: the last cannot drop their role or disable themselves; a removed admin’s sessions end', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await makeAdmin(server, database);
    const self = `/api/admin/users/${admin.userId}`;
    const dropRole = await call(server, admin.auth, 'POST', `${self}/role/`, { role: 'user' });
    expect(dropRole.statusCode).toBe(409);
    expect(dropRole.json()).toMatchObject({ code: 'last_admin' });
    expect(dropRole.json().detail).toContain('唯一的管理员');
    const disableSelf = await call(server, admin.auth, 'POST', `${self}/status/`, { active: false });
    expect(disableSelf.statusCode).toBe(409);
    expect((await call(server, admin.auth, 'GET', '/api/admin/audit/')).statusCode).toBe(200);

    const other = await signUp(server, database);
    const made = await call(server, admin.auth, 'POST', `/api/admin/users/${other.userId}/role/`, {
      role: 'admin',
    });
    expect(made.json()).toMatchObject({ role: 'admin', active_sessions: 1 });
    expect((await call(server, other.auth, 'GET', '/api/admin/audit/')).statusCode).toBe(200);

    // Two admins taking each other's role at once: one of them stays.
    const [a, b] = await Promise.all([
      call(server, admin.auth, 'POST', `/api/admin/users/${other.userId}/role/`, { role: 'user' }),
      call(server, other.auth, 'POST', `/api/admin/users/${admin.userId}/role/`, { role: 'user' }),
    ]);
    // The other one is refused as the last admin, or finds its own session ended (its role went first).
    const statuses = [a.statusCode, b.statusCode];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409 || status === 401)).toHaveLength(1);
    const admins = await database
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(eq(usersTable.role, 'admin'));
    expect(admins).toHaveLength(1);
    const demoted = a.statusCode === 200 ? other : admin;
    expect((await call(server, demoted.auth, 'GET', '/api/account/ledger/')).statusCode).toBe(401);
  });

  it('writes the command line’s grants and redeem batches to the audit log, details bounded', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const user = await signUp(server, database);
    const lines: string[] = [];
    expect(await adminCommand(database, ['grant', user.email], (line) => lines.push(line))).toBe(0);
    const made = await call(server, user.auth, 'POST', '/api/admin/redeem-batches/', {
      value: 5,
      count: 2,
      note: '活动',
    });
    expect(made.statusCode).toBe(201);
    const audit: AuditPage = (await call(server, user.auth, 'GET', '/api/admin/audit/?limit=1')).json();
    expect(audit.results).toEqual([
      expect.objectContaining({
        actor: user.email,
        action: 'redeem_batch.create',
        details: expect.objectContaining({ value: 5, count: 2 }),
      }),
    ]);
    const older: AuditPage = (
      await call(server, user.auth, 'GET', `/api/admin/audit/?cursor=${audit.next_cursor}`)
    ).json();
    expect(older.results[0]).toMatchObject({
      actor: 'cli',
      action: 'role.grant',
      target: { label: user.email },
    });
    expect(JSON.stringify(boundedDetails({ text: 'x'.repeat(10_000) })).length).toBeLessThan(600);
    expect(
      JSON.stringify(
        boundedDetails(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'y'.repeat(400)]))),
      ).length,
    ).toBeLessThanOrEqual(4200);
  });

  it('shows one user’s spending by day and model, as the user sees it; an unknown user or a bad range is refused', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await makeAdmin(server, database);
    const spender = await signUp(server, database, 500);
    const idle = await signUp(server, database, 500);
    const base = await listen(server);
    const turn = await sendTurn(base, spender.access, {
      model_id: OFFLINE_MODEL_ID,
      prompt: { text: '问一下' },
    });
    const charged = finalOf(turn.events).credits_charged ?? 0;
    expect(charged).toBeGreaterThan(0);

    const seen = await call(server, admin.auth, 'GET', `/api/admin/users/${spender.userId}/usage/?days=7`);
    expect(seen.statusCode, seen.body).toBe(200);
    const report = seen.json() as UsageReport;
    expect(report.days).toHaveLength(7);
    const spent = report.days.flatMap((day) => day.models).reduce((sum, model) => sum + model.credits, 0);
    expect(spent).toBe(charged);
    // What the user reads of their own usage, to the credit.
    const own = await call(server, spender.auth, 'GET', '/api/account/usage/?days=7');
    expect(own.json()).toEqual(report);
    const quiet = (
      await call(server, admin.auth, 'GET', `/api/admin/users/${idle.userId}/usage/`)
    ).json() as UsageReport;
    expect(quiet.days).toHaveLength(30);
    expect(quiet.days.every((day) => day.models.length === 0)).toBe(true);

    expect((await call(server, admin.auth, 'GET', `/api/admin/users/${ID}/usage/`)).statusCode).toBe(404);
    for (const [query, field] of [
      ['?days=0', 'days'],
      ['?days=91', 'days'],
      ['?tz=Mars/Olympus', 'tz'],
    ] as const) {
      const refused = await call(
        server,
        admin.auth,
        'GET',
        `/api/admin/users/${spender.userId}/usage/${query}`,
      );
      expect(refused.statusCode, query).toBe(400);
      expect(Object.keys(refused.json().errors ?? {}), query).toEqual([field]);
    }
  });

  it('reports everyone’s spending over a range of days in its zone, ranks the users, and exports it as CSV', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await makeAdmin(server, database);
    const heavy = await signUp(server, database, 500);
    const light = await signUp(server, database, 500);
    const nickname = '=HYPERLINK("http://evil.example")';
    await database.update(usersTable).set({ nickname }).where(eq(usersTable.id, light.userId));
    const base = await listen(server);
    const turns = [
      await sendTurn(base, heavy.access, { model_id: OFFLINE_MODEL_ID, prompt: { text: '第一问' } }),
      await sendTurn(base, heavy.access, { model_id: OFFLINE_MODEL_ID, prompt: { text: '第二问' } }),
      await sendTurn(base, light.access, { model_id: OFFLINE_MODEL_ID, prompt: { text: '一问' } }),
    ];
    const charged = turns.map((turn) => finalOf(turn.events).credits_charged ?? 0);
    expect(charged.every((credits) => credits > 0)).toBe(true);

    // Rows of past days around midnight in Shanghai (UTC+8): use counts, grants and adjustments do not.
    const row = (
      at: string,
      kind: string,
      delta: number,
      extra: Partial<typeof creditLedger.$inferInsert> = {},
    ) => ({
      userId: light.userId,
      kind,
      delta,
      balanceAfter: 400,
      createdAt: new Date(at),
      ...extra,
    });
    await database.insert(creditLedger).values([
      row('2026-11-01T15:30:00Z', 'chat', -7, {
        model: 'M-1',
        tokensIn: 10,
        tokensOut: 20,
        reference: 'turn:a',
      }),
      row('2026-11-01T16:30:00Z', 'chat', -5, {
        model: 'M-1',
        tokensIn: 1,
        tokensOut: 2,
        reference: 'turn:b',
      }),
      row('2026-11-02T02:00:00Z', 'refund', 2, { model: 'M-1', reference: 'turn:b' }),
      row('2026-11-02T03:00:00Z', 'grant', 1000, { reference: 'plan:x' }),
      row('2026-11-02T04:00:00Z', 'adjustment', -50, { reference: 'admin:x' }),
    ]);

    const ask = async (query: string) => {
      const response = await call(server, admin.auth, 'GET', `/api/admin/usage/${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json() as AdminUsageReport;
    };
    const shanghai = await ask('?from=2026-11-01&to=2026-11-02&tz=Asia/Shanghai');
    expect(shanghai.days).toEqual([
      { date: '2026-11-01', models: [{ model: 'M-1', credits: 7, tokens_in: 10, tokens_out: 20 }] },
      { date: '2026-11-02', models: [{ model: 'M-1', credits: 3, tokens_in: 1, tokens_out: 2 }] },
    ]);
    expect(shanghai.totals).toEqual({ credits: 10, tokens_in: 11, tokens_out: 22, users: 1 });
    expect(shanghai.users).toEqual([
      { id: light.userId, email: light.email, nickname, credits: 10, tokens_in: 11, tokens_out: 22 },
    ]);
    const utc = await ask('?from=2026-11-01&to=2026-11-02&tz=UTC');
    expect(utc.days.map((day) => day.models.map((m) => m.credits))).toEqual([[12], [-2]]);

    // Today (the default range of 30 days ending today): the real turns, the heavier user first.
    const recent = await ask('');
    expect(recent.days).toHaveLength(30);
    expect(recent.to).toBe(recent.days.at(-1)?.date);
    expect(recent.totals.credits).toBe(charged.reduce((a, b) => a + b, 0));
    expect(recent.totals.users).toBe(2);
    expect(recent.users.map((user) => user.id)).toEqual([heavy.userId, light.userId]);
    expect(recent.models).toHaveLength(1);

    const exported = await call(
      server,
      admin.auth,
      'GET',
      '/api/admin/usage/export/?from=2026-11-01&to=2026-11-02',
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toContain('usage-2026-11-01-2026-11-02.csv');
    expect(exported.body.split('\r\n')).toEqual([
      '\uFEFF日期,邮箱,昵称,模型,积分,输入 token,输出 token',
      `2026-11-01,${light.email},"'=HYPERLINK(""http://evil.example"")",M-1,7,10,20`,
      `2026-11-02,${light.email},"'=HYPERLINK(""http://evil.example"")",M-1,3,1,2`,
      '',
    ]);

    for (const [query, field] of [
      ['?from=2026-11-03&to=2026-11-02', 'from'],
      ['?from=2025-01-01&to=2026-01-02', 'from'],
      ['?from=2026-02-30', 'from'],
      ['?to=2026-1-2', 'to'],
      ['?tz=Mars/Olympus', 'tz'],
    ] as const) {
      for (const path of ['/api/admin/usage/', '/api/admin/usage/export/']) {
        const refused = await call(server, admin.auth, 'GET', `${path}${query}`);
        expect(refused.statusCode, `${path}${query}`).toBe(400);
        expect(Object.keys(refused.json().errors ?? {}), `${path}${query}`).toEqual([field]);
      }
    }
  });

  it('makes invitation codes shown once, lists their uses and state with the registration policy, and revokes one', async () => {
    const database = db().database.db;
    // The admin signs up while registration is open; the service then runs invite-only.
    const admin = await makeAdmin(await app(FAST), database);
    const server = await app({ ...FAST, REGISTRATION_MODE: 'invite' });
    const made = await call(server, admin.auth, 'POST', '/api/admin/invites/', {
      count: 2,
      uses: 1,
      expires_in_days: 7,
      note: '内测用户',
    });
    expect(made.statusCode).toBe(201);
    const { codes, results } = made.json() as { codes: string[]; results: { id: string; state: string }[] };
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(results.map((row) => row.state)).toEqual(['active', 'active']);

    const registered = await server.inject({
      method: 'POST',
      url: '/api/auth/register/',
      ...json({
        email: `invited-${Date.now()}@example.com`,
        password: 'correct horse battery',
        invite_code: codes[0],
      }),
    });
    expect(registered.statusCode, registered.body).toBe(201);

    const listed = await call(server, admin.auth, 'GET', '/api/admin/invites/');
    expect(listed.statusCode).toBe(200);
    const list = listed.json() as {
      registration: unknown;
      results: { id: string; state: string; uses: number }[];
    };
    expect(list.registration).toMatchObject({
      mode: 'invite',
      // The default plan's, which the server writes from DEFAULT_PLAN_CREDITS when it starts.
      signup_credits: 1000,
      per_ip_per_day: expect.any(Number),
      source: 'environment',
    });
    const byId = new Map(list.results.map((row) => [row.id, row]));
    const [first, second] = results;
    if (!first || !second) throw new Error('two codes were asked for');
    expect(byId.get(first.id)).toMatchObject({ state: 'used_up', uses: 1, max_uses: 1, note: '内测用户' });
    expect(byId.get(second.id)).toMatchObject({ state: 'active', uses: 0 });

    const revoked = await call(server, admin.auth, 'POST', `/api/admin/invites/${second.id}/revoke/`, {});
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: second.id, state: 'revoked' });
    const again = await call(server, admin.auth, 'POST', `/api/admin/invites/${second.id}/revoke/`, {});
    expect(again.json().revoked_at).toBe(revoked.json().revoked_at);
    expect((await call(server, admin.auth, 'POST', '/api/admin/invites/999999/revoke/', {})).statusCode).toBe(
      404,
    );
    const refused = await server.inject({
      method: 'POST',
      url: '/api/auth/register/',
      ...json({
        email: `late-${Date.now()}@example.com`,
        password: 'correct horse battery',
        invite_code: codes[1],
      }),
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['invite_code']);

    const audit: AuditPage = (await call(server, admin.auth, 'GET', '/api/admin/audit/')).json();
    expect(audit.results.map((row) => row.action).filter((action) => action.startsWith('invite'))).toEqual([
      'invite.revoke',
      'invites.create',
    ]);

    for (const [body, field] of [
      [{ count: 0 }, 'count'],
      [{ count: 101 }, 'count'],
      [{ count: 1, uses: 0 }, 'uses'],
      [{ count: 1, expires_in_days: 366 }, 'expires_in_days'],
      [{ count: 1, note: '长'.repeat(101) }, 'note'],
    ] as const) {
      const bad = await call(server, admin.auth, 'POST', '/api/admin/invites/', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.json().errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }
  });
});
