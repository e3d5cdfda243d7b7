import type { CurrentUser } from '@wanxiang/api-client/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans, users } from '../../db/schema';

/** The signed-in user's own profile; the id comes from the verified token, never from the request. */
export async function getProfile(db: Db, userId: string): Promise<CurrentUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      creditsBalance: users.creditsBalance,
      planName: plans.name,
    })
    .from(users)
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname ?? '',
    credits_balance: row.creditsBalance,
    subscription_plan: row.planName === null ? null : { name: row.planName },
  };
}
