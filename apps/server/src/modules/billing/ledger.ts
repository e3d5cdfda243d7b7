import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditLedger, users } from '../../db/schema';

/**
 * What a ledger row is: credits granted (plan), spent on a chat turn, an assistant turn or a web search,
 * given back (refund), added by a redeem code, set by an operator (adjustment) or paid for a subscription.
 * Rows written before chat, assistant and search were told apart say `charge` (a chat turn's).
 */
export type CreditKind =
  | 'grant'
  | 'chat'
  | 'assistant'
  | 'search'
  | 'refund'
  | 'redeem'
  | 'adjustment'
  | 'subscription';

/** The kinds that pay for generated work: a hold is written as one of these. */
export type ChargeKind = 'chat' | 'assistant' | 'search';
/** Every kind a paid work's hold may carry, the old `charge` included. */
export const HOLD_KINDS = ['chat', 'assistant', 'search', 'charge'] as const;

/** What a ledger row is about: the conversation or document it links to. */
export interface LedgerTarget {
  type: 'conversation' | 'document';
  id: string;
}

/** What a charge paid for, when it is known: shown with the row. */
export interface LedgerDetails {
  model?: string;
  tokensIn?: number;
  tokensOut?: number;
  target?: LedgerTarget;
}

export interface CreditChange {
  userId: string;
  /** Positive adds credits, negative takes them. */
  delta: number;
  kind: CreditKind;
  /** Makes the change idempotent: a second change with the same user, kind and reference is a no-op. */
  reference?: string;
  note?: string;
  details?: LedgerDetails;
}

/** The ledger columns of `details`. */
export function detailColumns(details: LedgerDetails | undefined) {
  return {
    model: details?.model ?? null,
    tokensIn: details?.tokensIn ?? null,
    tokensOut: details?.tokensOut ?? null,
    targetType: details?.target?.type ?? null,
    targetId: details?.target?.id ?? null,
  };
}

export class InsufficientCreditsError extends Error {
  constructor(
    readonly balance: number,
    readonly delta: number,
  ) {
    super(`balance ${balance} cannot cover ${delta}`);
    this.name = 'InsufficientCreditsError';
  }
}

export class UnknownUserError extends Error {
  constructor(readonly userId: string) {
    super(`no user ${userId}`);
    this.name = 'UnknownUserError';
  }
}

/**
 * The only way a balance changes: the user row is locked, updated and a ledger row written in one
 * transaction (a savepoint when the caller already holds one), so the ledger always sums to the balance
 * and a balance never goes below zero.
 */
export async function applyCreditChange(
  executor: Db,
  change: CreditChange,
): Promise<{ balance: number; applied: boolean }> {
  if (!Number.isSafeInteger(change.delta)) throw new RangeError('credit delta must be an integer');
  return executor.transaction(async (tx) => {
    const [user] = await tx
      .select({ balance: users.creditsBalance })
      .from(users)
      .where(eq(users.id, change.userId))
      .for('update');
    if (!user) throw new UnknownUserError(change.userId);
    if (change.reference !== undefined) {
      const [existing] = await tx
        .select({ id: creditLedger.id })
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.userId, change.userId),
            eq(creditLedger.kind, change.kind),
            eq(creditLedger.reference, change.reference),
          ),
        )
        .limit(1);
      if (existing) return { balance: user.balance, applied: false };
    }
    const balance = user.balance + change.delta;
    if (balance < 0) throw new InsufficientCreditsError(user.balance, change.delta);
    await tx
      .update(users)
      .set({ creditsBalance: sql`${users.creditsBalance} + ${change.delta}`, updatedAt: new Date() })
      .where(eq(users.id, change.userId));
    await tx.insert(creditLedger).values({
      userId: change.userId,
      delta: change.delta,
      balanceAfter: balance,
      kind: change.kind,
      reference: change.reference ?? null,
      note: change.note ?? null,
      ...detailColumns(change.details),
    });
    return { balance, applied: true };
  });
}
