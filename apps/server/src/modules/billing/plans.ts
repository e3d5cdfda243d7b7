import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { plans } from '../../db/schema';

export type Plan = typeof plans.$inferSelect;

/**
 * Makes the configured plan the one default plan. The environment is the source of truth for it: changing
 * DEFAULT_PLAN_CREDITS changes what users who register from then on receive; existing balances stay.
 * DEFAULT_PLAN_STORAGE is the allowance of every user on it, at once (the operator's per-user
 * allowances, set with `node dist/main.js storage`, stay).
 */
export async function ensureDefaultPlan(db: Db, plan: Config['defaultPlan']): Promise<Plan> {
  return db.transaction(async (tx) => {
    await tx
      .update(plans)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(eq(plans.isDefault, true), ne(plans.code, plan.code)));
    const [row] = await tx
      .insert(plans)
      .values({
        code: plan.code,
        name: plan.name,
        creditsGrant: plan.credits,
        storageQuotaBytes: plan.storage,
        isDefault: true,
      })
      .onConflictDoUpdate({
        target: plans.code,
        set: {
          name: plan.name,
          creditsGrant: plan.credits,
          storageQuotaBytes: plan.storage,
          isDefault: true,
          updatedAt: new Date(),
        },
      })
      .returning();
    if (!row) throw new Error('default plan upsert returned no row');
    return row;
  });
}

export async function findDefaultPlan(db: Db): Promise<Plan | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.isDefault, true)).limit(1);
  return row;
}
