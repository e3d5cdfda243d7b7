import type { AdminApi } from '@wanxiang/api-client';
import { ApiError } from '@wanxiang/api-client';
import {
  ADMIN_USAGE_DAYS_MAX,
  type AdminUsageQuery,
  type AdminUsageReport,
  type UsageTotals,
} from '@wanxiang/api-client/contract';
import { UsageChart } from '@wanxiang/charts';
import { Alert, Button, Spinner, TextField } from '@wanxiang/ui';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { downloadBlob } from '../../browser/download';
import { browserTimeZone } from '../../browser/timeZone';
import * as account from '../account/Account.css';
import * as styles from './Admin.css';
import { AdminTable } from './AdminTable';
import { addDays, dayIn, daysSpanned, isCalendarDay } from './days';
import { failureText, fieldError } from './errors';
import { Fact } from './Fact';
import { adminText } from './messages';

const t = adminText.usage;

type Range = { from: string; to: string };

/** The quick ranges, counted in the zone's days and ending today (or last month's last day). */
function presets(today: string): { label: string; range: Range }[] {
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = addDays(firstOfMonth, -1);
  return [
    { label: t.presets.last7, range: { from: addDays(today, -6), to: today } },
    { label: t.presets.last30, range: { from: addDays(today, -29), to: today } },
    { label: t.presets.last90, range: { from: addDays(today, -89), to: today } },
    { label: t.presets.thisMonth, range: { from: firstOfMonth, to: today } },
    { label: t.presets.lastMonth, range: { from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd } },
  ];
}

/** What is wrong with a typed range, on the field to fix. */
function checkRange({ from, to }: Range): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (!isCalendarDay(from)) errors.from = t.dateFormat;
  if (!isCalendarDay(to)) errors.to = t.dateFormat;
  if (errors.from || errors.to) return errors;
  if (from > to) return { from: t.fromAfterTo };
  if (daysSpanned(from, to) > ADMIN_USAGE_DAYS_MAX) return { from: t.tooLong };
  return {};
}

/**
 * 管理 › 用量: everyone's spending over a range of days (kept in the address): the totals, a chart of each
 * day by model, each model's part, the heaviest users, and the range as CSV (a row per day, user and model).
 */
export function UsageView({
  admin,
  timeZone = browserTimeZone(),
  now,
}: {
  admin: Pick<AdminApi, 'usage' | 'exportUsage'>;
  /** The zone whose days are counted and shown. @default the browser's */
  timeZone?: string;
  /** The moment the quick ranges count back from. @default now */
  now?: Date;
}) {
  const [params, setParams] = useSearchParams();
  const asked: AdminUsageQuery = useMemo(() => {
    const query: AdminUsageQuery = { tz: timeZone };
    const from = params.get('from');
    const to = params.get('to');
    if (from) query.from = from;
    if (to) query.to = to;
    return query;
  }, [params, timeZone]);
  const [report, setReport] = useState<AdminUsageReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Range>({ from: asked.from ?? '', to: asked.to ?? '' });
  const [draftErrors, setDraftErrors] = useState<{ from?: string; to?: string }>({});
  const [exporting, setExporting] = useState(false);

  const load = useCallback(async () => {
    setError(null);
    try {
      const next = await admin.usage(asked);
      setReport(next);
      setDraft({ from: next.from, to: next.to });
      setDraftErrors({});
    } catch (failure) {
      const fields = { from: fieldError(failure, 'from'), to: fieldError(failure, 'to') };
      if (failure instanceof ApiError && failure.status === 400 && (fields.from || fields.to)) {
        setDraftErrors({
          ...(fields.from ? { from: fields.from } : {}),
          ...(fields.to ? { to: fields.to } : {}),
        });
        setReport(null);
      } else setError(failureText(failure));
    }
  }, [admin, asked]);
  useEffect(() => {
    void load();
  }, [load]);

  const go = (range: Range) => {
    setDraft(range);
    setDraftErrors({});
    setParams(new URLSearchParams(range));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range = { from: draft.from.trim(), to: draft.to.trim() };
    const errors = checkRange(range);
    setDraftErrors(errors);
    if (!errors.from && !errors.to) go(range);
  };

  const exportCsv = async () => {
    if (!report) return;
    setExporting(true);
    setError(null);
    try {
      downloadBlob(
        await admin.exportUsage({ from: report.from, to: report.to, tz: report.time_zone }),
        `用量-${report.from}-${report.to}.csv`,
      );
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setExporting(false);
    }
  };

  const today = dayIn(timeZone, now ?? new Date());
  const days = useMemo(
    () =>
      report?.days.map((day) => ({
        date: day.date,
        byModel: Object.fromEntries(day.models.map((m) => [m.model ?? t.otherModel, m.credits])),
      })) ?? [],
    [report],
  );

  return (
    <div className={account.page}>
      <h1 className={account.title}>{t.title}</h1>
      <section className={account.section} aria-label={t.rangeLabel}>
        <div className={styles.actions}>
          {presets(today).map((preset) => (
            <Button key={preset.label} size="sm" onPress={() => go(preset.range)}>
              {preset.label}
            </Button>
          ))}
        </div>
        <form className={account.form} onSubmit={submit} noValidate>
          <TextField
            label={t.from}
            value={draft.from}
            onChange={(from) => setDraft((current) => ({ ...current, from }))}
            placeholder={t.datePlaceholder}
            inputMode="numeric"
            maxLength={10}
            validationBehavior="aria"
            isInvalid={Boolean(draftErrors.from)}
            {...(draftErrors.from ? { errorMessage: draftErrors.from } : {})}
          />
          <TextField
            label={t.to}
            value={draft.to}
            onChange={(to) => setDraft((current) => ({ ...current, to }))}
            placeholder={t.datePlaceholder}
            inputMode="numeric"
            maxLength={10}
            validationBehavior="aria"
            isInvalid={Boolean(draftErrors.to)}
            {...(draftErrors.to ? { errorMessage: draftErrors.to } : {})}
          />
          <Button type="submit" variant="primary">
            {t.show}
          </Button>
          <Button isDisabled={!report || exporting} onPress={() => void exportCsv()}>
            {exporting ? t.exporting : t.export}
          </Button>
        </form>
      </section>
      {error ? (
        <Alert tone="danger" actionLabel={adminText.retry} onAction={() => void load()}>
          {error}
        </Alert>
      ) : null}
      {!report && !error && !draftErrors.from && !draftErrors.to ? <Spinner /> : null}
      {report ? <Report report={report} days={days} /> : null}
    </div>
  );
}

