import { type AccountApi, ApiError } from '@wanxiang/api-client';
import {
  LEDGER_KIND_LABELS,
  type LedgerEntry,
  type LedgerKind,
  type UsageReport,
} from '@wanxiang/api-client/contract';
import { Alert, Button, Spinner, Tab, TabList, TabPanel, Tabs, TextField } from '@wanxiang/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { browserTimeZone } from '../../browser/timeZone';
import * as styles from './Account.css';
import { accountText as t } from './messages';
import { UsageSection } from './UsageSection';

export type AccountTab = 'ledger' | 'credits';

export interface AccountViewProps {
  account: Pick<AccountApi, 'ledger' | 'usage' | 'redeem'>;
  tab: AccountTab;
  onTabChange(tab: AccountTab): void;
  /** After a redeem code added credits: the new balance (the app refreshes the user). */
  onBalanceChanged?(balance: number): void;
  /** The zone the times and days are shown in. @default the browser's */
  timeZone?: string;
}

const kindLabel = (kind: string) => LEDGER_KIND_LABELS[kind as LedgerKind] ?? kind;

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.detail ?? fallback) : fallback;

function LedgerRow({ row, formatTime }: { row: LedgerEntry; formatTime: (iso: string) => string }) {
  const target = row.target;
  return (
    <tr>
      <td className={styles.cell}>{formatTime(row.created_at)}</td>
      <td className={styles.cell}>{kindLabel(row.kind)}</td>
      <td className={styles.cell}>{row.model ?? t.noModel}</td>
      <td className={styles.cell}>
        {row.tokens_in === null && row.tokens_out === null
          ? t.noModel
          : `${(row.tokens_in ?? 0).toLocaleString('zh-CN')} / ${(row.tokens_out ?? 0).toLocaleString('zh-CN')}`}
      </td>
      <td className={`${styles.cell} ${row.delta > 0 ? styles.plus : styles.minus}`}>
        {row.delta > 0 ? `+${row.delta.toLocaleString('zh-CN')}` : row.delta.toLocaleString('zh-CN')}
      </td>
      <td className={styles.cell}>
        {target ? (
          <Link
            className={styles.link}
            to={target.type === 'conversation' ? `/home/${target.id}` : `/document/${target.id}`}
          >
            {target.type === 'conversation' ? t.conversation : t.document}
          </Link>
        ) : null}
      </td>
    </tr>
  );
}

/** 积分明细: the balance, the last 30 days' usage by model and the ledger, page by page. */
function LedgerPanel({ account, timeZone }: { account: AccountViewProps['account']; timeZone: string }) {
  const [rows, setRows] = useState<LedgerEntry[]>([]);
  const [balance, setBalance] = useState<number | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [usage, setUsage] = useState<UsageReport | null>(null);
  const [usageError, setUsageError] = useState<string | null>(null);
  const formatTime = useMemo(() => {
    const format = new Intl.DateTimeFormat('zh-CN', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    return (iso: string) => format.format(new Date(iso));
  }, [timeZone]);

  const load = useCallback(
    async (after: string | null) => {
      setStatus('loading');
      try {
        const page = await account.ledger(after ? { cursor: after } : {});
        setRows((current) => (after ? [...current, ...page.results] : page.results));
        setBalance(page.balance);
        setCursor(page.next_cursor);
        setStatus('ready');
      } catch {
        setStatus('error');
      }
    },
    [account],
  );
  useEffect(() => {
    void load(null);
    account.usage({ days: 30, tz: timeZone }).then(setUsage, (failure) => {
      setUsage(null);
      setUsageError(failureText(failure, t.usageFailed));
    });
  }, [account, load, timeZone]);

  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="account-balance">
        <h2 id="account-balance" className={styles.sectionTitle}>
          {t.balance}
        </h2>
        <p className={styles.balance} data-testid="account-balance">
          {balance === null ? '…' : t.credits(balance)}
        </p>
      </section>
      <UsageSection id="account-usage" title={t.usageTitle} report={usage} error={usageError} />
      <section className={styles.section} aria-labelledby="account-ledger">
        <h2 id="account-ledger" className={styles.sectionTitle}>
          {t.ledgerTitle}
        </h2>
        {status === 'error' ? (
          <Alert tone="danger" actionLabel={t.retry} onAction={() => void load(null)}>
            {t.loadFailed}
          </Alert>
        ) : null}
        {rows.length === 0 && status === 'ready' ? <p className={styles.muted}>{t.ledgerEmpty}</p> : null}
        {rows.length > 0 ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  {Object.values(t.columns).map((name) => (
                    <th key={name} className={styles.headCell} scope="col">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <LedgerRow key={row.id} row={row} formatTime={formatTime} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {status === 'loading' ? <Spinner /> : null}
        {cursor && status === 'ready' ? (
          <div>
            <Button onPress={() => void load(cursor)}>{t.more}</Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** 充值: a redeem code, its refusal inline, and the new balance once it is added. */
function RechargePanel({
  account,
  onBalanceChanged,
}: {
  account: AccountViewProps['account'];
  onBalanceChanged?: ((balance: number) => void) | undefined;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async () => {
    if (!code.trim() || busy) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const result = await account.redeem(code.trim());
      setDone(t.redeemed(result.credited, result.balance));
      setCode('');
      onBalanceChanged?.(result.balance);
    } catch (failure) {
      setError(failureText(failure, t.redeemFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="account-redeem">
        <h2 id="account-redeem" className={styles.sectionTitle}>
          {t.redeemTitle}
        </h2>
        <p className={styles.muted}>{t.redeemHint}</p>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={t.redeemLabel}
            value={code}
            onChange={setCode}
            placeholder={t.redeemPlaceholder}
            maxLength={64}
            autoComplete="off"
            spellCheck="false"
            // The server's refusal is shown, not enforced: a native invalid field would block the next try.
            validationBehavior="aria"
            isInvalid={error !== null}
            {...(error ? { errorMessage: error } : {})}
          />
          <Button type="submit" variant="primary" isDisabled={busy || !code.trim()}>
            {busy ? t.redeeming : t.redeem}
          </Button>
        </form>
        {done ? <Alert tone="success">{done}</Alert> : null}
      </section>
    </div>
  );
}

/** /account: 积分明细 and 充值, as tabs. */
export function AccountView({ account, tab, onTabChange, onBalanceChanged, timeZone }: AccountViewProps) {
  const zone = timeZone ?? browserTimeZone();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t.pageTitle}</h1>
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => onTabChange(key === 'credits' ? 'credits' : 'ledger')}
      >
        <TabList aria-label={t.tabsLabel}>
          <Tab id="ledger">{t.ledgerTab}</Tab>
          <Tab id="credits">{t.rechargeTab}</Tab>
        </TabList>
        <TabPanel id="ledger">
          <LedgerPanel account={account} timeZone={zone} />
        </TabPanel>
        <TabPanel id="credits">
          <RechargePanel account={account} onBalanceChanged={onBalanceChanged} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
