/**
 * The emotion formula as the board explains it: the seven components with their anchors and weights (the
 * server's market README, "The formula"; emotionFormula.test.ts checks that they agree), the stage rules with
 * their thresholds (the strategy rules on the server), and the sentences that explain one number of one day.
 * The explanation panel and every popover read this one table.
 */
import type { EmotionInputs, EmotionScores } from '@wanxiang/api-client';
import { formatValue } from '@wanxiang/charts';

export type ScoreKey = keyof EmotionScores;

export interface FormulaComponent {
  key: ScoreKey;
  /** The letter the README names the raw value by. */
  symbol: string;
  /** The raw value that scores 0 and the one that scores 100 (below 0-at scores 0, past 100-at scores 100). */
  zeroAt: number;
  fullAt: number;
  weight: number;
  /** How the raw value is shown: a count, a rate (0–1, shown in percent) or a return in percent. */
  unit: 'stocks' | 'boards' | 'rate' | 'return';
}

/** In the README's order, which is the order the panel lists them in. */
export const FORMULA: readonly FormulaComponent[] = [
  { key: 'yesterday_limit_up_return', symbol: 'P', zeroAt: -3, fullAt: 6, weight: 0.25, unit: 'return' },
  { key: 'broken_rate', symbol: 'BR', zeroAt: 0.5, fullAt: 0.1, weight: 0.15, unit: 'rate' },
  { key: 'limit_up', symbol: 'ZT', zeroAt: 20, fullAt: 150, weight: 0.15, unit: 'stocks' },
  { key: 'max_board', symbol: 'H', zeroAt: 2, fullAt: 8, weight: 0.15, unit: 'boards' },
  { key: 'promotion_rate', symbol: 'PR', zeroAt: 0.1, fullAt: 0.45, weight: 0.1, unit: 'rate' },
  { key: 'limit_down', symbol: 'DT', zeroAt: 40, fullAt: 0, weight: 0.1, unit: 'stocks' },
  { key: 'breadth', symbol: 'UR', zeroAt: 0.2, fullAt: 0.8, weight: 0.1, unit: 'rate' },
];

/** The thresholds of the four stages, as the strategy checks them. */
export const STAGE_RULES = {
  /** 风险释放 below this value, whatever else. */
  riskValue: 35,
  /** Stress (with the value under its MA5, 风险释放): this many limit-downs or more… */
  stressLimitDown: 20,
  /** …or this broken rate or more, or yesterday's limit-up stocks losing on average. */
  stressBrokenRate: 0.4,
  /** 低位反弹: MA20 under this, the value above its MA5 and above the day before. */
  lowMa20: 45,
  /** 高位震荡: MA20 at or above this and the value under its MA5. */
  highMa20: 60,
} as const;

/** A number with at most two decimals and none it does not need: 2, 0.15, 23.5. */
export const plainNumber = (value: number) => String(Math.round(value * 100) / 100);

/** Percent of a 0–1 rate with two decimals, as the board shows rates: "23.50%". */
export const percentText = (rate: number) => `${formatValue(rate * 100)}%`;

/**
 * A raw value in the component's unit: "52 家", "2 板", "23.50%", "+1.20%"; an anchor (`anchor`) without the
 * decimals it does not need: "50%", "−3%".
 */
export function rawText(unit: FormulaComponent['unit'], raw: number, anchor = false): string {
  const decimals = (n: number) => (anchor ? plainNumber(n) : formatValue(n));
  switch (unit) {
    case 'stocks':
      return `${plainNumber(raw)} 家`;
    case 'boards':
      return `${plainNumber(raw)} 板`;
    case 'rate':
      return `${decimals(raw * 100)}%`;
    case 'return':
      return `${raw > 0 ? '+' : ''}${decimals(raw)}%`;
  }
}

/** The raw value behind a sub-score, or null when its input was missing (no breadth: no advancers nor decliners). */
export function rawInput(key: ScoreKey, inputs: EmotionInputs | undefined): number | null {
  if (!inputs) return null;
  switch (key) {
    case 'breadth': {
      const total = inputs.advancers + inputs.decliners;
      return total > 0 ? inputs.advancers / total : null;
    }
    default:
      return inputs[key];
  }
}

/** The sub-score of a raw value: linear between the anchors, clamped to 0–100. */
export function scoreOf(component: FormulaComponent, raw: number): number {
  const t = (raw - component.zeroAt) / (component.fullAt - component.zeroAt);
  return Math.min(100, Math.max(0, t * 100));
}

/**
 * The weight a sub-score carries today: its own weight over the weights of the sub-scores that exist (a
 * missing one's weight is shared among the others). Null when the sub-score itself is missing.
 */
export function effectiveWeight(key: ScoreKey, scores: EmotionScores): number | null {
  if (scores[key] === null) return null;
  const present = FORMULA.filter((c) => scores[c.key] !== null).reduce((sum, c) => sum + c.weight, 0);
  const own = FORMULA.find((c) => c.key === key)?.weight ?? 0;
  return present > 0 ? own / present : null;
}
