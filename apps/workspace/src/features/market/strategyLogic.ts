/** The display rules of the execution feed and the recommendation panel, as pure functions. */
import {
  decidePick,
  type StrategyNodeLog,
  type StrategyResultData,
  type StrategySchedule,
  strategyResultData,
  type TradePlan,
  type WatchlistStock,
} from '@wanxiang/api-client';
import { marketText } from './messages';
import { strategyText } from './strategyMessages';

/** More than 1800 s between two nodes starts a new batch. */
export const BATCH_GAP_SECONDS = 1800;

export interface FeedBatch {
  /** The batch's first (oldest) node's timestamp. */
  start: string;
  label: string;
  /** Newest first. */
  nodes: StrategyNodeLog[];
}

const seconds = (timestamp: string) => Math.floor(Date.parse(timestamp) / 1000);

/** Shanghai hour of a timestamp, whatever the browser's zone. */
export function shanghaiHour(timestamp: string): number {
  return Math.floor(((seconds(timestamp) + 8 * 3600) % 86_400) / 3600);
}

/** Batch label by its start hour: 8 pre-open, 9–11 morning, 13–14 afternoon, any other hour post-close. */
export function batchLabel(hour: number): string {
  const b = strategyText.batch;
  if (hour === 8) return b.preOpen;
  if (hour >= 9 && hour <= 11) return b.morning;
  if (hour === 13 || hour === 14) return b.afternoon;
  return b.postClose;
}

/**
 * Reverse the list the server returns; of nodes with the same node_id in the same second keep
 * the one with the longer description; newest first; a gap of more than 30 minutes starts a new batch.
 */
export function processFeed(nodes: readonly StrategyNodeLog[]): FeedBatch[] {
  const reversed = [...nodes].reverse();
  const kept = new Map<string, StrategyNodeLog>();
  for (const node of reversed) {
    const key = `${node.node_id}@${seconds(node.timestamp)}`;
    const known = kept.get(key);
    if (!known || (node.description ?? '').length > (known.description ?? '').length) kept.set(key, node);
  }
  // A stable sort: nodes of the same second keep the reversed order.
  const newestFirst = [...kept.values()].sort((a, b) => seconds(b.timestamp) - seconds(a.timestamp));
  const batches: StrategyNodeLog[][] = [];
  let previous: StrategyNodeLog | undefined;
  for (const node of newestFirst) {
    const current = batches.at(-1);
    if (!current || !previous || seconds(previous.timestamp) - seconds(node.timestamp) > BATCH_GAP_SECONDS)
      batches.push([node]);
    else current.push(node);
    previous = node;
  }
  return batches.map((batch) => {
    const start = (batch.at(-1) as StrategyNodeLog).timestamp;
    return { start, label: batchLabel(shanghaiHour(start)), nodes: batch };
  });
}

/** 1.5+ core, 1+ standard, more than 0.5 medium, otherwise a light probe. */
export function positionLabel(level: number): string {
  const p = strategyText.position;
  if (level >= 1.5) return p.core;
  if (level >= 1) return p.standard;
  if (level > 0.5) return p.medium;
  return p.light;
}

const yuan = (price: number | null | undefined) =>
  typeof price === 'number' && Number.isFinite(price) ? `¥${price.toFixed(2)}` : '—';

/** pullback: the range low–high; breakout: the price; avoid: 建议回避; anything else: 按计划执行. */
export function entryText(plan: TradePlan): string {
  switch (plan.entry_strategy_type) {
    case 'pullback':
      return `${yuan(plan.entry_price_low)} - ${yuan(plan.entry_price_high)}`;
    case 'breakout':
      return yuan(plan.entry_price_high ?? plan.entry_price_low);
    case 'avoid':
      return strategyText.entry.avoid;
    default:
      return strategyText.entry.perPlan;
  }
}

/** Yuan for the price type, otherwise percent. */
export function stopLossText(plan: TradePlan): string {
  const value = plan.stop_loss_value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  return plan.stop_loss_type === 'price' ? yuan(value) : `${value}%`;
}

export type StageTone = 'green' | 'blue' | 'orange' | 'red' | 'grey';

/** The stage's colour; grey (and 未知阶段 when empty) for anything else. */
export function stageStyle(stage: string | null | undefined): { tone: StageTone; text: string } {
  const s = strategyText.stage;
  const text = stage?.trim() || s.unknown;
  if (text === s.lowRebound) return { tone: 'green', text };
  if (text === s.bullish) return { tone: 'blue', text };
  if (text === s.highOscillation) return { tone: 'orange', text };
  if (text === s.riskRelease) return { tone: 'red', text };
  return { tone: 'grey', text };
}

export type ParsedResult =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'ready'; data: StrategyResultData };

/** `result_data` is an object or a JSON string; anything else does not parse. */
export function parseResultData(raw: unknown): ParsedResult {
  if (raw === null || raw === undefined || raw === '') return { kind: 'empty' };
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { kind: 'invalid' };
    }
  }
  const parsed = strategyResultData.safeParse(value);
  if (!parsed.success || typeof value !== 'object' || Array.isArray(value)) return { kind: 'invalid' };
  return { kind: 'ready', data: parsed.data };
}

