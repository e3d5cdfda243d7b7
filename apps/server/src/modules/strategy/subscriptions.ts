/**
 * A user's subscription to a strategy, bought with credits: NONE (no row) → ACTIVE for the plan's days →
 * EXPIRED after it; buying again while ACTIVE extends it from its current end. Every change is a row of
 * strategy_subscription_events, written in the same transaction as the change and its charge; each change
 * locks the subscription's row, so two purchases at once queue. A purchase carries the client's request
 * id: sent again, it finds its event and charges nothing.
 */
import {
  INSUFFICIENT_CREDITS_CODE,
  type StrategyPlan,
  SUBSCRIPTION_REQUIRED_CODE,
  type SubscribeAnswer,
  type Subscription,
} from '@wanxiang/api-client/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { strategyPlans, strategySubscriptionEvents, strategySubscriptions, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { applyCreditChange, InsufficientCreditsError } from '../billing/ledger';

const m = messages.strategy;
const DAY_MS = 86_400_000;

type Row = typeof strategySubscriptions.$inferSelect;
type PlanRow = typeof strategyPlans.$inferSelect;

/** What a paid change records besides its status. */
interface Purchase {
  plan: PlanRow;
  requestId: string;
}

const planOf = (row: PlanRow): StrategyPlan => ({
  code: row.code,
  strategy_slug: row.slug,
  name: row.name,
  price_credits: row.priceCredits,
  duration_days: row.durationDays,
  benefits: row.benefits,
});

/** The ledger reference of a purchase: the same request id is the same charge. */
export const purchaseReference = (requestId: string) => `strategy-subscription:${requestId}`;

