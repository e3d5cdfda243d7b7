import type { StageFacts } from '@wanxiang/api-client';
import { formatValue } from '@wanxiang/charts';
import { percentText, plainNumber, rawText, STAGE_RULES } from './emotionFormula';
import * as styles from './MarketBoard.css';
import { marketText } from './messages';

const f = marketText.formula;
const e = f.stageExplain;

/** The four stages' rules with the board's thresholds, in the order the strategy checks them. */
export function stageRules(): { name: string; rule: string }[] {
  const thresholds = {
    ...STAGE_RULES,
    stressBrokenRate: `${plainNumber(STAGE_RULES.stressBrokenRate * 100)}%`,
  };
  return f.stages.map((stage) => ({ name: stage.name, rule: stage.rule(thresholds) }));
}

/** The inputs a stage was judged on, as one line: 情绪值 41.20，MA5 45.00，MA20 52.10，…. */
export function stageFactsText(facts: StageFacts): string {
  const k = f.stageFacts;
  const missing = marketText.explain.missing;
  return [
    `${k.value} ${formatValue(facts.value)}，${k.ma5} ${formatValue(facts.ma5)}，${k.ma20} ${formatValue(facts.ma20)}`,
    facts.previous === null ? '' : `，${k.previous} ${formatValue(facts.previous)}`,
    `；${k.limitDown} ${facts.limit_down} 家，${k.brokenRate} ${
      facts.broken_rate === null ? missing : percentText(facts.broken_rate)
    }，${k.yesterdayReturn} ${
      facts.yesterday_limit_up_return === null ? missing : rawText('return', facts.yesterday_limit_up_return)
    }`,
  ].join('');
}

/**
 * What a report's emotion stage means and why it is the one it is: the stage's own rule, the four rules in
 * the order they are checked, and the numbers the report judged on (when the report carries them).
 */
export function StageExplanation({
  stage,
  facts,
}: {
  stage: string | null | undefined;
  facts: StageFacts | null | undefined;
}) {
  const rules = stageRules();
  const own = rules.find((r) => r.name === stage?.trim());
  return (
    <>
      <p className={styles.explainQuiet}>{e.measures}</p>
      {own ? (
        <p className={styles.explainLine}>
          {e.judged(own.name)}
          {own.rule}
        </p>
      ) : (
        <p className={styles.explainLine}>{e.unknown}</p>
      )}
      <p className={styles.explainLine}>{facts ? `${e.inputs}${stageFactsText(facts)}` : e.noFacts}</p>
      <p className={styles.explainQuiet}>{e.order}</p>
      <ol className={styles.explainList}>
        {rules.map((r) => (
          <li
            key={r.name}
            className={r.name === own?.name ? styles.explainCurrent : undefined}
            aria-current={r.name === own?.name ? 'true' : undefined}
          >
            <strong>{r.name}</strong>：{r.rule}
          </li>
        ))}
      </ol>
    </>
  );
}
