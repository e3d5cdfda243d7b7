import type { UsageReport } from '@wanxiang/api-client/contract';
import { UsageChart } from '@wanxiang/charts';
import { Alert, Spinner } from '@wanxiang/ui';
import { type ReactNode, useMemo } from 'react';
import * as styles from './Account.css';

/** The report's days as the chart takes them: each day's credits by model (a model-less row as 其他). */
export function usageDays(report: UsageReport | null) {
  return (
    report?.days.map((day) => ({
      date: day.date,
      byModel: Object.fromEntries(day.models.map((m) => [m.model ?? '其他', m.credits])),
    })) ?? []
  );
}

/** The report's totals over its days: credits and tokens in and out. */
export function usageTotals(report: UsageReport) {
  const models = report.days.flatMap((day) => day.models);
  const sum = (pick: (model: (typeof models)[number]) => number) =>
    models.reduce((total, model) => total + pick(model), 0);
  return {
    credits: sum((m) => m.credits),
    tokensIn: sum((m) => m.tokens_in),
    tokensOut: sum((m) => m.tokens_out),
  };
}

/**
 * A section of a user's usage by day and model, as a chart: the user's own in 积分明细, or one user's in the
 * console. A spinner until the report comes; `error` in its place when it cannot be read.
 */
export function UsageSection({
  id,
  title,
  report,
  error,
  summary,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  report: UsageReport | null;
  error?: ReactNode;
  /** A line under the chart (the totals, for example). */
  summary?: ReactNode;
}) {
  const days = useMemo(() => usageDays(report), [report]);
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {error ? (
        <Alert tone="danger">{error}</Alert>
      ) : report ? (
        <UsageChart days={days} aria-label={title} />
      ) : (
        <Spinner />
      )}
      {report && summary ? <p className={styles.muted}>{summary}</p> : null}
    </section>
  );
}
