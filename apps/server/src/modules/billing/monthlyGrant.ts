/**
 * The plans' monthly credits. Every instance runs the grant every few minutes (app.ts); each user's grant for
 * a month is one ledger row whose reference names the plan and the month, written by applyCreditChange under
 * the user's row lock, so however many instances run it at once, a user gets a month's credits once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditLedger, plans, users } from '../../db/schema';
import { messages } from '../../i18n/zh-CN';
import { applyCreditChange, UnknownUserError } from './ledger';

/** Beijing keeps no summer time: its days begin at 16:00 UTC the day before. */
const BEIJING_OFFSET_MS = 8 * 3_600_000;
/** Users granted per query, so that a plan of a million users is read a slice at a time. */
const BATCH = 500;

/** The month (YYYY-MM, Beijing) `now` falls in, and the moment its grant on `day` is due. */
export function grantMoment(now: Date, day: number): { period: string; moment: Date } {
  const beijing = new Date(now.getTime() + BEIJING_OFFSET_MS);
  const year = beijing.getUTCFullYear();
  const month = beijing.getUTCMonth();
  return {
    period: `${year}-${String(month + 1).padStart(2, '0')}`,
    moment: new Date(Date.UTC(year, month, day) - BEIJING_OFFSET_MS),
  };
}

/**
 * Makes the plan's members be looked at again by the next grant: someone may be due whom its last full pass
 * did not see (moved onto the plan, or the grant itself changed).
 */
export const regrantPlan = (executor: Db, planId: number) =>
  executor.update(plans).set({ grantedThrough: null }).where(eq(plans.id, planId));

/** The same for the plan `userId` is on, when the account is enabled again (a disabled one is passed over). */
export const regrantPlanOf = (executor: Db, userId: string) =>
  executor
    .update(plans)
    .set({ grantedThrough: null })
    .where(eq(plans.id, sql`(select ${users.planId} from ${users} where ${users.id} = ${userId})`));

/** The ledger reference of one plan's grant for one month: what makes it once per user. */
export const grantReference = (planId: number, period: string) => `monthly:${planId}:${period}`;

/**
 * Grants this month's credits of every plan whose day has come to each active user on it whose account is
 * older than that moment (a new account has its sign-up credits) and has not had them. Answers how many
 * users this run granted. A plan whose pass went through without a failure is marked done for the month
 * (`granted_through`) and passed over by later runs, unless a change clears the mark (regrantPlan).
 */
export async function grantMonthlyCredits(db: Db, now = new Date()): Promise<number> {
  const due = await db.select().from(plans).where(gt(plans.monthlyCredits, 0));
  let granted = 0;
  const failures: unknown[] = [];
  for (const plan of due) {
    const { period, moment } = grantMoment(now, plan.grantDay);
    if (now.getTime() < moment.getTime() || plan.grantedThrough === period) continue;
    const failed = failures.length;
    // This pass's own mark: a change during the pass (regrantPlan) or another instance's pass replaces it,
    // and then this pass does not mark the month done, since it may not have seen everyone due.
    const pass = `run:${randomUUID()}`;
    await db
      .update(plans)
      .set({ grantedThrough: pass })
      .where(
        and(
          eq(plans.id, plan.id),
          plan.grantedThrough === null
            ? isNull(plans.grantedThrough)
            : eq(plans.grantedThrough, plan.grantedThrough),
        ),
      );
    const reference = grantReference(plan.id, period);
    const alreadyGranted = db
      .select({ one: sql`1` })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, users.id),
          eq(creditLedger.kind, 'grant'),
          eq(creditLedger.reference, reference),
        ),
      );
    // By id, a slice at a time: an account that cannot be granted now (its balance at the column's
    // limit) is passed over, not read again, so one bad row neither stops the others nor loops.
    let after: string | undefined;
    for (;;) {
      const waiting = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.planId, plan.id),
            eq(users.isActive, true),
            lt(users.createdAt, moment),
            after === undefined ? undefined : gt(users.id, after),
            notExists(alreadyGranted),
          ),
        )
        .orderBy(users.id)
        .limit(BATCH);
      for (const { id } of waiting) {
        try {
          const { applied } = await applyCreditChange(db, {
            userId: id,
            delta: plan.monthlyCredits,
            kind: 'grant',
            reference,
            note: messages.plans.monthlyGrant(plan.name, period),
          });
          if (applied) granted += 1;
        } catch (error) {
          // An account deleted since it was read has nothing to be granted.
          if (!(error instanceof UnknownUserError)) failures.push(error);
        }
      }
      if (waiting.length < BATCH) break;
      after = waiting.at(-1)?.id;
    }
    if (failures.length === failed)
      await db
        .update(plans)
        .set({ grantedThrough: period })
        .where(and(eq(plans.id, plan.id), eq(plans.grantedThrough, pass)));
  }
  // The next run (minutes later) tries the failed accounts again; the log says why they failed.
  if (failures.length > 0)
    throw new AggregateError(failures, `the monthly grant failed for ${failures.length} account(s)`);
  return granted;
}
