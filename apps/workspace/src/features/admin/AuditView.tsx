import type { AdminApi } from '@wanxiang/api-client';
import type { AuditEntry } from '@wanxiang/api-client/contract';
import { Alert, Button, Spinner } from '@wanxiang/ui';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import * as account from '../account/Account.css';
import * as styles from './Admin.css';
import { failureText } from './errors';
import { adminText as t } from './messages';

const PAGE = 50;
const a = t.audit;

/** A plan's models as kept in its row (null: every model), or as JSON if the row holds something else. */
function modelsText(value: unknown): string {
  if (value === null || (Array.isArray(value) && value.every((id) => typeof id === 'string')))
    return a.models(value);
  return JSON.stringify(value);
}

/** A plan's models in its details: as made (`plan.create`), or changed from → to (`plan.update`). */
function planModelsText(value: unknown): string {
  if (value && typeof value === 'object' && 'from' in value && 'to' in value)
    return a.change(modelsText(value.from), modelsText(value.to));
  return modelsText(value);
}

/**
 * The details as one line: `key: value` pairs, the reason and amounts readable as they are, and a plan's
 * models as 全部模型 or their ids.
 */
function detailsText(entry: AuditEntry): string {
  return Object.entries(entry.details)
    .map(([key, value]) => {
      if (key === 'models' && entry.target?.type === 'plan') return `${key}: ${planModelsText(value)}`;
      return `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
    })
    .join('，');
}

function Target({ entry }: { entry: AuditEntry }) {
  const target = entry.target;
  if (!target) return null;
  if (target.type === 'user' && target.id)
    return (
      <Link className={account.link} to={`/admin/users/${target.id}`}>
        {target.label ?? target.id}
      </Link>
    );
  if (target.type === 'redeem_batch') return <>{a.batch(target.label)}</>;
  if (target.type === 'invite') return <>{a.invite(target.label)}</>;
  if (target.type === 'plan') return <>{a.plan(target.label)}</>;
  if (target.type === 'model') return <>{a.model(target.label)}</>;
  if (target.type === 'provider') return <>{a.provider(target.label)}</>;
  return <>{target.label ?? target.id}</>;
}

/** 管理 › 审计日志: every admin action, newest first, a page at a time. */
export function AuditView({
  admin,
  timeZone,
}: {
  admin: Pick<AdminApi, 'audit'>;
  /** The zone the times are shown in. @default the browser's */
  timeZone?: string;
}) {
  const [rows, setRows] = useState<AuditEntry[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (after?: string) => {
      setError(null);
      try {
        const page = await admin.audit({ limit: PAGE, ...(after ? { cursor: after } : {}) });
        setRows((before) => (after && before ? [...before, ...page.results] : page.results));
        setCursor(page.next_cursor);
      } catch (failure) {
        setError(failureText(failure));
      }
    },
    [admin],
  );
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className={account.page}>
      <h1 className={account.title}>{a.title}</h1>
      {error ? (
        <Alert tone="danger">
          {error}{' '}
          <Button size="sm" onPress={() => void load()}>
            {t.retry}
          </Button>
        </Alert>
      ) : null}
      {rows === null && !error ? <Spinner /> : null}
      {rows?.length === 0 ? <p className={account.muted}>{a.empty}</p> : null}
      {rows && rows.length > 0 ? (
        <section className={account.section} aria-label={a.tableLabel}>
          <div className={account.tableWrap}>
            <table className={account.table} aria-label={a.tableLabel}>
              <thead>
                <tr>
                  <th className={account.headCell}>{a.columns.time}</th>
                  <th className={account.headCell}>{a.columns.actor}</th>
                  <th className={account.headCell}>{a.columns.action}</th>
                  <th className={account.headCell}>{a.columns.target}</th>
                  <th className={account.headCell}>{a.columns.details}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((entry) => (
                  <tr key={entry.id}>
                    <td className={account.cell}>{t.time(entry.created_at, timeZone)}</td>
                    <td className={account.cell}>{entry.actor === 'cli' ? a.cli : entry.actor}</td>
                    <td className={account.cell}>{a.actions[entry.action] ?? entry.action}</td>
                    <td className={account.cell}>
                      <Target entry={entry} />
                    </td>
                    <td className={`${account.cell} ${styles.details}`}>{detailsText(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {cursor ? (
            <Button size="sm" onPress={() => void load(cursor)}>
              {t.more}
            </Button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