/** A report's phase by its `run_phase`: 盘前分析, 盘中 · 早盘跟踪, 盘中 · 午后评估, 盘后复盘. */
export function phaseLabel(runPhase: string, display?: string | null): string {
  return strategyText.panel.phase[runPhase] ?? (display?.trim() || strategyText.panel.otherPhase);
}

export type DecisionKind = 'enter' | 'watch' | 'avoid';

export interface PickDecision {
  kind: DecisionKind;
  /** 核心仓位 / 标准仓位 / 中等仓位 / 轻仓试探 to enter, 关注, or 回避. */
  label: string;
  /** Why the pick is avoided or only watched; null when it is entered by its plan. */
  note: string | null;
}

/**
 * The one decision of a pick, from the report's emotion stage and the pick's own plan; the card and the copied
 * text both show it. 回避 when the stage is 风险释放 (whatever the plan says), or the plan avoids or puts
 * nothing in; 关注 without a plan or with a plan that names no priced entry; otherwise entered at the plan's
 * position (核心仓位 1.5+, 标准仓位 1+, 中等仓位 above 0.5, 轻仓试探 below).
 */
export function pickDecision(stage: string | null | undefined, stock: WatchlistStock): PickDecision {
  const d = strategyText.decision;
  // The rule is the one the server's track record counts by (decidePick), so a card and its tally agree.
  const { decision, reason } = decidePick(stage, stock.trade_plan);
  const note =
    reason === 'risk_release'
      ? d.riskRelease
      : reason === 'plan_avoid'
        ? d.planAvoid
        : reason === 'no_plan'
          ? d.noPlan
          : null;
  if (decision === 'avoid') return { kind: 'avoid', label: d.avoid, note };
  if (decision === 'watch') return { kind: 'watch', label: d.watch, note };
  return { kind: 'enter', label: positionLabel((stock.trade_plan as TradePlan).position_level), note: null };
}

const simulatedTag = (simulated: boolean) => (simulated ? `（${marketText.simulated}）` : '');

/** One stock copied alone: its code and name, marked 模拟行情 when it is, and the notice. */
export function stockCopyText(stock: WatchlistStock, simulated: boolean): string {
  return [`${stock.symbol} ${stock.name}${simulatedTag(simulated)}`, marketText.disclaimer].join('\n');
}

/**
 * The watchlist as plain text, for the clipboard: the date and phase (模拟行情 when it is), one stock a line
 * with its decision — an entered pick with its entry and stop loss, a watched or avoided one with why — and
 * the notice at the end.
 */
export function watchlistText(report: {
  date: string;
  phase: string;
  stage: string | null | undefined;
  stocks: readonly WatchlistStock[];
  simulated: boolean;
}): string {
  const lines = report.stocks.map((stock) => {
    const plan = stock.trade_plan;
    const decision = pickDecision(report.stage, stock);
    const parts = [`${stock.symbol} ${stock.name}`, decision.label];
    if (decision.kind === 'enter' && plan) {
      parts.push(`${strategyText.card.entry}：${entryText(plan)}`);
      parts.push(`${strategyText.card.stopLoss}：${stopLossText(plan)}`);
    } else if (decision.kind === 'watch' && plan) {
      parts.push(`${strategyText.card.entry}：${entryText(plan)}`);
      if (stopLossText(plan) !== '—') parts.push(`${strategyText.card.stopLoss}：${stopLossText(plan)}`);
    } else if (decision.note) parts.push(decision.note);
    parts.push(stock.recommendation_reason?.trim() || strategyText.fallback.reason);
    return parts.join('｜');
  });
  return [
    `${report.date} ${report.phase}${simulatedTag(report.simulated)}`,
    ...lines,
    '',
    marketText.disclaimer,
  ].join('\n');
}

const runDayFormat = new Intl.DateTimeFormat('zh-CN', {
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  timeZone: 'UTC',
});

/**
 * What the feed says while today has no node: 今日休市 on a day the exchanges are closed, otherwise
 * 今日策略尚未运行; with when the next run is (今天 or its date, the time, the phase, Shanghai time) when one
 * is known. Without a schedule (not loaded, or it failed) it only says the strategy has not run.
 */
export function idleFeedText(schedule: StrategySchedule | null | undefined): {
  title: string;
  note: string | null;
  next: string | null;
} {
  const f = strategyText.feed;
  if (!schedule) return { title: f.empty, note: null, next: null };
  const run = schedule.next_run;
  const when = run
    ? run.date === schedule.today
      ? f.today
      : runDayFormat.format(new Date(`${run.date}T00:00:00Z`))
    : null;
  return {
    title: schedule.trading_day ? f.empty : f.closed,
    note: schedule.trading_day ? null : f.closedNote,
    next: run && when ? f.nextRun(`${when} ${run.at}`, run.display) : null,
  };
}
