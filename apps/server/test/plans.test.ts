import type { AdminPlan, AdminUserDetail, AuditPage } from '@wanxiang/api-client/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { creditLedger, plans, users as usersTable } from '../src/db/schema';
import { setRole } from '../src/modules/account/batches';
import { grantMoment, grantMonthlyCredits, grantReference } from '../src/modules/billing/monthlyGrant';
import { ledgerState, signUp } from './chat-support';
import { createPostgresDatabase, databaseKinds, json, useApps, useTestDatabase } from './helpers';

const FAST = { OFFLINE_MODEL_CHUNK_DELAY: '0', RATE_LIMIT_MAX: '100000' };

type Caller = { authorization: string };

function call(
  server: FastifyInstance,
  who: Caller,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
) {
  if (body === undefined) return server.inject({ method, url, headers: who });
  const request = json(body);
  return server.inject({ method, url, ...request, headers: { ...request.headers, ...who } });
}

/** A moment well after every account the tests make: January 2099, in Beijing time. */
const beijing = (day: number, hour = 0) => new Date(Date.UTC(2099, 0, day, hour) - 8 * 3_600_000);

async function grantRows(db: Database['db'], userId: string, reference: string) {
  return db
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.kind, 'grant'),
        eq(creditLedger.reference, reference),
      ),
    );
}

describe('the day a month’s grant is due', () => {
  it('counts the month and the day in Beijing time, whatever the server’s zone', () => {
    // 2026-11-30 17:00 UTC is already 1 December in Beijing.
    expect(grantMoment(new Date('2026-11-30T17:00:00Z'), 1)).toEqual({
      period: '2026-12',
      moment: new Date('2026-11-30T16:00:00Z'),
    });
    expect(grantMoment(new Date('2026-11-30T15:59:59Z'), 28)).toEqual({
      period: '2026-11',
      moment: new Date('2026-11-27T16:00:00Z'),
    });
  });
});

