/**
 * Which models a user's plan lets them choose: the plan's list, or every enabled model when it has none.
 * A user on no plan is on the default one. Read at every model list and every turn, so that a change of
 * the plan, or a move to another plan, applies from the next request on every instance.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans, users } from '../../db/schema';
import { fieldErrors } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import type { ModelCatalog } from '../models/catalog';

/** The ids the user's plan allows, or null for every model. */
export async function planModelIds(db: Db, userId: string): Promise<ReadonlySet<string> | null> {
  const [row] = await db
    .select({ modelIds: plans.modelIds })
    .from(users)
    .innerJoin(
      plans,
      eq(plans.id, sql`coalesce(${users.planId}, (select d.id from plans d where d.is_default))`),
    )
    .where(eq(users.id, userId));
  return row?.modelIds ? new Set(row.modelIds) : null;
}

/** Whether the plan's list (null: every model) lets its users choose `modelId`. */
export const planAllows = (allowed: ReadonlySet<string> | null, modelId: string) =>
  allowed === null || allowed.has(modelId);

/**
 * The enabled catalog model a user asked for a turn with, or a refusal on `model_id` that says whether the
 * model is gone or outside their plan. The chat and the writing assistant both start their turns here.
 */
export async function modelForTurn(db: Db, catalog: ModelCatalog, userId: string, modelId: string) {
  const entry = (await catalog.current()).get(modelId);
  if (!entry) throw fieldErrors({ model_id: [messages.chat.unknownModel] });
  if (!planAllows(await planModelIds(db, userId), entry.definition.id))
    throw fieldErrors({ model_id: [messages.chat.notInPlan] });
  return entry;
}
