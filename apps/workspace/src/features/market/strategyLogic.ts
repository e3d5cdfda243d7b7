/** The display rules of the execution feed and the recommendation panel, as pure functions. */
import {
  type StrategyNodeLog,
  type StrategyResultData,
  strategyResultData,
  type TradePlan,
  type WatchlistStock,
} from '@wanxiang/api-client';
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

/** The watchlist as plain text, for the clipboard: one stock a line with its plan. */
export function watchlistText(date: string, phase: string, stocks: readonly WatchlistStock[]): string {
  const lines = stocks.map((stock) => {
    const plan = stock.trade_plan;
    const parts = [`${stock.symbol} ${stock.name}`];
    if (plan) {
      parts.push(positionLabel(plan.position_level));
      parts.push(`${strategyText.card.entry}：${entryText(plan)}`);
      if (plan.entry_strategy_type !== 'avoid')
        parts.push(`${strategyText.card.stopLoss}：${stopLossText(plan)}`);
    }
    parts.push(stock.recommendation_reason?.trim() || strategyText.fallback.reason);
    return parts.join('｜');
  });
  return [`${date} ${phase}`, ...lines].join('\n');
}
