import type { AdminApi } from '@wanxiang/api-client';
import type { AdminUserPage } from '@wanxiang/api-client/contract';
import { Alert, Badge, Button, Spinner, TextField } from '@wanxiang/ui';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import * as account from '../account/Account.css';
import * as styles from './Admin.css';
import { failureText } from './errors';
import { adminText as t } from './messages';

const PAGE_SIZE = 20;
const SEARCH_MAX = 100;

/** 管理 › 用户: search by e-mail or nickname, a page at a time; the search and page live in the address. */
export function UsersView({
  admin,
  timeZone,
}: {
  admin: Pick<AdminApi, 'users'>;
  /** The zone the dates are shown in. @default the browser's */
  timeZone?: string;
}) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(q);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [result, setResult] = useState<AdminUserPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setResult(await admin.users({ q, page, limit: PAGE_SIZE }));
    } catch (failure) {
      setError(failureText(failure));
    }
  }, [admin, q, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const go = (next: { q?: string; page?: number }) => {
    const search = new URLSearchParams();
    const nextQ = next.q ?? q;
    if (nextQ) search.set('q', nextQ);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim().length > SEARCH_MAX) {
      setDraftError(t.users.searchTooLong);
      return;
    }
    setDraftError(null);
    go({ q: draft.trim(), page: 1 });
  };

  const pages = result ? Math.max(1, Math.ceil(result.count / PAGE_SIZE)) : 1;

  return (
    <div className={account.page}>
      <h1 className={account.title}>{t.users.title}</h1>
      <form className={account.form} onSubmit={submit}>
        <TextField
          label={t.users.search}
          value={draft}
          onChange={setDraft}
          type="search"
          isInvalid={draftError !== null}
          {...(draftError ? { errorMessage: draftError } : {})}
        />
        <Button type="submit" variant="primary">
          {t.users.searchButton}
        </Button>
      </form>
      {error ? (
        <Alert tone="danger">
          {error}{' '}
          <Button size="sm" onPress={() => void load()}>
            {t.retry}
          </Button>
        </Alert>
      ) : null}
      {!result && !error ? <Spinner /> : null}
      {result ? (
        <section className={account.section} aria-label={t.users.tableLabel}>
          <p className={account.muted}>{t.users.count(result.count)}</p>
          {result.results.length === 0 ? (
            <p className={account.muted}>{t.users.empty}</p>
          ) : (
            <div className={account.tableWrap}>
              <table className={account.table} aria-label={t.users.tableLabel}>
                <thead>
                  <tr>
                    <th className={account.headCell}>{t.users.columns.email}</th>
                    <th className={account.headCell}>{t.users.columns.nickname}</th>
                    <th className={account.headCell}>{t.users.columns.balance}</th>
                    <th className={account.headCell}>{t.users.columns.role}</th>
                    <th className={account.headCell}>{t.users.columns.status}</th>
                    <th className={account.headCell}>{t.users.columns.created}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.results.map((user) => (
                    <tr key={user.id}>
                      <td className={account.cell}>
                        <Link className={account.link} to={`/admin/users/${user.id}`}>
                          {user.email}
                        </Link>
                      </td>
                      <td className={account.cell}>{user.nickname}</td>
                      <td className={account.cell}>{t.credits(user.credits_balance)}</td>
                      <td className={account.cell}>{t.role[user.role]}</td>
                      <td className={account.cell}>
                        {user.is_active ? t.status.active : <Badge tone="danger">{t.status.disabled}</Badge>}
                      </td>
                      <td className={account.cell}>{t.time(user.created_at, timeZone)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 ? (
            <div className={styles.pager}>
              <Button size="sm" isDisabled={page <= 1} onPress={() => go({ page: page - 1 })}>
                {t.users.previous}
              </Button>
              <span className={account.muted}>{t.users.pageOf(page, pages)}</span>
              <Button size="sm" isDisabled={page >= pages} onPress={() => go({ page: page + 1 })}>
                {t.users.next}
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
