import type { AdminApi } from '@wanxiang/api-client';
import {
  ADJUSTMENT_MAX,
  ADJUSTMENT_REASON_MAX,
  type AdminUserDetail,
  type LedgerEntry,
  type UsageReport,
} from '@wanxiang/api-client/contract';
import { Alert, Badge, Button, ConfirmDialog, Spinner, TextField } from '@wanxiang/ui';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { browserTimeZone } from '../../browser/timeZone';
import * as account from '../account/Account.css';
import { UsageSection, usageTotals } from '../account/UsageSection';
import * as styles from './Admin.css';
import { failureText, fieldError } from './errors';
import { Fact } from './Fact';
import { adminText as t } from './messages';
import { UserPlanPicker } from './UserPlanPicker';

const LEDGER_PAGE = 20;
const u = t.user;

const usageSummary = (report: UsageReport) => {
  const { credits, tokensIn, tokensOut } = usageTotals(report);
  return u.usageTotals(credits, tokensIn, tokensOut);
};

type Confirm = 'disable' | 'enable' | 'makeAdmin' | 'removeAdmin' | null;

/** The adjustment form's fields checked as the server checks them, each error naming its field. */
export function checkAdjustment(delta: string, reason: string, balance: number) {
  const errors: { delta?: string; reason?: string } = {};
  const raw = delta.trim().replace(/^\+/, '');
  if (!raw) errors.delta = u.deltaRequired;
  else if (!/^-?\d+$/.test(raw)) errors.delta = u.deltaWhole;
  else if (Number(raw) === 0) errors.delta = u.deltaZero;
  else if (Math.abs(Number(raw)) > ADJUSTMENT_MAX) errors.delta = u.deltaBounds;
  else if (Number(raw) < 0 && -Number(raw) > balance)
    errors.delta = u.deltaOverBalance(-Number(raw), balance);
  if (!reason.trim()) errors.reason = u.reasonRequired;
  else if (reason.trim().length > ADJUSTMENT_REASON_MAX) errors.reason = u.reasonTooLong;
  return { errors, delta: Number(raw) };
}

/**
 * 管理 › 用户 › one user: balance, plan, status, role and sign-ins; credits granted or deducted with a
 * reason; the account disabled or enabled; the admin role given or taken; the ledger, newest first.
 */
