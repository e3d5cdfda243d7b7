import type { DailyEmotionPoint } from '@wanxiang/api-client';
import { formatValue } from '@wanxiang/charts';
import { Disclosure } from '@wanxiang/ui';
import { scoreName } from './EmotionBreakdown';
import { FORMULA, percentText, plainNumber, rawInput, rawText, STAGE_RULES } from './emotionFormula';
import * as styles from './MarketBoard.css';
import { marketText } from './messages';

const f = marketText.formula;

export interface EmotionFormulaPanelProps {
  /** The day explained (the one the breakdown shows), with the day before it for the stage's "rising". */
  day?: DailyEmotionPoint | undefined;
  previous?: DailyEmotionPoint | undefined;
  /** The day as the board names it ("11月25日周三"). */
  at: string;
  /** Open at first (stories, screenshots). @default false */
  defaultExpanded?: boolean;
}

/**
 * 指标说明: how 情绪值 is computed, each of its seven sub-scores (what it measures, its anchors and weight, the
 * day's raw input and score) and the four stages with their rules and the day's inputs, in a section the
 * reader opens from the board.
 */
export function EmotionFormulaPanel({
  day,
  previous,
  at,
  defaultExpanded = false,
}: EmotionFormulaPanelProps) {
  const c = f.columns;
  const stress = day?.inputs;
  const facts = f.stageFacts;
  return (
    <Disclosure
      title={f.panelTitle}
      headingLevel={2}
      defaultExpanded={defaultExpanded}
      className={styles.formulaPanel}
    >
      <div className={styles.formulaSection}>
        <h3 className={styles.formulaHeading}>{f.valueTitle}</h3>
        <p className={styles.explainLine}>{f.valueMeasures}</p>
        <p className={styles.explainLine}>{f.valueFormula}</p>

        <h3 className={styles.formulaHeading}>{f.componentsTitle}</h3>
        <div className={styles.formulaTableWrap}>
          <table className={styles.formulaTable}>
            <thead>
              <tr>
                <th scope="col" className={styles.formulaHeadCell}>
                  {c.name}
                </th>
                <th scope="col" className={styles.formulaHeadCell}>
                  {c.raw}
                </th>
                <th scope="col" className={styles.formulaHeadCell}>
                  {c.zeroAt}
                </th>
                <th scope="col" className={styles.formulaHeadCell}>
                  {c.fullAt}
                </th>
                <th scope="col" className={styles.formulaHeadCell}>
                  {c.weight}
                </th>
                <th scope="col" className={styles.formulaHeadCell}>
                  {c.today}
                </th>
              </tr>
            </thead>
            <tbody>
              {FORMULA.map((component) => {
                const { key, symbol, unit, zeroAt, fullAt, weight } = component;
                const raw = rawInput(key, day?.inputs);
                const score = day?.scores?.[key];
                return (
                  <tr key={key}>
                    <th scope="row" className={styles.formulaCell}>
                      {scoreName(key)} {symbol}
                    </th>
                    <td className={styles.formulaCell}>{f.measures[key]}</td>
                    <td className={styles.formulaCell}>{rawText(unit, zeroAt, true)}</td>
                    <td className={styles.formulaCell}>{rawText(unit, fullAt, true)}</td>
                    <td className={styles.formulaCell}>{plainNumber(weight)}</td>
                    <td className={styles.formulaCell}>
                      {score === null || score === undefined
                        ? marketText.explain.missing
                        : `${raw === null ? '' : `${rawText(unit, raw)} → `}${formatValue(score)}`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>

        <h3 className={styles.formulaHeading}>{f.stagesTitle}</h3>
        <ol className={styles.formulaList}>
          {f.stages.map((stage) => (
            <li key={stage.name}>
              <strong>{stage.name}</strong>：
              {stage.rule({
                ...STAGE_RULES,
                stressBrokenRate: `${plainNumber(STAGE_RULES.stressBrokenRate * 100)}%`,
              })}
            </li>
          ))}
        </ol>
        {day ? (
          <p className={styles.explainQuiet}>
            {f.stageInputs(at)}：{facts.value} {formatValue(day.value)}，{facts.ma5} {formatValue(day.ma5)}，
            {facts.ma20} {formatValue(day.ma20)}
            {previous ? `，${facts.previous} ${formatValue(previous.value)}` : ''}
            {stress
              ? `；${facts.limitDown} ${stress.limit_down} 家，${facts.brokenRate} ${
                  stress.broken_rate === null ? marketText.explain.missing : percentText(stress.broken_rate)
                }，${facts.yesterdayReturn} ${
                  stress.yesterday_limit_up_return === null
                    ? marketText.explain.missing
                    : rawText('return', stress.yesterday_limit_up_return)
                }`
              : ''}
          </p>
        ) : null}
        <p className={styles.explainQuiet}>{f.stageNote}</p>
      </div>
    </Disclosure>
  );
}