export class SubscriptionService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** The plans on sale for `slug`, cheapest first. */
  async plans(slug: string): Promise<StrategyPlan[]> {
    const rows = await this.db
      .select()
      .from(strategyPlans)
      .where(and(eq(strategyPlans.slug, slug), eq(strategyPlans.active, true)))
      .orderBy(asc(strategyPlans.priceCredits), asc(strategyPlans.code));
    return rows.map(planOf);
  }

  /** Moves `row` to `status` and records the change (with the purchase that paid for it, if any). */
  private async change(
    tx: Db,
    row: Row,
    status: string,
    expiresAt: Date | null,
    purchase?: Purchase,
  ): Promise<Row> {
    const [updated] = await tx
      .update(strategySubscriptions)
      .set({ status, expiresAt, updatedAt: this.now() })
      .where(eq(strategySubscriptions.id, row.id))
      .returning();
    await tx.insert(strategySubscriptionEvents).values({
      subscriptionId: row.id,
      fromStatus: row.status,
      toStatus: status,
      expiresAt,
      planCode: purchase?.plan.code ?? null,
      priceCredits: purchase?.plan.priceCredits ?? null,
      requestId: purchase?.requestId ?? null,
      createdAt: this.now(),
    });
    return updated as Row;
  }

  /** An ACTIVE row past its expiry becomes EXPIRED (recorded) the first time it is looked at. */
  private async settleExpiry(tx: Db, row: Row): Promise<Row> {
    if (row.status === 'ACTIVE' && row.expiresAt && row.expiresAt <= this.now())
      return this.change(tx, row, 'EXPIRED', row.expiresAt);
    return row;
  }

  private async locked(tx: Db, userId: string, slug: string): Promise<Row | undefined> {
    const [row] = await tx
      .select()
      .from(strategySubscriptions)
      .where(and(eq(strategySubscriptions.userId, userId), eq(strategySubscriptions.slug, slug)))
      .for('update');
    return row ? this.settleExpiry(tx, row) : undefined;
  }

  private async describe(tx: Db, slug: string, row: Row | undefined): Promise<Subscription> {
    if (!row)
      return {
        id: null,
        strategy_slug: slug,
        subscription_status: 'NONE',
        expires_at: null,
        plan: null,
        history: [],
      };
    const events = await tx
      .select()
      .from(strategySubscriptionEvents)
      .where(eq(strategySubscriptionEvents.subscriptionId, row.id))
      .orderBy(asc(strategySubscriptionEvents.id));
    const lastPlan = events.findLast((event) => event.planCode !== null)?.planCode ?? null;
    const [plan] = lastPlan
      ? await tx.select().from(strategyPlans).where(eq(strategyPlans.code, lastPlan)).limit(1)
      : [];
    return {
      id: row.id,
      strategy_slug: slug,
      subscription_status: statusOf(row),
      expires_at: row.expiresAt?.toISOString() ?? null,
      plan: plan ? { code: plan.code, name: plan.name } : null,
      history: events.map((event) => ({
        from_status: event.fromStatus,
        to_status: event.toStatus,
        expires_at: event.expiresAt?.toISOString() ?? null,
        plan_code: event.planCode,
        price_credits: event.priceCredits,
        created_at: event.createdAt.toISOString(),
      })),
    };
  }

  get(userId: string, slug: string): Promise<Subscription> {
    return this.db.transaction(async (tx) => this.describe(tx, slug, await this.locked(tx, userId, slug)));
  }

  /** The end of the user's running subscription to `slug` (ACTIVE, not past its end), if any. Reads only. */
  async activeUntil(userId: string, slug: string): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ expiresAt: strategySubscriptions.expiresAt })
      .from(strategySubscriptions)
      .where(
        and(
          eq(strategySubscriptions.userId, userId),
          eq(strategySubscriptions.slug, slug),
          eq(strategySubscriptions.status, 'ACTIVE'),
          gt(strategySubscriptions.expiresAt, this.now()),
        ),
      )
      .limit(1);
    return row?.expiresAt ?? undefined;
  }

  /** Refuses (403 `subscription_required`) a user without a running subscription to `slug`. */
  async requireActive(userId: string, slug: string, what: string): Promise<void> {
    if (await this.activeUntil(userId, slug)) return;
    throw new HttpError(403, { code: SUBSCRIPTION_REQUIRED_CODE, detail: m.subscriptionRequired(what) });
  }

  /**
   * Buys `planCode` for `slug` with credits, in one transaction: the charge (ledger kind `subscription`,
   * reference the request id) and the change to ACTIVE — from now, or from the current end while ACTIVE.
   * The same request id again answers the subscription as it is and charges nothing.
   */
  subscribe(
    userId: string,
    slug: string,
    request: { planCode: string; requestId: string },
  ): Promise<SubscribeAnswer> {
    return this.db.transaction(async (tx) => {
      const [plan] = await tx
        .select()
        .from(strategyPlans)
        .where(
          and(
            eq(strategyPlans.code, request.planCode),
            eq(strategyPlans.slug, slug),
            eq(strategyPlans.active, true),
          ),
        )
        .limit(1);
      if (!plan) throw new HttpError(404, { detail: m.unknownPlan });
      // The first purchase makes the row; a purchase at the same moment waits for it here and finds it.
      await tx
        .insert(strategySubscriptions)
        .values({ userId, slug, status: 'NONE', createdAt: this.now(), updatedAt: this.now() })
        .onConflictDoNothing();
      const row = await this.locked(tx, userId, slug);
      if (!row) throw new Error('subscription row missing after insert');

      const [done] = await tx
        .select({ id: strategySubscriptionEvents.id })
        .from(strategySubscriptionEvents)
        .where(
          and(
            eq(strategySubscriptionEvents.subscriptionId, row.id),
            eq(strategySubscriptionEvents.requestId, request.requestId),
          ),
        )
        .limit(1);
      if (done) {
        const [user] = await tx
          .select({ balance: users.creditsBalance })
          .from(users)
          .where(eq(users.id, userId));
        return { ...(await this.describe(tx, slug, row)), credits_balance: user?.balance ?? 0, charged: 0 };
      }

      let balance: number;
      try {
        ({ balance } = await applyCreditChange(tx, {
          userId,
          delta: -plan.priceCredits,
          kind: 'subscription',
          reference: purchaseReference(request.requestId),
          note: m.purchaseNote(plan.name, plan.durationDays),
        }));
      } catch (error) {
        if (error instanceof InsufficientCreditsError)
          throw new HttpError(402, {
            code: INSUFFICIENT_CREDITS_CODE,
            detail: m.insufficientCredits(plan.name, plan.priceCredits, error.balance),
          });
        throw error;
      }
      const now = this.now();
      const from = row.status === 'ACTIVE' && row.expiresAt && row.expiresAt > now ? row.expiresAt : now;
      const expiresAt = new Date(from.getTime() + plan.durationDays * DAY_MS);
      const changed = await this.change(tx, row, 'ACTIVE', expiresAt, { plan, requestId: request.requestId });
      return {
        ...(await this.describe(tx, slug, changed)),
        credits_balance: balance,
        charged: plan.priceCredits,
      };
    });
  }
}

/**
 * The status a user sees: a row is NONE only inside the transaction that makes it; a PENDING row from the
 * time of mock payments is an order nobody paid — NONE if it never ran, EXPIRED if it had.
 */
function statusOf(row: Row): string {
  if (row.status !== 'PENDING') return row.status;
  return row.expiresAt ? 'EXPIRED' : 'NONE';
}
