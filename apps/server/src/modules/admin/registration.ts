/**
 * The registration policy set from the console (how accounts are made, the sign-up credits, the per-address
 * cap), and given back to the environment. Each change and its audit row are one transaction; two admins
 * saving at once are taken one after the other, so each audit row's "from" is what the other left.
 */
import type { AdminRegistrationPolicy, RegistrationPolicyInput } from '@wanxiang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registrationPolicy } from '../../db/schema';
import { type RegistrationDefaults, readRegistrationPolicy } from '../auth/policy';
import { recordAudit } from './audit';

const FIELDS = ['mode', 'signup_credits', 'per_ip_per_day'] as const;

/** Each field whose value differs, as from → to. */
function changes(before: RegistrationPolicyInput, after: RegistrationPolicyInput) {
  return Object.fromEntries(
    FIELDS.filter((field) => before[field] !== after[field]).map((field) => [
      field,
      { from: before[field], to: after[field] },
    ]),
  );
}

const lock = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('registration_policy'))`);

/**
 * Saves the policy; from the next registration on every instance follows it, whatever its environment
 * says. Saving what is already in force from the console changes nothing and writes no audit row.
 */
export async function saveRegistrationPolicy(
  db: Db,
  adminId: string,
  defaults: RegistrationDefaults,
  input: RegistrationPolicyInput,
): Promise<AdminRegistrationPolicy> {
  await db.transaction(async (tx) => {
    await lock(tx);
    const before = await readRegistrationPolicy(tx, defaults);
    const changed = changes(before, input);
    if (before.source === 'console' && Object.keys(changed).length === 0) return;
    const values = {
      mode: input.mode,
      signupCredits: input.signup_credits,
      perIpPerDay: input.per_ip_per_day,
      updatedAt: new Date(),
      updatedBy: adminId,
    };
    await tx
      .insert(registrationPolicy)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: registrationPolicy.id, set: values });
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: 'registration.update',
      details: { ...changed, ...(before.source === 'environment' ? { was: 'environment' } : {}) },
    });
  });
  return readRegistrationPolicy(db, defaults);
}

/** Drops the console's policy, so that the environment decides again; nothing to drop changes nothing. */
export async function resetRegistrationPolicy(
  db: Db,
  adminId: string,
  defaults: RegistrationDefaults,
): Promise<AdminRegistrationPolicy> {
  await db.transaction(async (tx) => {
    await lock(tx);
    const before = await readRegistrationPolicy(tx, defaults);
    if (before.source === 'environment') return;
    await tx.delete(registrationPolicy);
    const after = await readRegistrationPolicy(tx, defaults);
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: 'registration.reset',
      details: changes(before, after),
    });
  });
  return readRegistrationPolicy(db, defaults);
}
