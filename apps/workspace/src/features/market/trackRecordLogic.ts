/**
 * The track record's words and display rules (历史战绩 and each pick's next-day outcome), as pure functions.
 * The numbers come from the server; the definitions they follow are the ones `trackText.definitions` states.
 */
import type { DecisionTally, PickDecisionCode, PickOutcome } from '@wanxiang/api-client';
import { strategyText } from './strategyMessages';

export const trackText = {
  title: '历史战绩',
  windowLabel: '统计区间',
  window: (days: number) => `近 ${days} 个交易日`,
  windowShort: (days: number) => `近${days}日`,
  columns: {
    decision: '决策',
    picks: '已验证',
    hitRate: '胜率',
    average: '平均收益',
    worst: '最差收益',
    pending: '待验证',
  },
  total: '合计',
  range: (from: string, to: string, reports: number) => `${from} 至 ${to}，共 ${reports} 份报告`,
  unavailable: (n: number) => `另有 ${n} 只无次日行情（停牌或数据缺失），未计入`,
  empty: '该区间暂无可统计的推荐',
  error: '获取历史战绩失败',
  retry: '重试',
  loading: '正在统计历史战绩…',
  /** The definitions, stated where the numbers are. */
  definitions: [
    '基准价：报告所依据交易日的收盘价（盘前分析为前一交易日收盘，其余阶段为报告当日收盘）。',
    '次日开盘、收盘、最高：下一个交易日的开盘价、收盘价、最高价相对基准价的涨跌幅。',
    '胜率 = 次日收盘收益大于 0 的个数 ÷ 已验证个数；平均与最差收益按次日收盘计，亏损照计，不做筛选。',
    '每个交易日只计依据其收盘的最后一份报告；次日尚未收盘的为待验证，不计入。',
  ],
  outcome: {
    label: '次日表现',
    open: '开',
    close: '收',
    max: '高',
    pending: '待验证',
    pendingNote: (date: string | null) => (date ? `${date} 收盘后验证` : '下一交易日收盘后验证'),
    unavailable: '无次日行情',
    reference: (price: number) => `基准 ¥${price.toFixed(2)}`,
    referenceHint: '基准价：报告所依据交易日的收盘价；开、收、高为下一交易日相对基准价的涨跌幅',
  },
} as const;

/** The decisions in the order the server sends them, with the board's words. */
export const decisionLabels: Record<PickDecisionCode, string> = {
  core: strategyText.position.core,
  standard: strategyText.position.standard,
  medium: strategyText.position.medium,
  light: strategyText.position.light,
  watch: strategyText.decision.watch,
  avoid: strategyText.decision.avoid,
};

export type Tone = 'up' | 'down' | 'flat';

/** Red up, green down (the Chinese convention); flat and unknown neither. */
export function toneOf(value: number | null | undefined): Tone {
  if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** A return in percent with its sign and two decimals (+3.00%, −10.00%, 0.00%); — when unknown. */
export function formatReturn(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${Math.abs(value).toFixed(2)}%`;
}

/** A rate in percent with two decimals; — without a settled pick. */
export function formatRate(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${value.toFixed(2)}%` : '—';
}

/** The rows the panel shows: every decision that had a pick in the window (settled, pending or not). */
export function shownRows(decisions: readonly DecisionTally[]): DecisionTally[] {
  return decisions.filter((row) => row.picks + row.pending + row.unavailable > 0);
}

/** A pick's outcome from a report's list: by position when the symbol matches, else by symbol. */
export function outcomeFor(
  outcomes: readonly PickOutcome[] | null | undefined,
  symbol: string,
  index: number,
): PickOutcome | undefined {
  if (!outcomes) return undefined;
  const at = outcomes[index];
  return at?.symbol === symbol ? at : outcomes.find((o) => o.symbol === symbol);
}
