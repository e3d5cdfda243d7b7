import type { AdminApi } from '@wanxiang/api-client';
import type { AdminPlan, AdminUserDetail } from '@wanxiang/api-client/contract';
import { Select, SelectItem } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import * as account from '../account/Account.css';
import { failureText } from './errors';
import { adminText as t } from './messages';

/**
 * The user's plan as a choice of every plan: picking one moves the user at once (the monthly grant follows
 * the new plan), and the result is said beside it.
 */
export function UserPlanPicker({
  admin,
  user,
  onChanged,
}: {
  admin: Pick<AdminApi, 'plans' | 'setUserPlan'>;
  user: AdminUserDetail;
  onChanged: (user: AdminUserDetail) => void;
}) {
  const [plans, setPlans] = useState<AdminPlan[]>([]);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    admin.plans().then(
      (list) => live && setPlans(list),
      (failure) => live && setMessage({ text: failureText(failure), failed: true }),
    );
    return () => {
      live = false;
    };
  }, [admin]);

  const move = async (planId: number) => {
    if (planId === user.plan?.id) return;
    setBusy(true);
    setMessage(null);
    try {
      const next = await admin.setUserPlan(user.id, planId);
      onChanged(next);
      setMessage({ text: t.plans.moved(next.plan?.name ?? ''), failed: false });
    } catch (failure) {
      setMessage({ text: failureText(failure), failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={account.form}>
      <Select
        label={t.plans.pick}
        items={plans}
        value={user.plan?.id ?? null}
        onChange={(key) => {
          if (key !== null) void move(Number(key));
        }}
        isDisabled={busy || plans.length === 0}
      >
        {(plan: AdminPlan) => (
          <SelectItem id={plan.id} textValue={plan.name}>
            {plan.name}
          </SelectItem>
        )}
      </Select>
      <span role={message?.failed ? 'alert' : 'status'} className={account.muted}>
        {message?.text ?? ''}
      </span>
    </div>
  );
}
