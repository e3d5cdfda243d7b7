/**
 * The registration policy in force: the console's, once an admin has saved one (a single row every instance
 * reads at each registration, so a change applies everywhere without a restart), else the server's
 * environment. The agreements to accept (TERMS_URL, PRIVACY_URL) stay the environment's.
 */
import type { AdminRegistrationPolicy } from '@wanxiang/api-client/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { plans, registrationPolicy, users } from '../../db/schema';

/**
 * What the environment says: the registration settings, and the default plan's sign-up credits (read from
 * the plan, which billing/plans.ts writes from DEFAULT_PLAN_CREDITS at start; this is the value when there
 * is no default plan yet).
 */
export type RegistrationDefaults = Config['registration'] & { signupCredits: number };

export const registrationDefaults = (config: Pick<Config, 'registration' | 'defaultPlan'>) => ({
  ...config.registration,
  signupCredits: config.defaultPlan.credits,
});

export async function readRegistrationPolicy(
  db: Db,
  defaults: RegistrationDefaults,
): Promise<AdminRegistrationPolicy> {
  const [row] = await db
    .select({ policy: registrationPolicy, by: users.email })
    .from(registrationPolicy)
    .leftJoin(users, eq(users.id, registrationPolicy.updatedBy))
    .limit(1);
  const agreements = { terms_url: defaults.termsUrl, privacy_url: defaults.privacyUrl };
  if (!row) {
    const [plan] = await db
      .select({ credits: plans.creditsGrant })
      .from(plans)
      .where(eq(plans.isDefault, true))
      .limit(1);
    return {
      mode: defaults.mode,
      signup_credits: plan?.credits ?? defaults.signupCredits,
      per_ip_per_day: defaults.maxPerIpPerDay,
      source: 'environment',
      updated_at: null,
      updated_by: null,
      ...agreements,
    };
  }
  const { policy } = row;
  return {
    // The table's CHECK keeps the mode one of the three.
    mode: policy.mode as AdminRegistrationPolicy['mode'],
    signup_credits: policy.signupCredits,
    per_ip_per_day: policy.perIpPerDay,
    source: 'console',
    updated_at: policy.updatedAt.toISOString(),
    updated_by: row.by,
    ...agreements,
  };
}
