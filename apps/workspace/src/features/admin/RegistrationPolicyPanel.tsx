import type { AdminApi } from '@wanxiang/api-client';
import {
  type AdminRegistrationPolicy,
  REGISTRATION_MODES,
  REGISTRATIONS_PER_IP_MAX,
  SIGNUP_CREDITS_MAX,
} from '@wanxiang/api-client/contract';
import { Alert, Button, ConfirmDialog, Select, SelectItem, TextField } from '@wanxiang/ui';
import { useState } from 'react';
import * as account from '../account/Account.css';
import * as styles from './Admin.css';
import { failureText } from './errors';
import { Fact } from './Fact';
import { type FieldErrors, useFieldsForm, wholeInRange } from './forms';
import { adminText } from './messages';

const t = adminText.registration;

type RegistrationMode = (typeof REGISTRATION_MODES)[number];

type Field = 'signup_credits' | 'per_ip_per_day';

/** The form checked as the server checks it, each fault on its field; the policy to send when none. */
export function checkRegistrationPolicy(draft: Record<Field, string>, mode: RegistrationMode) {
  const errors: FieldErrors<Field> = {};
  const signupCredits = wholeInRange(
    errors,
    draft.signup_credits,
    'signup_credits',
    '新用户赠送的积分',
    SIGNUP_CREDITS_MAX,
    0,
  );
  const perIp = wholeInRange(
    errors,
    draft.per_ip_per_day,
    'per_ip_per_day',
    '每天注册数',
    REGISTRATIONS_PER_IP_MAX,
  );
  return { errors, input: { mode, signup_credits: signupCredits, per_ip_per_day: perIp } };
}

const MODE_ITEMS = REGISTRATION_MODES.map((mode) => ({ id: mode }));

function PolicyForm({
  admin,
  policy,
  onSaved,
  onCancel,
}: {
  admin: Pick<AdminApi, 'setRegistrationPolicy'>;
  policy: AdminRegistrationPolicy;
  onSaved: (policy: AdminRegistrationPolicy) => void;
  onCancel: () => void;
}) {
  const [mode, setMode] = useState<RegistrationMode>(policy.mode);
  const form = useFieldsForm<Field>({
    signup_credits: String(policy.signup_credits),
    per_ip_per_day: String(policy.per_ip_per_day),
  });
  const [error, setError] = useState<string | null>(null);
  const submit = form.submitWith(
    (draft) => checkRegistrationPolicy(draft, mode),
    async (input) => {
      setError(null);
      onSaved(await admin.setRegistrationPolicy(input));
    },
    (failure) => setError(failureText(failure)),
  );
  return (
    <form className={styles.settingsForm} onSubmit={submit} noValidate aria-label={t.formLabel}>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Select
        label={t.mode}
        description={t.modeHints[mode]}
        items={MODE_ITEMS}
        value={mode}
        onChange={(key) => {
          if (key !== null) setMode(key as RegistrationMode);
        }}
      >
        {(item: { id: RegistrationMode }) => (
          <SelectItem id={item.id} textValue={t.modes[item.id]}>
            {t.modes[item.id]}
          </SelectItem>
        )}
      </Select>
      <TextField label={t.signupCreditsField} inputMode="numeric" {...form.bind('signup_credits')} />
      <TextField label={t.perIpField} inputMode="numeric" {...form.bind('per_ip_per_day')} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isPending={form.busy}>
          {t.save}
        </Button>
        <Button onPress={onCancel}>{t.cancel}</Button>
      </div>
    </form>
  );
}

/**
 * 注册设置 on the invitation page: how accounts are made now, on every instance (the mode, the sign-up
 * credits, the per-address cap), where that comes from (the console or the server's environment), the
 * agreements a new user accepts; changed in a form that names each wrong field, and given back to the
 * environment after a confirmation.
 */
export function RegistrationPolicyPanel({
  admin,
  policy,
  onChanged,
  timeZone,
}: {
  admin: Pick<AdminApi, 'setRegistrationPolicy' | 'resetRegistrationPolicy'>;
  policy: AdminRegistrationPolicy;
  /** After a save or a reset, with the policy now in force. */
  onChanged: (policy: AdminRegistrationPolicy) => void;
  timeZone?: string;
}) {
  const [editing, setEditing] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const reset = async () => {
    try {
      onChanged(await admin.resetRegistrationPolicy());
    } catch (failure) {
      throw new Error(failureText(failure));
    }
    setDone(t.wasReset);
  };

  return (
    <section className={account.section} aria-labelledby="registration-policy">
      <h2 id="registration-policy" className={account.sectionTitle}>
        {t.title}
      </h2>
      <span role="status" className={account.muted}>
        {done ?? ''}
      </span>
      {editing ? (
        <PolicyForm
          admin={admin}
          policy={policy}
          onSaved={(saved) => {
            setEditing(false);
            setDone(t.saved);
            onChanged(saved);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <dl className={styles.facts}>
            <Fact label={t.mode}>{t.modes[policy.mode]}</Fact>
            <Fact label={t.signupCredits}>{adminText.credits(policy.signup_credits)}</Fact>
            <Fact label={t.perIp}>{t.perIpValue(policy.per_ip_per_day)}</Fact>
            <Fact label={t.terms}>{policy.terms_url ?? t.unset}</Fact>
            <Fact label={t.privacy}>{policy.privacy_url ?? t.unset}</Fact>
          </dl>
          <p className={account.muted}>
            {policy.source === 'console'
              ? t.fromConsole(policy.updated_by, adminText.time(policy.updated_at, timeZone))
              : t.fromEnvironment}
          </p>
          <p className={account.muted}>{t.agreementsHint}</p>
          <div className={styles.actions}>
            <Button
              onPress={() => {
                setDone(null);
                setEditing(true);
              }}
            >
              {t.edit}
            </Button>
            {policy.source === 'console' ? (
              <Button variant="danger" onPress={() => setResetting(true)}>
                {t.reset}
              </Button>
            ) : null}
          </div>
        </>
      )}
      {resetting ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setResetting(false);
          }}
          title={t.resetTitle}
          tone="danger"
          confirmLabel={t.reset}
          onConfirm={reset}
        >
          {t.resetBody}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
