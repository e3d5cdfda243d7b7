/**
 * A user's subscription to a strategy: NONE (no row) → PENDING on subscribe or renew →
 * ACTIVE on the mock payment, for SUBSCRIPTION_DAYS → EXPIRED after it. Every change is a row of
 * strategy_subscription_events, written in the same transaction as the change; each change locks the
 * subscription's row, so two clicks at once cannot both pass.
 */
import { SUBSCRIPTION_DAYS, type Subscription } from '@wanxiang/api-client/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { strategySubscriptionEvents, strategySubscriptions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { shanghaiClock } from '../market/calendar';

const m = messages.strategy;
const DAY_MS = 86_400_000;

type Row = typeof strategySubscriptions.$inferSelect;

export class SubscriptionService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Moves `row` to `status` and records the change. */
  private async change(tx: Db, row: Row, status: string, expiresAt: Date | null): Promise<Row> {
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
      return { id: null, strategy_slug: slug, subscription_status: 'NONE', expires_at: null, history: [] };
    const events = await tx
      .select()
      .from(strategySubscriptionEvents)
      .where(eq(strategySubscriptionEvents.subscriptionId, row.id))
      .orderBy(asc(strategySubscriptionEvents.id));
    return {
      id: row.id,
      strategy_slug: slug,
      subscription_status: row.status,
      expires_at: row.expiresAt?.toISOString() ?? null,
      history: events.map((event) => ({
        from_status: event.fromStatus,
        to_status: event.toStatus,
        expires_at: event.expiresAt?.toISOString() ?? null,
        created_at: event.createdAt.toISOString(),
      })),
    };
  }

  get(userId: string, slug: string): Promise<Subscription> {
    return this.db.transaction(async (tx) => this.describe(tx, slug, await this.locked(tx, userId, slug)));
  }

  /** Subscribe (NONE) or renew (EXPIRED): PENDING. Refused while PENDING or ACTIVE. */
  subscribe(userId: string, slug: string): Promise<Subscription> {
    return this.db.transaction(async (tx) => {
      const row = await this.locked(tx, userId, slug);
      if (!row) {
        const [created] = await tx
          .insert(strategySubscriptions)
          .values({ userId, slug, status: 'PENDING', createdAt: this.now(), updatedAt: this.now() })
          .onConflictDoNothing()
          .returning();
        // Another request of the same user created it a moment ago: that one is pending now.
        if (!created) throw new HttpError(409, { detail: m.alreadyPending });
        await tx.insert(strategySubscriptionEvents).values({
          subscriptionId: created.id,
          fromStatus: 'NONE',
          toStatus: 'PENDING',
          createdAt: this.now(),
        });
        return this.describe(tx, slug, created);
      }
      if (row.status === 'PENDING') throw new HttpError(409, { detail: m.alreadyPending });
      if (row.status === 'ACTIVE')
        throw new HttpError(409, {
          detail: m.stillActive(shanghaiClock(row.expiresAt ?? this.now()).date),
        });
      return this.describe(tx, slug, await this.change(tx, row, 'PENDING', row.expiresAt));
    });
  }

  /** The mock payment of the user's own PENDING subscription: ACTIVE for SUBSCRIPTION_DAYS. */
  pay(userId: string, id: string): Promise<Subscription> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select()
        .from(strategySubscriptions)
        .where(and(eq(strategySubscriptions.id, id), eq(strategySubscriptions.userId, userId)))
        .for('update');
      // Another user's subscription is as unknown as a missing one.
      if (!found) throw new HttpError(404, { detail: m.subscriptionNotFound });
      const row = await this.settleExpiry(tx, found);
      if (row.status === 'ACTIVE') throw new HttpError(409, { detail: m.alreadyActive });
      if (row.status !== 'PENDING') throw new HttpError(409, { detail: m.notPending });
      const expiresAt = new Date(this.now().getTime() + SUBSCRIPTION_DAYS * DAY_MS);
      return this.describe(tx, row.slug, await this.change(tx, row, 'ACTIVE', expiresAt));
    });
  }
}
