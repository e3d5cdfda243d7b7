import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlState } from '../src/db/client';
import { creditLedger, users } from '../src/db/schema';
import { applyCreditChange, InsufficientCreditsError, UnknownUserError } from '../src/modules/billing/ledger';
import { databaseKinds, useTestDatabase } from './helpers';

describe.each(databaseKinds)('credit ledger on %s', (kind) => {
  const db = useTestDatabase(kind);

  async function newUser(balance = 0) {
    const [user] = await db()
      .database.db.insert(users)
      .values({ email: `u${Math.random()}@example.com`, passwordHash: 'x' })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    if (balance > 0)
      await applyCreditChange(db().database.db, { userId: user.id, delta: balance, kind: 'grant' });
    return user.id;
  }

  async function state(userId: string) {
    const [row] = await db()
      .database.db.select({ balance: users.creditsBalance })
      .from(users)
      .where(eq(users.id, userId));
    const [sum] = await db()
      .database.db.select({
        total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int`,
        rows: sql<number>`count(*)::int`,
      })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    return { balance: row?.balance, ledgerSum: sum?.total, rows: sum?.rows };
  }

  it('records every change as a row whose running total is the balance', async () => {
    const userId = await newUser(1000);
    await applyCreditChange(db().database.db, { userId, delta: -120, kind: 'chat', reference: 'turn:1' });
    await applyCreditChange(db().database.db, { userId, delta: 20, kind: 'refund', reference: 'turn:1' });
    expect(await state(userId)).toEqual({ balance: 900, ledgerSum: 900, rows: 3 });
    const rows = await db()
      .database.db.select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(creditLedger.id);
    expect(rows.map((r) => r.balanceAfter)).toEqual([1000, 880, 900]);
  });

  it('never lets a balance go below zero, and leaves no trace of a refused charge', async () => {
    const userId = await newUser(100);
    await expect(
      applyCreditChange(db().database.db, { userId, delta: -101, kind: 'chat' }),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await state(userId)).toEqual({ balance: 100, ledgerSum: 100, rows: 1 });
    // The database refuses it too, whatever code path tries.
    const direct = db().database.db.update(users).set({ creditsBalance: -1 }).where(eq(users.id, userId));
    await expect(direct).rejects.toSatisfy((error) => sqlState(error) === '23514');
  });

  it('applies a change with the same reference only once', async () => {
    const userId = await newUser(500);
    const first = await applyCreditChange(db().database.db, {
      userId,
      delta: -50,
      kind: 'chat',
      reference: 'turn:7',
    });
    const again = await applyCreditChange(db().database.db, {
      userId,
      delta: -50,
      kind: 'chat',
      reference: 'turn:7',
    });
    expect(first).toEqual({ balance: 450, applied: true });
    expect(again).toEqual({ balance: 450, applied: false });
    expect(await state(userId)).toEqual({ balance: 450, ledgerSum: 450, rows: 2 });
  });

  it('stays consistent under concurrent charges', async () => {
    const userId = await newUser(1000);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        applyCreditChange(db().database.db, { userId, delta: -150, kind: 'chat', reference: `turn:${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientCreditsError);
    expect(await state(userId)).toEqual({ balance: 100, ledgerSum: 100, rows: 7 });
  });

  it('refuses unknown users and fractional amounts', async () => {
    await expect(
      applyCreditChange(db().database.db, {
        userId: '00000000-0000-4000-8000-000000000000',
        delta: 5,
        kind: 'grant',
      }),
    ).rejects.toBeInstanceOf(UnknownUserError);
    const userId = await newUser();
    await expect(
      applyCreditChange(db().database.db, { userId, delta: 1.5, kind: 'grant' }),
    ).rejects.toBeInstanceOf(RangeError);
  });
});
