import { type EmotionInputs, type EmotionScores, emotionScores } from '@wanxiang/api-client';
import { formatValue } from '@wanxiang/charts';
import { useId } from 'react';
import * as styles from './MarketBoard.css';
import { marketText } from './messages';

type ScoreKey = keyof EmotionScores;

/** The sub-scores in the contract's order, named by the contract's own descriptions (涨停家数, 炸板率…). */
const SCORES = (Object.keys(emotionScores.shape) as ScoreKey[]).map((key) => ({
  key,
  name: emotionScores.shape[key].description ?? key,
}));

const percent = (rate: number | null) => (rate === null ? null : `${formatValue(rate * 100)}%`);

/** The raw input behind a sub-score, as a trader reads it ("52 家", "23.50%"), or null. */
function inputText(key: ScoreKey, inputs: EmotionInputs | undefined): string | null {
  if (!inputs) return null;
  switch (key) {
    case 'limit_up':
      return `${inputs.limit_up} 家`;
    case 'limit_down':
      return `${inputs.limit_down} 家`;
    case 'max_board':
      return `${inputs.max_board} 板`;
    case 'broken_rate':
      return percent(inputs.broken_rate);
    case 'promotion_rate':
      return percent(inputs.promotion_rate);
    case 'yesterday_limit_up_return': {
      const r = inputs.yesterday_limit_up_return;
      return r === null ? null : `${r > 0 ? '+' : ''}${formatValue(r)}%`;
    }
    case 'breadth': {
      const total = inputs.advancers + inputs.decliners;
      return total > 0 ? percent(inputs.advancers / total) : null;
    }
  }
}

export interface EmotionBreakdownProps {
  /** When the point is: a date or a time, as shown in the heading. */
  at: string;
  /** The latest point, rather than one the user is looking at on the chart. @default true */
  latest?: boolean;
  value: number;
  scores?: EmotionScores | undefined;
  inputs?: EmotionInputs | undefined;
}

/**
 * What one emotion value is made of: its sub-scores (0–100) and the counts and rates behind them. The
 * charts show the value and its averages only, so the board explains here the point a chart shows, or the
 * latest one.
 */
export function EmotionBreakdown({ at, latest = true, value, scores, inputs }: EmotionBreakdownProps) {
  const headingId = useId();
  return (
    <section className={styles.breakdown} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.breakdownTitle}>
        {latest ? marketText.explain.title(at) : marketText.explain.focusedTitle(at)}
        <span className={styles.breakdownValue}>
          {marketText.explain.value} {formatValue(value)}
        </span>
      </h3>
      {scores ? (
        <dl className={styles.breakdownList}>
          {SCORES.map(({ key, name }) => {
            const score = scores[key];
            const detail = inputText(key, inputs);
            return (
              <div key={key} className={styles.breakdownItem}>
                <dt className={styles.breakdownName}>{name}</dt>
                <dd className={styles.breakdownScore}>
                  {score === null ? marketText.explain.missing : formatValue(score)}
                  {detail ? <span className={styles.breakdownDetail}>{detail}</span> : null}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : (
        <p className={styles.muted}>{marketText.explain.noScores}</p>
      )}
    </section>
  );
}