export function UserDetailView({
  admin,
  userId,
  timeZone,
  onSelfChanged,
  selfId,
}: {
  admin: Pick<
    AdminApi,
    | 'user'
    | 'userLedger'
    | 'userUsage'
    | 'adjustCredits'
    | 'setUserActive'
    | 'setUserRole'
    | 'plans'
    | 'setUserPlan'
  >;
  userId: string;
  /** The zone the times are shown in. @default the browser's */
  timeZone?: string;
  /** The signed-in admin's id: a change to their own account asks the app to read it again. */
  selfId?: string;
  onSelfChanged?: () => void;
}) {
  const [user, setUser] = useState<AdminUserDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [rows, setRows] = useState<LedgerEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [ledgerError, setLedgerError] = useState<string | null>(null);
  const [usage, setUsage] = useState<UsageReport | null>(null);
  const [usageError, setUsageError] = useState<string | null>(null);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ delta?: string; reason?: string; form?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const loadLedger = useCallback(
    async (after?: string) => {
      setLedgerError(null);
      try {
        const page = await admin.userLedger(userId, {
          limit: LEDGER_PAGE,
          ...(after ? { cursor: after } : {}),
        });
        setRows((before) => (after ? [...before, ...page.results] : page.results));
        setCursor(page.next_cursor);
      } catch (failure) {
        setLedgerError(failureText(failure));
      }
    },
    [admin, userId],
  );

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setUser(await admin.user(userId));
    } catch (failure) {
      setLoadError(failureText(failure));
      return;
    }
    admin.userUsage(userId, { days: 30, tz: timeZone ?? browserTimeZone() }).then(setUsage, (failure) => {
      setUsage(null);
      setUsageError(failureText(failure));
    });
    await loadLedger();
  }, [admin, userId, loadLedger, timeZone]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    setDone(null);
    const checked = checkAdjustment(delta, reason, user.credits_balance);
    setErrors(checked.errors);
    if (checked.errors.delta || checked.errors.reason) return;
    setBusy(true);
    try {
      const result = await admin.adjustCredits(userId, { delta: checked.delta, reason: reason.trim() });
      setUser({ ...user, credits_balance: result.balance });
      setDone(u.adjusted(checked.delta, result.balance));
      setDelta('');
      setReason('');
      await loadLedger();
    } catch (failure) {
      const deltaError = fieldError(failure, 'delta');
      const reasonError = fieldError(failure, 'reason');
      setErrors({
        ...(deltaError ? { delta: deltaError } : {}),
        ...(reasonError ? { reason: reasonError } : {}),
        ...(deltaError || reasonError ? {} : { form: failureText(failure) }),
      });
    } finally {
      setBusy(false);
    }
  };

  const act = async (action: Exclude<Confirm, null>) => {
    try {
      const next =
        action === 'disable' || action === 'enable'
          ? await admin.setUserActive(userId, action === 'enable')
          : await admin.setUserRole(userId, action === 'makeAdmin' ? 'admin' : 'user');
      setUser(next);
      if (selfId === userId) onSelfChanged?.();
    } catch (failure) {
      // The dialog shows it and stays open.
      throw new Error(failureText(failure));
    }
  };

  if (loadError)
    return (
      <div className={account.page}>
        <Link className={account.link} to="/admin/users">
          {u.back}
        </Link>
        <Alert tone="danger">
          {loadError}{' '}
          <Button size="sm" onPress={() => void load()}>
            {t.retry}
          </Button>
        </Alert>
      </div>
    );
  if (!user)
    return (
      <div className={account.page}>
        <Spinner />
      </div>
    );

  const dialog = confirm
    ? {
        disable: { title: u.disableTitle, body: u.disableBody, label: u.disable, tone: 'danger' as const },
        enable: { title: u.enableTitle, body: u.enableBody, label: u.enable, tone: 'default' as const },
        makeAdmin: {
          title: u.makeAdminTitle,
          body: u.makeAdminBody,
          label: u.makeAdmin,
          tone: 'default' as const,
        },
        removeAdmin: {
          title: u.removeAdminTitle,
          body: u.removeAdminBody,
          label: u.removeAdmin,
          tone: 'danger' as const,
        },
      }[confirm]
    : null;

  return (
    <div className={account.page}>
      <Link className={account.link} to="/admin/users">
        {u.back}
      </Link>
      <h1 className={account.title}>{user.nickname ? `${user.nickname}（${user.email}）` : user.email}</h1>
      <section className={account.section} aria-labelledby="admin-user-account">
        <h2 id="admin-user-account" className={account.sectionTitle}>
          {u.accountTitle}
        </h2>
        <dl className={styles.facts}>
          <Fact label={u.balance}>{t.credits(user.credits_balance)}</Fact>
          <Fact label={u.status}>
            {user.is_active ? t.status.active : <Badge tone="danger">{t.status.disabled}</Badge>}
          </Fact>
          <Fact label={u.role}>{t.role[user.role]}</Fact>
          <Fact label={u.sessions}>{u.sessionsCount(user.active_sessions)}</Fact>
          <Fact label={u.created}>{t.time(user.created_at, timeZone)}</Fact>
          <Fact label={u.lastLogin}>{t.time(user.last_login_at, timeZone)}</Fact>
        </dl>
        <UserPlanPicker admin={admin} user={user} onChanged={setUser} />
        <div className={styles.actions}>
          <Button
            variant={user.is_active ? 'danger' : 'secondary'}
            onPress={() => setConfirm(user.is_active ? 'disable' : 'enable')}
          >
            {user.is_active ? u.disable : u.enable}
          </Button>
          <Button onPress={() => setConfirm(user.role === 'admin' ? 'removeAdmin' : 'makeAdmin')}>
            {user.role === 'admin' ? u.removeAdmin : u.makeAdmin}
          </Button>
        </div>
      </section>
      <section className={account.section} aria-labelledby="admin-user-adjust">
        <h2 id="admin-user-adjust" className={account.sectionTitle}>
          {u.adjustTitle}
        </h2>
        {errors.form ? <Alert tone="danger">{errors.form}</Alert> : null}
        {done ? <Alert tone="success">{done}</Alert> : null}
        <form className={account.form} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={u.delta}
            value={delta}
            onChange={(value) => {
              setDelta(value);
              if (errors.delta) setErrors(({ delta: _, ...rest }) => rest);
            }}
            inputMode="numeric"
            isInvalid={Boolean(errors.delta)}
            {...(errors.delta ? { errorMessage: errors.delta } : {})}
          />
          <TextField
            className={styles.reasonField}
            label={u.reason}
            value={reason}
            onChange={(value) => {
              setReason(value);
              if (errors.reason) setErrors(({ reason: _, ...rest }) => rest);
            }}
            isInvalid={Boolean(errors.reason)}
            {...(errors.reason ? { errorMessage: errors.reason } : {})}
          />
          <Button type="submit" variant="primary" isPending={busy}>
            {u.adjust}
          </Button>
        </form>
      </section>
      <UsageSection
        id="admin-user-usage"
        title={u.usageTitle}
        report={usage}
        error={usageError}
        summary={usage ? usageSummary(usage) : null}
      />
      <section className={account.section} aria-labelledby="admin-user-ledger">
        <h2 id="admin-user-ledger" className={account.sectionTitle}>
          {u.ledgerTitle}
        </h2>
        {ledgerError ? <Alert tone="danger">{ledgerError}</Alert> : null}
        {rows.length === 0 && !ledgerError ? <p className={account.muted}>{u.ledgerEmpty}</p> : null}
        {rows.length > 0 ? (
          <div className={account.tableWrap}>
            <table className={account.table} aria-label={u.ledgerLabel}>
              <thead>
                <tr>
                  <th className={account.headCell}>{u.columns.time}</th>
                  <th className={account.headCell}>{u.columns.kind}</th>
                  <th className={account.headCell}>{u.columns.delta}</th>
                  <th className={account.headCell}>{u.columns.after}</th>
                  <th className={account.headCell}>{u.columns.note}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className={account.cell}>{t.time(row.created_at, timeZone)}</td>
                    <td className={account.cell}>{u.kind(row.kind)}</td>
                    <td className={`${account.cell} ${row.delta > 0 ? account.plus : account.minus}`}>
                      {row.delta > 0 ? `+${row.delta}` : row.delta}
                    </td>
                    <td className={account.cell}>{row.balance_after}</td>
                    <td className={`${account.cell} ${styles.details}`}>{row.note ?? row.model ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {cursor ? (
          <Button size="sm" onPress={() => void loadLedger(cursor)}>
            {t.more}
          </Button>
        ) : null}
      </section>
      {dialog ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setConfirm(null);
          }}
          title={dialog.title}
          tone={dialog.tone}
          confirmLabel={dialog.label}
          onConfirm={() => act(confirm as Exclude<Confirm, null>)}
        >
          {dialog.body}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
