import type { TrackRecord } from '@wanxiang/api-client';
import { TRACK_RECORD_WINDOWS, type TrackRecordWindow } from '@wanxiang/api-client';
import { Alert, Button, Spinner, Tab, TabList, TabPanel, Tabs } from '@wanxiang/ui';
import { useId } from 'react';
import type { LoadStatus } from './boardQueries';
import { marketText } from './messages';
import { SimulatedBadge } from './StrategyPanels';
import * as styles from './TrackRecordPanel.css';
import {
  decisionLabels,
  formatRate,
  formatReturn,
  shownRows,
  trackText as t,
  toneOf,
} from './trackRecordLogic';

export interface TrackRecordState {
  status: LoadStatus;
  /** The window's tallies; null until loaded (or when it failed). */
  record: TrackRecord | null;
}

function Return({ value }: { value: number | null | undefined }) {
  return <span className={styles.tone[toneOf(value)]}>{formatReturn(value)}</span>;
}

function Table({ record }: { record: TrackRecord }) {
  const rows = shownRows(record.decisions);
  if (rows.length === 0 && record.total.pending === 0) return <p className={styles.center}>{t.empty}</p>;
  const c = t.columns;
  return (
    // Focusable, so that a keyboard can scroll the table sideways on a narrow screen.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe: scrollable-region-focusable)
    <div className={styles.tableWrap} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t.range(record.from, record.to, record.reports)}</caption>
        <thead>
          <tr>
            {[c.decision, c.picks, c.hitRate, c.average, c.worst, c.pending].map((label) => (
              <th key={label} scope="col" className={styles.th}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[
            ...rows.map((row) => ({ ...row, name: decisionLabels[row.decision] })),
            { ...record.total, name: t.total },
          ].map((row) => (
            <tr key={row.name} className={row.name === t.total ? styles.totalRow : undefined}>
              <th scope="row" className={styles.td}>
                {row.name}
              </th>
              <td className={styles.td}>{row.picks}</td>
              <td className={styles.td}>{formatRate(row.hit_rate)}</td>
              <td className={styles.td}>
                <Return value={row.average_return} />
              </td>
              <td className={styles.td}>
                <Return value={row.worst_return} />
              </td>
              <td className={styles.td}>{row.pending}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Body({ state, onRetry }: { state: TrackRecordState; onRetry: () => void }) {
  if (state.status === 'error')
    return (
      <Alert tone="danger" role="alert">
        {t.error}{' '}
        <Button size="sm" variant="ghost" onPress={onRetry}>
          {t.retry}
        </Button>
      </Alert>
    );
  if (state.status === 'loading' || !state.record)
    return (
      <p className={styles.center} role="status">
        <Spinner size="sm" /> {t.loading}
      </p>
    );
  const record = state.record;
  return (
    <>
      <Table record={record} />
      {record.total.unavailable > 0 ? (
        <p className={styles.note}>{t.unavailable(record.total.unavailable)}</p>
      ) : null}
    </>
  );
}

/**
 * 历史战绩: how the strategy's picks did on the next trading day, per decision, over the last 20 or 60 trading
 * days — settled picks, hit rate, average and worst return, losses included — with the definitions beside
 * the numbers, 模拟行情 when they come from the simulated market, and the investment notice.
 */
export function TrackRecordPanel({
  window,
  onWindow,
  state,
  onRetry,
  simulated = false,
}: {
  window: TrackRecordWindow;
  onWindow: (window: TrackRecordWindow) => void;
  state: TrackRecordState;
  onRetry: () => void;
  simulated?: boolean;
}) {
  const id = useId();
  const isSimulated = simulated || state.record?.data_source === 'simulated';
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.header}>
        <div className={styles.titleRow}>
          <h2 id={id} className={styles.title}>
            {t.title}
          </h2>
          {isSimulated ? <SimulatedBadge /> : null}
        </div>
      </div>
      <Tabs
        variant="segmented"
        selectedKey={String(window)}
        onSelectionChange={(key) => {
          const next = TRACK_RECORD_WINDOWS.find((w) => String(w) === String(key));
          if (next) onWindow(next);
        }}
      >
        <TabList aria-label={t.windowLabel}>
          {TRACK_RECORD_WINDOWS.map((w) => (
            <Tab key={w} id={String(w)}>
              {t.window(w)}
            </Tab>
          ))}
        </TabList>
        {TRACK_RECORD_WINDOWS.map((w) => (
          <TabPanel key={w} id={String(w)}>
            <Body state={state} onRetry={onRetry} />
          </TabPanel>
        ))}
      </Tabs>
      <ul className={styles.definitions}>
        {t.definitions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className={styles.note}>{marketText.disclaimer}</p>
    </section>
  );
}
