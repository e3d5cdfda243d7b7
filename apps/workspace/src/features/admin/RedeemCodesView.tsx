import type { AdminApi } from '@wanxiang/api-client';
import {
  REDEEM_BATCH_COUNT_MAX,
  REDEEM_EXPIRY_DAYS_MAX,
  REDEEM_NOTE_MAX,
  REDEEM_VALUE_MAX,
  type RedeemBatch,
  type RedeemBatchState,
} from '@wanxiang/api-client/contract';
import { Alert, Badge, type BadgeTone, Button, ConfirmDialog, Spinner, TextField } from '@wanxiang/ui';
import { useState } from 'react';
import { downloadBlob } from '../../browser/download';
import * as account from '../account/Account.css';
import { AdminTable } from './AdminTable';
import { CreatedCodes } from './CreatedCodes';
import { failureText } from './errors';
import { type FieldErrors, useConsoleData, useFieldsForm, wholeInRange } from './forms';
import { adminText } from './messages';

const t = adminText.redeem;

type Field = 'value' | 'count' | 'expires_in_days' | 'note';

/** The form checked as the server checks it, each fault on its field; the input to send when none. */
export function checkRedeemBatch(draft: Record<Field, string>) {
  const errors: FieldErrors<Field> = {};
  const value = wholeInRange(errors, draft.value, 'value', '每个兑换码的积分', REDEEM_VALUE_MAX);
  const count = wholeInRange(errors, draft.count, 'count', '数量', REDEEM_BATCH_COUNT_MAX);
  const days = draft.expires_in_days.trim()
    ? wholeInRange(errors, draft.expires_in_days, 'expires_in_days', '有效天数', REDEEM_EXPIRY_DAYS_MAX)
    : null;
  const note = draft.note.trim();
  if (note.length > REDEEM_NOTE_MAX) errors.note = adminText.noteTooLong(REDEEM_NOTE_MAX);
  return { errors, input: { value, count, expires_in_days: days, ...(note ? { note } : {}) } };
}

const STATE_TONES: Record<RedeemBatchState, BadgeTone> = {
  active: 'success',
  used_up: 'neutral',
  expired: 'warning',
  revoked: 'danger',
};

/**
 * 管理 › 兑换码: make a batch (its codes shown once, to copy), the batches with how many codes each has had
 * redeemed and whether the rest still redeem, a batch's codes as CSV, and stopping a batch (after a
 * confirmation) so that its unused codes are refused.
 */
export function RedeemCodesView({
  admin,
  timeZone,
}: {
  admin: Pick<AdminApi, 'redeemBatches' | 'createRedeemBatch' | 'exportRedeemBatch' | 'revokeRedeemBatch'>;
  /** The zone the times are shown in. @default the browser's */
  timeZone?: string;
}) {
  const {
    data: batches,
    error,
    setError,
    reload: load,
  } = useConsoleData(admin, (api) => api.redeemBatches());
  const form = useFieldsForm<Field>({ value: '100', count: '10', expires_in_days: '', note: '' });
  const [created, setCreated] = useState<string[] | null>(null);
  const [revoking, setRevoking] = useState<RedeemBatch | null>(null);

  const create = form.submitWith(
    checkRedeemBatch,
    async (input) => {
      setError(null);
      setCreated((await admin.createRedeemBatch(input)).codes);
      await load();
    },
    (failure) => setError(failureText(failure)),
  );

  const time = (iso: string | null) => adminText.time(iso, timeZone);

  const exportCsv = async (batch: RedeemBatch) => {
    try {
      downloadBlob(
        await admin.exportRedeemBatch(batch.id),
        `兑换码-${batch.created_at.slice(0, 10)}-${batch.id.slice(0, 8)}.csv`,
      );
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  // The dialog shows a refusal itself and stays open; on success the list is read again.
  const revoke = async (batch: RedeemBatch) => {
    try {
      await admin.revokeRedeemBatch(batch.id);
    } catch (failure) {
      throw new Error(failureText(failure));
    }
    await load();
  };

  return (
    <div className={account.page}>
      <h1 className={account.title}>{t.title}</h1>
      {error ? (
        <Alert tone="danger" actionLabel={adminText.retry} onAction={() => void load()}>
          {error}
        </Alert>
      ) : null}
      <section className={account.section} aria-labelledby="redeem-new">
        <h2 id="redeem-new" className={account.sectionTitle}>
          {t.newTitle}
        </h2>
        <form className={account.form} onSubmit={create} noValidate>
          <TextField label={t.value} inputMode="numeric" {...form.bind('value')} />
          <TextField label={t.count} inputMode="numeric" {...form.bind('count')} />
          <TextField label={t.days} inputMode="numeric" {...form.bind('expires_in_days')} />
          <TextField label={t.note} {...form.bind('note')} />
          <Button type="submit" variant="primary" isDisabled={form.busy}>
            {t.create}
          </Button>
        </form>
        {created ? (
          <CreatedCodes codes={created} message={t.created(created.length)} testId="created-codes" />
        ) : null}
      </section>
      <section className={account.section} aria-labelledby="redeem-batches">
        <h2 id="redeem-batches" className={account.sectionTitle}>
          {t.listTitle}
        </h2>
        {batches === null && !error ? <Spinner /> : null}
        {batches?.length === 0 ? <p className={account.muted}>{t.empty}</p> : null}
        {batches && batches.length > 0 ? (
          <AdminTable label={t.listLabel} columns={Object.values(t.columns)}>
            {batches.map((batch) => {
              const { state } = batch;
              return (
                <tr key={batch.id}>
                  <td className={account.cell}>{time(batch.created_at)}</td>
                  <td className={account.cell}>{adminText.credits(batch.value)}</td>
                  <td className={account.cell}>{t.used(batch.used, batch.count)}</td>
                  <td className={account.cell}>{batch.expires_at ? time(batch.expires_at) : t.never}</td>
                  <td className={account.cell}>{batch.note ?? ''}</td>
                  <td className={account.cell}>
                    <Badge tone={STATE_TONES[state]}>{t.states[state]}</Badge>
                  </td>
                  <td className={account.cell}>
                    <div className={account.rowActions}>
                      <Button
                        size="sm"
                        aria-label={t.exportLabel(time(batch.created_at))}
                        onPress={() => void exportCsv(batch)}
                      >
                        {t.export}
                      </Button>
                      {state === 'active' ? (
                        <Button
                          size="sm"
                          variant="danger"
                          aria-label={t.revokeLabel(batch.value, time(batch.created_at))}
                          onPress={() => setRevoking(batch)}
                        >
                          {t.revoke}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        ) : null}
      </section>
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
          {t.revokeBody(revoking.count - revoking.used)}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