describe.each(databaseKinds)('plans and their monthly grant on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  /** A server, an admin on it, and a plan the admin made with the given grant. */
  async function withPlan(name: string, monthlyCredits: number, grantDay: number) {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await signUp(server, database);
    expect(await setRole(database, admin.email, 'admin')).toBe(true);
    const made = await call(server, admin.auth, 'POST', '/api/admin/plans/', {
      name,
      monthly_credits: monthlyCredits,
      grant_day: grantDay,
    });
    return { server, database, admin, plan: made.json() as AdminPlan };
  }

  it('lists the default plan with its sign-up credits, makes and changes plans, and moves a user', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await signUp(server, database);
    expect(await setRole(database, admin.email, 'admin')).toBe(true);
    const user = await signUp(server, database);

    const listed = await call(server, admin.auth, 'GET', '/api/admin/plans/');
    expect(listed.statusCode).toBe(200);
    const [base] = (listed.json() as { results: AdminPlan[] }).results;
    expect(base).toMatchObject({
      is_default: true,
      signup_credits: 1000,
      monthly_credits: 0,
      grant_day: 1,
      users: 2,
    });
    if (!base) throw new Error('no default plan');

    const made = await call(server, admin.auth, 'POST', '/api/admin/plans/', {
      name: ' 专业版 ',
      monthly_credits: 3000,
      grant_day: 5,
    });
    expect(made.statusCode, made.body).toBe(201);
    const pro = made.json() as AdminPlan;
    expect(pro).toMatchObject({
      name: '专业版',
      is_default: false,
      signup_credits: 0,
      monthly_credits: 3000,
      users: 0,
    });

    const moved = await call(server, admin.auth, 'POST', `/api/admin/users/${user.userId}/plan/`, {
      plan_id: pro.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as AdminUserDetail).plan).toEqual({ id: pro.id, name: '专业版' });

    const changed = await call(server, admin.auth, 'PATCH', `/api/admin/plans/${base.id}/`, {
      monthly_credits: 100,
    });
    expect(changed.json()).toMatchObject({ id: base.id, monthly_credits: 100, users: 1 });
    // The default plan's name is the server's setting, and a name is one plan's only.
    const renamed = await call(server, admin.auth, 'PATCH', `/api/admin/plans/${base.id}/`, {
      name: '基础版',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors.name[0]).toContain('DEFAULT_PLAN_NAME');
    const twin = await call(server, admin.auth, 'POST', '/api/admin/plans/', {
      name: '专业版',
      monthly_credits: 1,
      grant_day: 1,
    });
    expect(Object.keys(twin.json().errors ?? {})).toEqual(['name']);
    expect(
      (await call(server, admin.auth, 'PATCH', '/api/admin/plans/999999/', { grant_day: 2 })).statusCode,
    ).toBe(404);
    const nowhere = await call(server, admin.auth, 'POST', `/api/admin/users/${user.userId}/plan/`, {
      plan_id: 999999,
    });
    expect(Object.keys(nowhere.json().errors ?? {})).toEqual(['plan_id']);

    for (const [body, field] of [
      [{ name: '', monthly_credits: 1, grant_day: 1 }, 'name'],
      [{ name: '长'.repeat(41), monthly_credits: 1, grant_day: 1 }, 'name'],
      [{ name: '甲', monthly_credits: -1, grant_day: 1 }, 'monthly_credits'],
      [{ name: '甲', monthly_credits: 1.5, grant_day: 1 }, 'monthly_credits'],
      [{ name: '甲', monthly_credits: 10_000_001, grant_day: 1 }, 'monthly_credits'],
      [{ name: '甲', monthly_credits: 1, grant_day: 29 }, 'grant_day'],
      [{ name: '甲', monthly_credits: 1, grant_day: 0 }, 'grant_day'],
    ] as const) {
      const bad = await call(server, admin.auth, 'POST', '/api/admin/plans/', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.json().errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }

    const audit: AuditPage = (await call(server, admin.auth, 'GET', '/api/admin/audit/')).json();
    expect(audit.results.slice(0, 3).map((row) => [row.action, row.target?.label])).toEqual([
      ['plan.update', base.name],
      ['user.plan', user.email],
      ['plan.create', '专业版'],
    ]);
    expect(audit.results[0]?.details).toEqual({ monthly_credits: { from: 0, to: 100 } });
  });

  it('grants a plan’s credits from its day on, once a month, to the active accounts made before it', async () => {
    const { server, database, admin, plan } = await withPlan('月卡', 250, 5);
    const members = await Promise.all(Array.from({ length: 4 }, () => signUp(server, database, 10)));
    for (const member of members)
      await call(server, admin.auth, 'POST', `/api/admin/users/${member.userId}/plan/`, { plan_id: plan.id });
    const [active, other, disabled, late] = members;
    if (!active || !other || !disabled || !late) throw new Error('four members were made');
    await database.update(usersTable).set({ isActive: false }).where(eq(usersTable.id, disabled.userId));
    // An account made after this month's day has its sign-up credits; its first grant is next month's.
    await database
      .update(usersTable)
      .set({ createdAt: beijing(5, 1) })
      .where(eq(usersTable.id, late.userId));

    expect(await grantMonthlyCredits(database, beijing(4, 23))).toBe(0);
    // Two runs at once, as two instances' timers may fire: each account is granted once.
    const runs = await Promise.all([
      grantMonthlyCredits(database, beijing(5)),
      grantMonthlyCredits(database, beijing(5, 2)),
    ]);
    expect(runs[0] + runs[1]).toBe(2);
    expect(await grantMonthlyCredits(database, beijing(20))).toBe(0);

    const reference = grantReference(plan.id, '2099-01');
    for (const member of [active, other]) {
      expect(await grantRows(database, member.userId, reference)).toEqual([{ delta: 250 }]);
      const state = await ledgerState(database, member.userId);
      expect(state.balance).toBe(260);
      expect(state.ledgerSum).toBe(state.balance);
    }
    for (const member of [disabled, late])
      expect(await grantRows(database, member.userId, reference)).toEqual([]);

    // The next month brings the next grant, the late account's included; the user sees it in 积分明细.
    expect(await grantMonthlyCredits(database, beijing(36))).toBe(3);
    const ledger = await call(server, active.auth, 'GET', '/api/account/ledger/');
    expect(ledger.json().results[0]).toMatchObject({
      kind: 'grant',
      delta: 250,
      note: '月卡 2099-02 月度积分',
    });
  });

  it('passes over a plan granted in full this month, and looks again when a member moves in or is enabled', async () => {
    const { server, database, admin, plan } = await withPlan('季卡', 50, 1);
    const [first, second, third] = await Promise.all([0, 1, 2].map(() => signUp(server, database, 0)));
    if (!first || !second || !third) throw new Error('three accounts were made');
    const join = (userId: string) =>
      call(server, admin.auth, 'POST', `/api/admin/users/${userId}/plan/`, { plan_id: plan.id });
    const mark = async () =>
      (await database.select({ through: plans.grantedThrough }).from(plans).where(eq(plans.id, plan.id)))[0]
        ?.through;
    await join(first.userId);
    await join(third.userId);
    await call(server, admin.auth, 'POST', `/api/admin/users/${third.userId}/status/`, { active: false });

    expect(await grantMonthlyCredits(database, beijing(2))).toBe(1);
    expect(await mark()).toBe('2099-01');
    // An account put on the plan behind the console's back is not looked for: the month is done.
    await database.update(usersTable).set({ planId: plan.id }).where(eq(usersTable.id, second.userId));
    expect(await grantMonthlyCredits(database, beijing(3))).toBe(0);
    // Moved in through the console, or enabled again, an account is granted at the next run.
    await database.update(usersTable).set({ planId: null }).where(eq(usersTable.id, second.userId));
    await join(second.userId);
    expect(await mark()).toBeNull();
    expect(await grantMonthlyCredits(database, beijing(4))).toBe(1);
    expect(await mark()).toBe('2099-01');
    await call(server, admin.auth, 'POST', `/api/admin/users/${third.userId}/status/`, { active: true });
    expect(await grantMonthlyCredits(database, beijing(5))).toBe(1);
    const reference = grantReference(plan.id, '2099-01');
    for (const member of [first, second, third])
      expect(await grantRows(database, member.userId, reference)).toEqual([{ delta: 50 }]);
    // The next month is a new pass.
    expect(await grantMonthlyCredits(database, beijing(33))).toBe(3);
    expect(await mark()).toBe('2099-02');
    // A pass cut off midway (the process killed) leaves its own mark, not the month's: the next run looks
    // again and grants whoever it had not reached.
    await database.update(plans).set({ grantedThrough: 'run:killed' }).where(eq(plans.id, plan.id));
    await database.delete(creditLedger).where(eq(creditLedger.reference, grantReference(plan.id, '2099-02')));
    await database
      .update(usersTable)
      .set({ creditsBalance: sql`${usersTable.creditsBalance} - 50` })
      .where(eq(usersTable.planId, plan.id));
    expect(await grantMonthlyCredits(database, beijing(34))).toBe(3);
    expect(await mark()).toBe('2099-02');
    for (const member of [first, second, third]) {
      const state = await ledgerState(database, member.userId);
      expect(state.ledgerSum).toBe(state.balance);
    }
  });

  it('grants the others when one account cannot take its grant, and says which failed', async () => {
    const { server, database, admin, plan } = await withPlan('大额', 1000, 1);
    // A balance a grant would carry past what the column holds, among ordinary ones.
    const members = [await signUp(server, database, 2_147_483_000), await signUp(server, database, 0)];
    for (const member of members)
      await call(server, admin.auth, 'POST', `/api/admin/users/${member.userId}/plan/`, { plan_id: plan.id });
    const [full, plain] = members;
    if (!full || !plain) throw new Error('two members were made');
    await expect(grantMonthlyCredits(database, beijing(2))).rejects.toThrow('failed for 1 account(s)');
    const reference = grantReference(plan.id, '2099-01');
    expect(await grantRows(database, plain.userId, reference)).toEqual([{ delta: 1000 }]);
    expect(await grantRows(database, full.userId, reference)).toEqual([]);
    expect((await ledgerState(database, full.userId)).balance).toBe(2_147_483_000);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the monthly grant on two instances of one PostgreSQL', () => {
  const opened: Database[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await drop?.();
  });

  it('grants each account once when both instances run it at the same moment', async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase({ kind: 'postgres', url: created.url });
      if (i === 0) await database.migrate();
      opened.push(database);
    }
    const [one, two] = opened as [Database, Database];
    const { planId, userIds } = await one.db.transaction(async (tx) => {
      const [plan] = await tx
        .insert(plans)
        .values({ code: 'two-instances', name: '双实例', creditsGrant: 0, monthlyCredits: 40, grantDay: 1 })
        .returning({ id: plans.id });
      if (!plan) throw new Error('no plan');
      const rows = await tx
        .insert(usersTable)
        .values(
          Array.from({ length: 60 }, (_, i) => ({
            email: `grant-${i}@example.com`,
            passwordHash: 'x',
            planId: plan.id,
          })),
        )
        .returning({ id: usersTable.id });
      return { planId: plan.id, userIds: rows.map((row) => row.id) };
    });
    const runs = await Promise.all([
      grantMonthlyCredits(one.db, beijing(1, 3)),
      grantMonthlyCredits(two.db, beijing(1, 3)),
    ]);
    expect(runs[0] + runs[1]).toBe(60);
    // Whichever pass marked the month, it is marked once both are done, and a third run grants nobody.
    const [marked] = await one.db
      .select({ through: plans.grantedThrough })
      .from(plans)
      .where(eq(plans.id, planId));
    expect(marked?.through).toBe('2099-01');
    expect(await grantMonthlyCredits(two.db, beijing(1, 4))).toBe(0);
    const reference = grantReference(planId, '2099-01');
    for (const userId of userIds) {
      expect(await grantRows(one.db, userId, reference)).toEqual([{ delta: 40 }]);
      const state = await ledgerState(one.db, userId);
      expect(state).toMatchObject({ balance: 40, ledgerSum: 40 });
    }
  });
});
