import type { StockDetail } from '@wanxiang/api-client/contract';
import { IntradayChart, KLineChart } from '@wanxiang/charts';
import { Alert, Badge, Button, Spinner } from '@wanxiang/ui';
import { useState } from 'react';
import { NotFoundPage } from '../placeholder/NotFoundPage';
import { marketText } from './messages';
import * as styles from './StockDetail.css';
import { stockText } from './stockMessages';
import type { StockDetailState } from './stockQueries';

export interface StockDetailViewProps {
  state: StockDetailState;
  onRetry: () => void;
  /** Adds the stock to 自选股 or removes it; resolves to the reason when it failed. */
  onToggleWatch: (watched: boolean) => Promise<string | null>;
  /** An action on the list is under way. */
  watchBusy?: boolean;
}

const yuan = (n: number) => n.toFixed(2);
const signed = (n: number, digits = 2) => `${n > 0 ? '+' : ''}${n.toFixed(digits)}`;
const toneOf = (n: number) => (n > 0 ? styles.tone.up : n < 0 ? styles.tone.down : styles.tone.flat);
const volumeText = (shares: number) =>
  shares >= 1e8 ? `${(shares / 1e8).toFixed(2)} 亿股` : `${(shares / 1e4).toFixed(0)} 万股`;
const amountText = (yuanAmount: number) =>
  yuanAmount >= 1e8 ? `${(yuanAmount / 1e8).toFixed(2)} 亿元` : `${(yuanAmount / 1e4).toFixed(0)} 万元`;

/** /stock/:code as it shows a stock: the not-found page for a code the server does not know. */
export function StockDetailView({ state, onRetry, onToggleWatch, watchBusy = false }: StockDetailViewProps) {
  if (state.status === 'not-found') return <NotFoundPage />;
  if (state.status === 'loading')
    return (
      <div className={styles.page} aria-busy="true">
        <Spinner label={stockText.loading} />
      </div>
    );
  if (state.status === 'error')
    return (
      <div className={styles.page}>
        <Alert tone="danger" actionLabel={stockText.retry} onAction={onRetry}>
          {state.message}
        </Alert>
      </div>
    );
  return <Detail detail={state.detail} onToggleWatch={onToggleWatch} watchBusy={watchBusy} />;
}