const FIGURE_COLUMNS = [t.columns.credits, t.columns.share, t.columns.tokensIn, t.columns.tokensOut];

/** A model's or a user's credits, their share of the range's, and tokens in and out. */
function Figures({ row, total }: { row: UsageTotals; total: number }) {
  return (
    <>
      <td className={account.cell}>{t.number(row.credits)}</td>
      <td className={account.cell}>{t.share(row.credits, total)}</td>
      <td className={account.cell}>{t.number(row.tokens_in)}</td>
      <td className={account.cell}>{t.number(row.tokens_out)}</td>
    </>
  );
}

function Report({
  report,
  days,
}: {
  report: AdminUsageReport;
  days: { date: string; byModel: Record<string, number> }[];
}) {
  const { totals } = report;
  return (
    <>
      <section className={account.section} aria-labelledby="usage-totals">
        <h2 id="usage-totals" className={account.sectionTitle}>
          {t.range(report.from, report.to, report.time_zone)}
        </h2>
        <dl className={styles.facts}>
          {(
            [
              [t.totals.credits, totals.credits],
              [t.totals.tokensIn, totals.tokens_in],
              [t.totals.tokensOut, totals.tokens_out],
              [t.totals.users, totals.users],
            ] as const
          ).map(([label, value]) => (
            <Fact key={label} label={label}>
              {t.number(value)}
            </Fact>
          ))}
        </dl>
        <UsageChart days={days} aria-label={t.chartLabel} />
      </section>
      {report.models.length > 0 ? (
        <section className={account.section} aria-labelledby="usage-models">
          <h2 id="usage-models" className={account.sectionTitle}>
            {t.byModel}
          </h2>
          <AdminTable label={t.byModelLabel} columns={[t.columns.model, ...FIGURE_COLUMNS]}>
            {report.models.map((model) => (
              <tr key={model.model ?? ''}>
                <td className={account.cell}>{model.model ?? t.otherModel}</td>
                <Figures row={model} total={totals.credits} />
              </tr>
            ))}
          </AdminTable>
        </section>
      ) : null}
      {report.users.length > 0 ? (
        <section className={account.section} aria-labelledby="usage-users">
          <h2 id="usage-users" className={account.sectionTitle}>
            {t.topUsers}
          </h2>
          <AdminTable label={t.topUsersLabel} columns={[t.columns.user, ...FIGURE_COLUMNS]}>
            {report.users.map((user) => (
              <tr key={user.id}>
                <td className={account.cell}>
                  <Link className={account.link} to={`/admin/users/${user.id}`}>
                    {user.nickname ? `${user.nickname}（${user.email}）` : user.email}
                  </Link>
                </td>
                <Figures row={user} total={totals.credits} />
              </tr>
            ))}
          </AdminTable>
        </section>
      ) : null}
    </>
  );
}
