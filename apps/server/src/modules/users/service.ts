import type { CurrentUser } from '@wanxiang/api-client/contract';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans, strategySubscriptions, users } from '../../db/schema';
import { messages } from '../../i18n/zh-CN';
import { avatarPath } from '../auth/avatar';

/** The signed-in user's own profile; the id comes from the verified token, never from the request. */
export async function getProfile(
  db: Db,
  userId: string,
  now: Date = new Date(),
): Promise<CurrentUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      creditsBalance: users.creditsBalance,
      role: users.role,
      planName: plans.name,
      avatarKey: users.avatarKey,
    })
    .from(users)
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  // A running strategy subscription is the plan the user menu shows, with its end.
  const [strategy] = await db
    .select({ expiresAt: strategySubscriptions.expiresAt })
    .from(strategySubscriptions)
    .where(
      and(
        eq(strategySubscriptions.userId, userId),
        eq(strategySubscriptions.status, 'ACTIVE'),
        gt(strategySubscriptions.expiresAt, now),
      ),
    )
    .orderBy(desc(strategySubscriptions.expiresAt))
    .limit(1);
  const subscriptionPlan = strategy?.expiresAt
    ? { name: messages.strategy.profilePlan, expires_at: strategy.expiresAt.toISOString() }
    : row.planName === null
      ? null
      : { name: row.planName };
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname ?? '',
    credits_balance: row.creditsBalance,
    subscription_plan: subscriptionPlan,
    avatar_url: row.avatarKey ? avatarPath(row.avatarKey) : null,
    role: row.role === 'admin' ? 'admin' : 'user',
  };
}
