import { type EmotionInputs, type EmotionScores, emotionScores } from '@wanxiang/api-client';
import { formatValue } from '@wanxiang/charts';
import { DialogTrigger, Popover } from '@wanxiang/ui';
import { type ReactNode, useId } from 'react';
import { Button } from 'react-aria-components';
import {
  effectiveWeight,
  FORMULA,
  type FormulaComponent,
  plainNumber,
  rawInput,
  rawText,
  type ScoreKey,
} from './emotionFormula';
import * as styles from './MarketBoard.css';
import { marketText } from './messages';

const f = marketText.formula;

/** A sub-score's name, the contract's own description (涨停家数, 炸板率…). */
export const scoreName = (key: ScoreKey) => emotionScores.shape[key].description ?? key;

/** The raw input behind a sub-score, as a trader reads it ("52 家", "23.50%"), or null. */
function inputText(component: FormulaComponent, inputs: EmotionInputs | undefined): string | null {
  const raw = rawInput(component.key, inputs);
  return raw === null ? null : rawText(component.unit, raw);
}

/** A number that opens, by pointer or keyboard, a popover saying what it is and how it was computed. */
export function ExplainedNumber({
  name,
  shown,
  children,
}: {
  name: string;
  shown: string;
  children: ReactNode;
}) {
  return (
    <DialogTrigger>
      <Button className={styles.explainTrigger} aria-label={marketText.explain.explainNumber(name, shown)}>
        {shown}
      </Button>
      <Popover title={`${name} ${shown}`} placement="bottom" showArrow>
        <div className={styles.explainBody}>{children}</div>
      </Popover>
    </DialogTrigger>
  );
}

/** What a sub-score measures, its input today, how the input maps to 0–100 and its weight. */
export function ScoreExplanation({
  component,
  scores,
  inputs,
}: {
  component: FormulaComponent;
  scores: EmotionScores;
  inputs: EmotionInputs | undefined;
}) {
  const { key, unit, zeroAt, fullAt, weight } = component;
  const raw = inputText(component, inputs);
  const share = effectiveWeight(key, scores);
  const missing = scores[key] === null;
  const sharing = FORMULA.some((c) => scores[c.key] === null);
  return (
    <>
      <p className={styles.explainQuiet}>{f.measures[key]}</p>
      {missing ? (
        <p className={styles.explainLine}>{f.missingInput}</p>
      ) : raw === null ? (
        <p className={styles.explainLine}>{f.noInputs}</p>
      ) : (
        <p className={styles.explainLine}>
          {f.raw[key]?.(raw)}；{f.anchors(rawText(unit, zeroAt, true), rawText(unit, fullAt, true))}
        </p>
      )}
      {missing ? null : raw === null ? (
        <p className={styles.explainLine}>
          {f.anchors(rawText(unit, zeroAt, true), rawText(unit, fullAt, true))}
        </p>
      ) : null}
      <p className={styles.explainLine}>
        {sharing && share !== null
          ? f.weightToday(plainNumber(weight), `${formatValue(share * 100)}%`)
          : f.weight(plainNumber(weight))}
      </p>
    </>
  );
}

/** How the value is made of the sub-scores, with today's count and which ones shared their weight. */
export function ValueExplanation({ value, scores }: { value: number; scores: EmotionScores | undefined }) {
  const counted = scores ? FORMULA.filter((c) => scores[c.key] !== null) : [];
  const missing = scores ? FORMULA.filter((c) => scores[c.key] === null) : [];
  return (
    <>
      <p className={styles.explainQuiet}>{f.valueMeasures}</p>
      <p className={styles.explainLine}>{f.valueFormula}</p>
      {scores ? (
        <p className={styles.explainLine}>{f.valueToday(formatValue(value), counted.length)}</p>
      ) : null}
      {missing.length > 0 ? (
        <p className={styles.explainLine}>{f.valueShared(missing.map((c) => scoreName(c.key)).join('、'))}</p>
      ) : null}
    </>
  );
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
          {marketText.explain.value}{' '}
          <ExplainedNumber name={marketText.explain.value} shown={formatValue(value)}>
            <ValueExplanation value={value} scores={scores} />
          </ExplainedNumber>
        </span>
      </h3>
      {scores ? (
        <dl className={styles.breakdownList}>
          {FORMULA.map((component) => {
            const { key } = component;
            const name = scoreName(key);
            const score = scores[key];
            const detail = inputText(component, inputs);
            return (
              <div key={key} className={styles.breakdownItem}>
                <dt className={styles.breakdownName}>{name}</dt>
                <dd className={styles.breakdownScore}>
                  <ExplainedNumber
                    name={name}
                    shown={score === null ? marketText.explain.missing : formatValue(score)}
                  >
                    <ScoreExplanation component={component} scores={scores} inputs={inputs} />
                  </ExplainedNumber>
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
