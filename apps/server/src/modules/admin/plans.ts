/**
 * The console's plans: listed with how many accounts each has, made, changed, and users moved between
 * them. The default plan's name is the server's setting (billing/plans.ts writes it at every start), and
 * its sign-up credits are the registration policy's (auth/policy.ts), so here the console changes only its
 * monthly grant and its models. A plan's models are the catalog's ids its users may choose (null: all; see
 * billing/planModels.ts). Each change and its audit row are one transaction.
 */
import { randomUUID } from 'node:crypto';
import { type AdminPlan, PLANS_MAX, type PlanInput, type PlanUpdate } from '@wanxiang/api-client/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogModels, plans, registrationPolicy, users } from '../../db/schema';
import { fieldErrors, HttpError, notFound } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { regrantPlan } from '../billing/monthlyGrant';
import { recordAudit } from './audit';

const m = messages.plans;

type PlanRow = typeof plans.$inferSelect;

/**
 * `signupCredits`: the console's registration policy's, when it has one; else the default plan's own, which
 * billing/plans.ts keeps equal to the environment's.
 */
function planJson(row: PlanRow, userCount: number, signupCredits?: number): AdminPlan {
  return {
    id: row.id,
    name: row.name,
    is_default: row.isDefault,
    signup_credits: row.isDefault ? (signupCredits ?? row.creditsGrant) : 0,
    monthly_credits: row.monthlyCredits,
    grant_day: row.grantDay,
    users: userCount,
    models: row.modelIds ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const userCount = (db: Db, planId: number) =>
  db
    .select({ n: count() })
    .from(users)
    .where(eq(users.planId, planId))
    .then(([row]) => Number(row?.n ?? 0));

const consoleSignupCredits = (db: Db) =>
  db
    .select({ credits: registrationPolicy.signupCredits })
    .from(registrationPolicy)
    .then(([row]) => row?.credits);

/** The plans, the default first, then the oldest first. */
export async function listPlans(db: Db): Promise<AdminPlan[]> {
  const rows = await db.select().from(plans).orderBy(desc(plans.isDefault), asc(plans.id)).limit(PLANS_MAX);
  const counts = await db
    .select({ planId: users.planId, n: count() })
    .from(users)
    .where(isNotNull(users.planId))
    .groupBy(users.planId);
  const byPlan = new Map(counts.map((row) => [row.planId, Number(row.n)]));
  const signupCredits = await consoleSignupCredits(db);
  return rows.map((row) => planJson(row, byPlan.get(row.id) ?? 0, signupCredits));
}

/** Refuses a name another plan has (the plans are told apart by name in the console). */
async function checkNameFree(executor: Db, name: string, exceptId?: number) {
  const [taken] = await executor
    .select({ id: plans.id })
    .from(plans)
    .where(exceptId === undefined ? eq(plans.name, name) : and(eq(plans.name, name), ne(plans.id, exceptId)))
    .limit(1);
  if (taken) throw fieldErrors({ name: [m.nameTaken] });
}

/**
 * The plan's model list as kept: each id once, in the catalog's order; null for every model. An id the
 * catalog does not have is refused on `models`, naming it.
 */
async function checkedModels(executor: Db, ids: readonly string[] | null | undefined) {
  if (ids === undefined || ids === null) return ids;
  const known = await executor
    .select({ id: catalogModels.id })
    .from(catalogModels)
    .where(inArray(catalogModels.id, [...new Set(ids)]))
    .orderBy(asc(catalogModels.position), asc(catalogModels.id));
  const unknown = ids.filter((id) => !known.some((model) => model.id === id));
  if (unknown.length > 0) throw fieldErrors({ models: [m.unknownModels(unknown.join('、'))] });
  return known.map((model) => model.id);
}

export async function createPlan(db: Db, adminId: string, input: PlanInput): Promise<AdminPlan> {
  return db.transaction(async (tx) => {
    // One plan made at a time, so that two admins cannot both pass the count or the name check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plans.create'))`);
    const [total] = await tx.select({ n: count() }).from(plans);
    if (Number(total?.n ?? 0) >= PLANS_MAX) throw new HttpError(409, { detail: m.tooMany(PLANS_MAX) });
    await checkNameFree(tx, input.name);
    const modelIds = (await checkedModels(tx, input.models)) ?? null;
    const [row] = await tx
      .insert(plans)
      .values({
        code: `plan-${randomUUID().slice(0, 8)}`,
        name: input.name,
        creditsGrant: 0,
        monthlyCredits: input.monthly_credits,
        grantDay: input.grant_day,
        modelIds,
      })
      .returning();
    if (!row) throw new Error('plans insert returned no row');
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: 'plan.create',
      target: { type: 'plan', id: String(row.id), label: row.name },
      details: { monthly_credits: row.monthlyCredits, grant_day: row.grantDay, models: row.modelIds },
    });
    return planJson(row, 0);
  });
}

/** Changes the fields given; a change of the default plan's name is refused on the field. */
export async function updatePlan(db: Db, adminId: string, id: number, input: PlanUpdate): Promise<AdminPlan> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    if (!before) throw notFound();
    if (input.name !== undefined && input.name !== before.name) {
      if (before.isDefault) throw fieldErrors({ name: [m.defaultNameFixed] });
      await checkNameFree(tx, input.name, id);
    }
    const modelIds = await checkedModels(tx, input.models);
    const [row] = await tx
      .update(plans)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.monthly_credits !== undefined ? { monthlyCredits: input.monthly_credits } : {}),
        ...(input.grant_day !== undefined ? { grantDay: input.grant_day } : {}),
        ...(modelIds !== undefined ? { modelIds } : {}),
        grantedThrough: null,
        updatedAt: new Date(),
      })
      .where(eq(plans.id, id))
      .returning();
    if (!row) throw notFound();
    const changed = Object.fromEntries(
      (
        [
          ['name', before.name, row.name],
          ['monthly_credits', before.monthlyCredits, row.monthlyCredits],
          ['grant_day', before.grantDay, row.grantDay],
          ['models', before.modelIds, row.modelIds],
        ] as const
      )
        .filter(([, was, now]) => JSON.stringify(was) !== JSON.stringify(now))
        .map(([key, was, now]) => [key, { from: was, to: now }]),
    );
    if (Object.keys(changed).length > 0)
      await recordAudit(tx, {
        actor: { userId: adminId },
        action: 'plan.update',
        target: { type: 'plan', id: String(row.id), label: row.name },
        details: changed,
      });
    return planJson(row, await userCount(tx, id), await consoleSignupCredits(tx));
  });
}

/** Moves a user to a plan: an unknown plan is refused on `plan_id`, an unknown user as not found. */
export async function setUserPlan(db: Db, adminId: string, userId: string, planId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: plans.id, name: plans.name })
      .from(plans)
      .where(eq(plans.id, planId));
    if (!plan) throw fieldErrors({ plan_id: [m.unknown] });
    const [user] = await tx
      .select({ email: users.email, planId: users.planId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw notFound();
    if (user.planId === planId) return;
    await tx.update(users).set({ planId, updatedAt: new Date() }).where(eq(users.id, userId));
    await regrantPlan(tx, planId);
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: 'user.plan',
      target: { type: 'user', id: userId, label: user.email },
      details: { plan: plan.name },
    });
  });
}
