import { Alert } from '@wanxiang/ui';
import type { ReactNode } from 'react';
import { messages } from '../../i18n/zh-CN';
import * as frame from '../EmotionChart/EmotionChart.css';
import * as styles from './StockChart.css';

/** One item of a readout: a name and its value, coloured by a line or by rise / fall. */
export interface ReadoutItem {
  readonly name: string;
  readonly value: string;
  readonly className?: string | undefined;
}

export interface StockChartFrameProps {
  title: string;
  subtitle?: string | undefined;
  simulated?: boolean | undefined;
  /** The heading of the readout (a time or a date) and its items; none while there is nothing to read. */
  readout: { heading: string; items: readonly ReadoutItem[] } | null;
  /** The plot, or the empty or error state in its place. */
  children: ReactNode;
  height: number;
}

/**
 * What the minute and the daily stock charts share around their plot: the heading, the 模拟行情 badge,
 * the readout line of the focused (or latest) point, and a body of a fixed height.
 */
export function StockChartFrame({
  title,
  subtitle,
  simulated,
  readout,
  children,
  height,
}: StockChartFrameProps) {
  return (
    <div className={frame.root}>
      <div className={frame.header}>
        <div className={frame.titleBlock}>
          <h3 className={frame.title}>{title}</h3>
          {subtitle && <span className={frame.subtitle}>{subtitle}</span>}
        </div>
        {simulated && (
          <span className={styles.simulatedBadge} title={messages.market.simulatedHint}>
            {messages.market.simulated}
          </span>
        )}
      </div>
      <p className={styles.readout} data-testid="chart-readout">
        {readout && (
          <>
            <span className={`${styles.readoutItem} ${styles.readoutHeading}`}>{readout.heading}</span>
            {readout.items.map((item) => (
              <span key={item.name} className={styles.readoutItem}>
                {item.name}
                <span className={item.className ?? styles.readoutValue}>{item.value}</span>
              </span>
            ))}
          </>
        )}
      </p>
      <div className={frame.body} style={{ height }}>
        {children}
      </div>
    </div>
  );
}

/** The empty state, or the error state for data that cannot be drawn. */
export function StockChartState({ error, empty }: { error: string | null; empty: string }) {
  return (
    <div className={frame.state}>
      {error ? (
        <Alert tone="danger" className={frame.alert}>
          {error}
        </Alert>
      ) : (
        <p className={frame.stateText}>{empty}</p>
      )}
    </div>
  );
}

/** The text a screen reader hears for a readout. */
export const readoutText = (readout: { heading: string; items: readonly ReadoutItem[] }) =>
  messages.market.readout(readout.heading, readout.items);
