import type { PickOutcome } from '@wanxiang/api-client';
import { Badge } from '@wanxiang/ui';
import * as styles from './TrackRecordPanel.css';
import { formatReturn, trackText as t, toneOf } from './trackRecordLogic';

function Return({ value }: { value: number | null | undefined }) {
  return <span className={styles.tone[toneOf(value)]}>{formatReturn(value)}</span>;
}

/** A pick's next trading day on its card: open, close and high vs the reference close; 待验证 until then. */
export function PickOutcomeLine({ outcome }: { outcome: PickOutcome }) {
  const o = t.outcome;
  const reference = outcome.reference_close;
  return (
    <p
      className={styles.outcome}
      title={reference !== null ? o.referenceHint : undefined}
      data-outcome={outcome.status}
    >
      <span className={styles.outcomeLabel}>{o.label}</span>
      {outcome.status === 'settled' ? (
        <>
          <span>
            {o.open} <Return value={outcome.open_return} />
          </span>
          <span className={styles.outcomeValue}>
            {o.close} <Return value={outcome.close_return} />
          </span>
          <span>
            {o.max} <Return value={outcome.max_return} />
          </span>
        </>
      ) : outcome.status === 'pending' ? (
        <>
          <Badge tone="neutral">{o.pending}</Badge>
          <span>{o.pendingNote(outcome.next_date)}</span>
        </>
      ) : (
        <span>{o.unavailable}</span>
      )}
      {reference !== null ? <span className={styles.reference}>{o.reference(reference)}</span> : null}
    </p>
  );
}
