import { type AdminApi, ApiError } from '@wanxiang/api-client';
import type { RedeemBatch } from '@wanxiang/api-client/contract';
import { Alert, Badge, Button, ConfirmDialog, Spinner, TextField } from '@wanxiang/ui';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../session/api';
import * as styles from './Account.css';
import { accountText as t } from './messages';

const failureText = (error: unknown) =>
  error instanceof ApiError
    ? error.status === 403
      ? t.adminForbidden
      : (error.detail ?? t.adminFailed)
    : t.adminFailed;

const whole = (raw: string) => (/^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN);

/**
 * 管理 › 兑换码 (admins): make a batch, list batches with their used counts, export one as CSV, and stop
 * one (after a confirmation) so that its unused codes no longer redeem.
 */
export function AdminRedeemView({
  admin,
  timeZone,
}: {
  admin: Pick<AdminApi, 'redeemBatches' | 'createRedeemBatch' | 'exportRedeemBatch' | 'revokeRedeemBatch'>;
  /** The zone the batches' times and expiry days are shown in. @default the browser's */
  timeZone?: string;
}) {
  const [batches, setBatches] = useState<RedeemBatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [value, setValue] = useState('100');
  const [count, setCount] = useState('10');
  const [days, setDays] = useState('');
  const [note, setNote] = useState('');
  const [created, setCreated] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<RedeemBatch | null>(null);

  const load = useCallback(async () => {
    try {
      setBatches(await admin.redeemBatches());
    } catch (failure) {
      setError(failureText(failure));
    }
  }, [admin]);
  useEffect(() => {
    void load();
  }, [load]);

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await admin.createRedeemBatch({
        value: whole(value),
        count: whole(count),
        expires_in_days: days.trim() ? whole(days) : null,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setCreated(result.codes);
      await load();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const exportCsv = async (batch: RedeemBatch) => {
    try {
      const blob = await admin.exportRedeemBatch(batch.id);
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `兑换码-${batch.created_at.slice(0, 10)}-${batch.id.slice(0, 8)}.csv`;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
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

  const shownTime = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false, timeZone });

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t.adminTitle}</h1>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <section className={styles.section} aria-labelledby="admin-new-batch">
        <h2 id="admin-new-batch" className={styles.sectionTitle}>
          {t.adminNewBatch}
        </h2>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <TextField label={t.adminValue} value={value} onChange={setValue} inputMode="numeric" />
          <TextField label={t.adminCount} value={count} onChange={setCount} inputMode="numeric" />
          <TextField label={t.adminDays} value={days} onChange={setDays} inputMode="numeric" />
          <TextField label={t.adminNote} value={note} onChange={setNote} maxLength={200} />
          <Button type="submit" variant="primary" isDisabled={busy}>
            {t.adminCreate}
          </Button>
        </form>
        {created ? (
          <>
            <p className={styles.muted}>{t.adminCreated(created.length)}</p>
            <pre className={styles.codes} data-testid="created-codes">
              {created.join('\n')}
            </pre>
          </>
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby="admin-batches">
        <h2 id="admin-batches" className={styles.sectionTitle}>
          {t.adminBatches}
        </h2>
        {batches === null && !error ? <Spinner /> : null}
        {batches?.length === 0 ? <p className={styles.muted}>{t.adminNoBatches}</p> : null}
        {batches && batches.length > 0 ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <tbody>
                {batches.map((batch) => (
                  <tr key={batch.id}>
                    <td className={styles.cell}>{shownTime(batch.created_at)}</td>
                    <td className={styles.cell}>{t.credits(batch.value)}</td>
                    <td className={styles.cell}>{t.adminUsed(batch.used, batch.count)}</td>
                    <td className={styles.cell}>
                      {batch.expires_at
                        ? t.adminExpires(new Date(batch.expires_at).toLocaleDateString('zh-CN', { timeZone }))
                        : t.adminNever}
                    </td>
                    <td className={styles.cell}>{batch.note ?? ''}</td>
                    <td className={styles.cell}>
                      <div className={styles.rowActions}>
                        <Button size="sm" onPress={() => void exportCsv(batch)}>
                          {t.adminExport}
                        </Button>
                        {batch.revoked_at ? (
                          <Badge tone="neutral">{t.adminRevoked}</Badge>
                        ) : batch.used < batch.count ? (
                          <Button
                            size="sm"
                            variant="danger"
                            aria-label={t.adminRevokeLabel(batch.value, shownTime(batch.created_at))}
                            onPress={() => setRevoking(batch)}
                          >
                            {t.adminRevoke}
                          </Button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      {revoking ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setRevoking(null);
          }}
          title={t.adminRevokeTitle}
          tone="danger"
          confirmLabel={t.adminRevoke}
          onConfirm={() => revoke(revoking)}
        >
          {t.adminRevokeBody(revoking.count - revoking.used)}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** /admin/redeem-codes. */
export function AdminRedeemPage() {
  return <AdminRedeemView admin={api.admin} />;
}