function Detail({
  detail,
  onToggleWatch,
  watchBusy,
}: {
  detail: StockDetail;
  onToggleWatch: (watched: boolean) => Promise<string | null>;
  watchBusy: boolean;
}) {
  const simulated = detail.source === 'simulated';
  const quote = detail.quote;
  const [watchError, setWatchError] = useState<string | null>(null);
  const markers = [
    ...detail.limit_up_days.map((day) => ({ date: day.date, label: stockText.limitUp.marker(day.boards) })),
  ];
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>
            {detail.name}
            <span className={styles.code}>{detail.code}</span>
            {simulated ? (
              <span title={marketText.simulatedHint}>
                <Badge tone="warning">{marketText.simulated}</Badge>
              </span>
            ) : null}
          </h1>
          {detail.industry ? <p className={styles.meta}>{detail.industry}</p> : null}
        </div>
        <div>
          <Button
            variant={detail.in_watchlist ? 'secondary' : 'primary'}
            isDisabled={watchBusy}
            onPress={async () => setWatchError(await onToggleWatch(detail.in_watchlist))}
          >
            {detail.in_watchlist ? stockText.watch.remove : stockText.watch.add}
          </Button>
        </div>
      </header>
      {watchError ? <Alert tone="danger">{watchError}</Alert> : null}

      <section className={styles.panel} aria-label={stockText.quote.title}>
        <h2 className={styles.panelTitle}>
          {stockText.quote.title}
          {quote ? <span className={styles.muted}>{quote.date}</span> : null}
          {quote?.partial ? <Badge tone="info">{stockText.quote.partial}</Badge> : null}
        </h2>
        {quote ? (
          <>
            <div className={styles.quoteRow}>
              <span className={`${styles.price} ${toneOf(quote.change)}`} data-testid="stock-price">
                {yuan(quote.price)}
              </span>
              <span className={toneOf(quote.change)}>{signed(quote.change)}</span>
              <span className={toneOf(quote.change)} data-testid="stock-change">
                {signed(quote.pct_change)}%
              </span>
            </div>
            <dl className={styles.facts}>
              {(
                [
                  [stockText.quote.open, yuan(quote.open)],
                  [stockText.quote.high, yuan(quote.high)],
                  [stockText.quote.low, yuan(quote.low)],
                  [stockText.quote.prevClose, yuan(quote.prev_close)],
                  [stockText.quote.volume, volumeText(quote.volume)],
                  [stockText.quote.amount, amountText(quote.amount)],
                ] as const
              ).map(([name, value]) => (
                <div key={name} className={styles.fact}>
                  <dt className={styles.factName}>{name}</dt>
                  <dd className={styles.factValue}>{value}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : (
          <p className={styles.muted}>{stockText.quote.none}</p>
        )}
      </section>

      <div className={styles.columns}>
        <section className={styles.panel} aria-label={stockText.intradayTitle(detail.minute.date ?? '')}>
          {detail.minute.points.length > 0 && detail.minute.prev_close !== null ? (
            <IntradayChart
              points={detail.minute.points.map((p) => ({
                time: p.time,
                price: p.price,
                avgPrice: p.avg_price,
                volume: p.volume,
              }))}
              prevClose={detail.minute.prev_close}
              date={detail.minute.date ?? ''}
              title={stockText.intradayTitle(detail.minute.date ?? '')}
              simulated={simulated}
              height={300}
            />
          ) : (
            <p className={styles.muted}>{stockText.noMinutes}</p>
          )}
        </section>
        <section className={styles.panel} aria-label={stockText.klineTitle}>
          <KLineChart
            bars={detail.daily.map((bar) => ({
              date: bar.date,
              open: bar.open,
              high: bar.high,
              low: bar.low,
              close: bar.close,
              volume: bar.volume,
              pctChange: bar.pct_change,
            }))}
            title={stockText.klineTitle}
            simulated={simulated}
            markers={markers}
            height={300}
          />
        </section>
      </div>

      <div className={styles.columns}>
        <section className={styles.panel} aria-label={stockText.limitUp.title}>
          <h2 className={styles.panelTitle}>{stockText.limitUp.title}</h2>
          {detail.limit_up_days.length === 0 ? (
            <p className={styles.muted}>{stockText.limitUp.empty}</p>
          ) : (
            <ul className={styles.list}>
              {detail.limit_up_days.map((day) => (
                <li key={day.date} className={styles.listItem}>
                  <span className={styles.date}>{day.date}</span>
                  <Badge tone="danger">{stockText.limitUp.boards(day.boards)}</Badge>
                  {day.first_seal_time ? (
                    <span className={styles.muted}>{stockText.limitUp.sealedAt(day.first_seal_time)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={styles.panel} aria-label={stockText.reports.title}>
          <h2 className={styles.panelTitle}>{stockText.reports.title}</h2>
          {detail.reports.length === 0 ? (
            <p className={styles.muted}>{stockText.reports.empty}</p>
          ) : (
            <ul className={styles.list}>
              {detail.reports.map((report) => (
                <li key={report.report_id} className={styles.listItem}>
                  <span className={styles.date}>{report.trade_date}</span>
                  <span>{report.run_phase_display}</span>
                  <Badge tone={report.decision === 'avoid' ? 'neutral' : 'accent'}>
                    {stockText.decision[report.decision]}
                  </Badge>
                  {report.recommendation_reason ? (
                    <span className={styles.muted}>{report.recommendation_reason}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <footer className={styles.footer}>{marketText.disclaimer}</footer>
    </div>
  );
}
