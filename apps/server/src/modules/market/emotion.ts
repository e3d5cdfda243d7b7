/**
 * The emotion indicator (短线情绪), 0–100, from one market snapshot. The same function scores the close of
 * a day and the end of every 5-minute slot. The formula and the reason of each weight are in README.md
 * beside this file.
 */
import type { MarketSnapshot } from './provider';

/** The raw inputs, as counted from the snapshot. Rates are 0…1, returns in percent. */
export interface EmotionInputs {
  limit_up: number;
  limit_down: number;
  broken: number;
  /** ZB / (ZT + ZB); null when nothing touched the limit. */
  broken_rate: number | null;
  max_board: number;
  /** Stocks on their 2nd or higher board today ÷ yesterday's limit-up stocks; null without yesterday's pool. */
  promotion_rate: number | null;
  /** Mean change today of yesterday's limit-up stocks, percent; null without that pool. */
  yesterday_limit_up_return: number | null;
  advancers: number;
  decliners: number;
}

export const COMPONENTS = [
  'yesterday_limit_up_return',
  'broken_rate',
  'limit_up',
  'max_board',
  'promotion_rate',
  'limit_down',
  'breadth',
] as const;
export type Component = (typeof COMPONENTS)[number];

/** Each sub-score is 0…100, null when its input is missing (the others then share its weight). */
export type EmotionScores = Record<Component, number | null>;

interface Anchor {
  weight: number;
  /** The raw value that scores 0 and the one that scores 100; between them the score is linear. */
  zero: number;
  full: number;
}

export const ANCHORS: Record<Component, Anchor> = {
  yesterday_limit_up_return: { weight: 0.25, zero: -3, full: 6 },
  broken_rate: { weight: 0.15, zero: 0.5, full: 0.1 },
  limit_up: { weight: 0.15, zero: 20, full: 150 },
  max_board: { weight: 0.15, zero: 2, full: 8 },
  promotion_rate: { weight: 0.1, zero: 0.1, full: 0.45 },
  limit_down: { weight: 0.1, zero: 40, full: 0 },
  breadth: { weight: 0.1, zero: 0.2, full: 0.8 },
};

const round2 = (x: number) => Math.round(x * 100) / 100;

export function subScore(component: Component, raw: number | null): number | null {
  if (raw === null || !Number.isFinite(raw)) return null;
  const { zero, full } = ANCHORS[component];
  const t = (raw - zero) / (full - zero);
  return round2(Math.min(1, Math.max(0, t)) * 100);
}

export function emotionInputs(snapshot: MarketSnapshot): EmotionInputs {
  const zt = snapshot.limitUp.length;
  const zb = snapshot.broken.length;
  const yesterday = snapshot.yesterdayLimitUp;
  const promoted = snapshot.limitUp.filter((stock) => stock.boards >= 2).length;
  return {
    limit_up: zt,
    limit_down: snapshot.limitDown.length,
    broken: zb,
    broken_rate: zt + zb > 0 ? round4(zb / (zt + zb)) : null,
    max_board: snapshot.limitUp.reduce((max, stock) => Math.max(max, stock.boards), 0),
    promotion_rate: yesterday.length > 0 ? round4(promoted / yesterday.length) : null,
    yesterday_limit_up_return:
      yesterday.length > 0
        ? round2(yesterday.reduce((sum, s) => sum + s.pctChange, 0) / yesterday.length)
        : null,
    advancers: snapshot.breadth.advancers,
    decliners: snapshot.breadth.decliners,
  };
}

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

export interface EmotionScore {
  value: number;
  scores: EmotionScores;
  inputs: EmotionInputs;
}

export function scoreInputs(inputs: EmotionInputs): EmotionScore {
  const updown = inputs.advancers + inputs.decliners;
  const raw: Record<Component, number | null> = {
    yesterday_limit_up_return: inputs.yesterday_limit_up_return,
    broken_rate: inputs.broken_rate,
    limit_up: inputs.limit_up,
    max_board: inputs.max_board,
    promotion_rate: inputs.promotion_rate,
    limit_down: inputs.limit_down,
    breadth: updown > 0 ? inputs.advancers / updown : null,
  };
  const scores = {} as EmotionScores;
  let sum = 0;
  let weights = 0;
  for (const component of COMPONENTS) {
    const score = subScore(component, raw[component]);
    scores[component] = score;
    if (score === null) continue;
    sum += ANCHORS[component].weight * score;
    weights += ANCHORS[component].weight;
  }
  return { value: weights > 0 ? round2(sum / weights) : 0, scores, inputs };
}

export function scoreSnapshot(snapshot: MarketSnapshot): EmotionScore {
  return scoreInputs(emotionInputs(snapshot));
}

/** Trailing simple moving average; the first points average what there is so far. */
export function movingAverage(values: readonly number[], window: number): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    sum += values[i] as number;
    if (i >= window) sum -= values[i - window] as number;
    out.push(round2(sum / Math.min(i + 1, window)));
  }
  return out;
}
