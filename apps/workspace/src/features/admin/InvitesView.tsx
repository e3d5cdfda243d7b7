import type { AdminApi } from '@wanxiang/api-client';
import {
  INVITE_BATCH_MAX,
  INVITE_DAYS_MAX,
  INVITE_NOTE_MAX,
  INVITE_USES_MAX,
  type InviteCode,
} from '@wanxiang/api-client/contract';
import { Alert, Badge, type BadgeTone, Button, ConfirmDialog, Spinner, TextField } from '@wanxiang/ui';
import { useState } from 'react';
import * as account from '../account/Account.css';
import { AdminTable } from './AdminTable';
import { CreatedCodes } from './CreatedCodes';
import { failureText } from './errors';
import { type FieldErrors, useConsoleData, useFieldsForm, wholeInRange } from './forms';
import { adminText } from './messages';
import { RegistrationPolicyPanel } from './RegistrationPolicyPanel';

const t = adminText.invites;

type Field = 'count' | 'uses' | 'expires_in_days' | 'note';

/** The form checked as the server checks it, each fault on its field; the input to send when none. */
export function checkInvites(draft: Record<Field, string>) {
  const errors: FieldErrors<Field> = {};
  const count = wholeInRange(errors, draft.count, 'count', '数量', INVITE_BATCH_MAX);
  const uses = wholeInRange(errors, draft.uses, 'uses', '可注册次数', INVITE_USES_MAX);
  const days = draft.expires_in_days.trim()
    ? wholeInRange(errors, draft.expires_in_days, 'expires_in_days', '有效天数', INVITE_DAYS_MAX)
    : null;
  const note = draft.note.trim();
  if (note.length > INVITE_NOTE_MAX) errors.note = adminText.noteTooLong(INVITE_NOTE_MAX);
  return { errors, input: { count, uses, expires_in_days: days, ...(note ? { note } : {}) } };
}

const STATE_TONES: Record<InviteCode['state'], BadgeTone> = {
  active: 'success',
  used_up: 'neutral',
  expired: 'warning',
  revoked: 'danger',
};

/**
 * 管理 › 邀请码: how accounts are made now and its change (RegistrationPolicyPanel), invitation codes made in a batch and shown once, and the list with each code's uses and
 * state; a live code can be stopped after a confirmation.
 */
export function InvitesView({
  admin,
  timeZone,
}: {
  admin: Pick<
    AdminApi,
    'invites' | 'createInvites' | 'revokeInvite' | 'setRegistrationPolicy' | 'resetRegistrationPolicy'
  >;
  /** The zone the times are shown in. @default the browser's */
  timeZone?: string;
}) {
  const { data: list, error, setError, reload: load } = useConsoleData(admin, (api) => api.invites());
  const form = useFieldsForm<Field>({ count: '5', uses: '1', expires_in_days: '', note: '' });
  const [created, setCreated] = useState<string[] | null>(null);
  const [revoking, setRevoking] = useState<InviteCode | null>(null);

  const create = form.submitWith(
    checkInvites,
    async (input) => {
      setError(null);
      setCreated((await admin.createInvites(input)).codes);
      await load();
    },
    (failure) => setError(failureText(failure)),
  );

  const revoke = async (invite: InviteCode) => {
    try {
      await admin.revokeInvite(invite.id);
    } catch (failure) {
      throw new Error(failureText(failure));
    }
    await load();
  };

  const time = (iso: string | null) => adminText.time(iso, timeZone);
  const registration = list?.registration;

  return (
    <div className={account.page}>
      <h1 className={account.title}>{t.title}</h1>
      {error ? (
        <Alert tone="danger" actionLabel={adminText.retry} onAction={() => void load()}>
          {error}
        </Alert>
      ) : null}
      {!list && !error ? <Spinner /> : null}
      {registration ? (
        <RegistrationPolicyPanel
          admin={admin}
          policy={registration}
          onChanged={() => void load()}
          {...(timeZone ? { timeZone } : {})}
        />
      ) : null}
      <section className={account.section} aria-labelledby="invites-new">
        <h2 id="invites-new" className={account.sectionTitle}>
          {t.newTitle}
        </h2>
        {registration && registration.mode !== 'invite' ? (
          <p className={account.muted}>{t.notInviteMode}</p>
        ) : null}
        <form className={account.form} onSubmit={create} noValidate>
          <TextField label={t.count} inputMode="numeric" {...form.bind('count')} />
          <TextField label={t.uses} inputMode="numeric" {...form.bind('uses')} />
          <TextField label={t.days} inputMode="numeric" {...form.bind('expires_in_days')} />
          <TextField label={t.note} {...form.bind('note')} />
          <Button type="submit" variant="primary" isDisabled={form.busy}>
            {t.create}
          </Button>
        </form>
        {created ? (
          <CreatedCodes codes={created} message={t.created(created.length)} testId="created-invites" />
        ) : null}
      </section>
      {list ? (
        <section className={account.section} aria-labelledby="invites-list">
          <h2 id="invites-list" className={account.sectionTitle}>
            {t.listTitle}
          </h2>
          {list.results.length === 0 ? (
            <p className={account.muted}>{t.empty}</p>
          ) : (
            <AdminTable label={t.listLabel} columns={Object.values(t.columns)}>
              {list.results.map((invite) => (
                <tr key={invite.id}>
                  <td className={account.cell}>#{invite.id}</td>
                  <td className={account.cell}>{time(invite.created_at)}</td>
                  <td className={account.cell}>{invite.note ?? ''}</td>
                  <td className={account.cell}>{t.usesValue(invite.uses, invite.max_uses)}</td>
                  <td className={account.cell}>{invite.expires_at ? time(invite.expires_at) : t.never}</td>
                  <td className={account.cell}>
                    <Badge tone={STATE_TONES[invite.state]}>{t.states[invite.state]}</Badge>
                  </td>
                  <td className={account.cell}>
                    {invite.state === 'active' ? (
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={t.revokeLabel(invite.id)}
                        onPress={() => setRevoking(invite)}
                      >
                        {t.revoke}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
        </section>
      ) : null}
      {revoking ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setRevoking(null);
          }}
          title={t.revokeTitle}
          tone="danger"
          confirmLabel={t.revoke}
          onConfirm={() => revoke(revoking)}
        >
          {t.revokeBody}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
