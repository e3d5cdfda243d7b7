/**
 * The rules of daily_board_hitting_strategy (README.md in this folder): from one snapshot of the market
 * (the limit-up ladder, broken boards, limit-downs) and the emotion indicator, the emotion stage, the hot
 * themes and the actionable watchlist with its trade plans. Pure functions: the same facts always give the
 * same report, which the unit tests check on recorded days.
 */
import type { EmotionInputs } from '../market/emotion';
import { limitPrice, limitRatio, type MarketSnapshot, type PoolStock } from '../market/provider';

export type EmotionStage = '低位反弹' | '震荡偏多' | '高位震荡' | '风险释放';

export interface EmotionFacts {
  /** The emotion value of the day analysed (0–100) with its trading-day averages. */
  value: number;
  ma5: number;
  ma20: number;
  /** The value of the trading day before, when known. */
  previous?: number;
  inputs: EmotionInputs;
}

/**
 * The board's four emotion stages from the indicator, checked in this
 * order so that a falling market is never called bullish:
 * - 风险释放: value < 35, or value under its MA5 while limit-downs ≥ 20, broken rate ≥ 40 % or yesterday's
 *   limit-up stocks lose on average;
 * - 低位反弹: MA20 < 45 and the value above its MA5 and rising;
 * - 高位震荡: MA20 ≥ 60 and the value under its MA5 (strength, but topping);
 * - 震荡偏多: otherwise.
 */
export function emotionStage(facts: EmotionFacts): EmotionStage {
  const { value, ma5, ma20, previous, inputs } = facts;
  const stress =
    inputs.limit_down >= 20 ||
    (inputs.broken_rate ?? 0) >= 0.4 ||
    (inputs.yesterday_limit_up_return ?? 0) < 0;
  if (value < 35 || (value < ma5 && stress)) return '风险释放';
  if (ma20 < 45 && value > ma5 && (previous === undefined || value > previous)) return '低位反弹';
  if (ma20 >= 60 && value < ma5) return '高位震荡';
  return '震荡偏多';
}

export interface HotTheme {
  theme: string;
  logic: string;
  count: number;
  leader: PoolStock;
}

/** Sealed at 14:30 or later: a late board, weak by the board-hitters' rule of thumb. */
const LATE_SEAL = '14:30:00';
/** Opened this many times or more: the board did not hold well. */
const MAX_BREAKS = 2;
const HOT_THEMES = 3;
const MAX_PICKS = 6;

const bySealTime = (a: PoolStock, b: PoolStock) =>
  (a.firstSealTime ?? '99').localeCompare(b.firstSealTime ?? '99') || a.code.localeCompare(b.code);
const byLadder = (a: PoolStock, b: PoolStock) => b.boards - a.boards || bySealTime(a, b);

/** Themes (industries) ranked by their limit-up count, then their highest board; the top three. */
export function hotThemes(limitUp: readonly PoolStock[]): HotTheme[] {
  const groups = new Map<string, PoolStock[]>();
  for (const stock of limitUp) {
    if (!stock.industry) continue;
    const list = groups.get(stock.industry) ?? [];
    list.push(stock);
    groups.set(stock.industry, list);
  }
  return [...groups.entries()]
    .map(([theme, stocks]) => {
      const sorted = [...stocks].sort(byLadder);
      const leader = sorted[0] as PoolStock;
      const ladder = [...new Set(sorted.map((s) => s.boards))].map(
        (boards) => `${boards}板${sorted.filter((s) => s.boards === boards).length}只`,
      );
      return {
        theme,
        count: stocks.length,
        leader,
        logic: `${stocks.length} 只涨停，梯队 ${ladder.join('、')}；龙头 ${leader.name}（${leader.code}）${leader.boards} 连板，${leader.firstSealTime ?? '—'} 首次封板。`,
      };
    })
    .filter((theme) => theme.count >= 2)
    .sort((a, b) => b.count - a.count || b.leader.boards - a.leader.boards || a.theme.localeCompare(b.theme))
    .slice(0, HOT_THEMES);
}

export type PlanPhase = 'next-session' | 'intraday';

export interface Pick {
  stock: PoolStock;
  role: 'leader' | 'follower' | 'avoid';
  theme: string;
  reason: string;
  plan: {
    position_level: number;
    entry_strategy_type: 'pullback' | 'breakout' | 'avoid';
    entry_price_low: number | null;
    entry_price_high: number | null;
    stop_loss_type: 'price' | 'percent' | null;
    stop_loss_value: number | null;
  };
}

export interface FilterCounts {
  /** Limit-up stocks in the snapshot. */
  fetched: number;
  brokenTooOften: number;
  lateSeal: number;
  outsideHotThemes: number;
  /** Candidates left after the filters. */
  kept: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
/** A price on the 0.01 CNY tick, never past the day's limits. */
const tick = (x: number, low: number, high: number) => Math.min(high, Math.max(low, round2(x)));

/** Base position by stage: the mood sets how much the board-hitter risks (README, "Positions"). */
const STAGE_POSITION: Record<EmotionStage, number> = {
  震荡偏多: 1.5,
  低位反弹: 1,
  高位震荡: 0.5,
  风险释放: 0,
};

/**
 * The limits the plan's prices must respect. For the next session (pre-open and after the close) the
 * reference is the stock's last price, which becomes the previous close; during the session it is today's
 * previous close, recovered from the price and its change.
 */
export function priceLimits(
  stock: PoolStock,
  phase: PlanPhase,
): { prevClose: number; up: number; down: number } {
  const ratio = limitRatio(stock.board, /ST/i.test(stock.name));
  const prevClose =
    phase === 'next-session' ? stock.price : round2(stock.price / (1 + stock.pctChange / 100));
  const up = phase === 'intraday' && stock.limitPrice ? stock.limitPrice : limitPrice(prevClose, ratio, 1);
  return { prevClose, up, down: limitPrice(prevClose, ratio, -1) };
}

/**
 * The watchlist from the day's limit-up ladder:
 * 1. drop boards opened `MAX_BREAKS`+ times and boards first sealed at 14:30 or later;
 * 2. keep the stocks of the hot themes;
 * 3. per theme, the highest board is the leader (breakout at the next limit price), the next one or two the
 *    followers (pullback range); at most six picks, the highest ladders first;
 * 4. in 风险释放 every pick becomes "avoid"; in 高位震荡 a leader of 5+ boards becomes "avoid" too.
 */
export function selectWatchlist(
  snapshot: MarketSnapshot,
  stage: EmotionStage,
  themes: readonly HotTheme[],
  phase: PlanPhase,
): { picks: Pick[]; counts: FilterCounts } {
  const all = snapshot.limitUp;
  const steady = all.filter((s) => (s.breakCount ?? 0) < MAX_BREAKS);
  const early = steady.filter((s) => !s.firstSealTime || s.firstSealTime < LATE_SEAL);
  const hot = new Set(themes.map((t) => t.theme));
  const candidates = early.filter((s) => hot.has(s.industry));
  const counts: FilterCounts = {
    fetched: all.length,
    brokenTooOften: all.length - steady.length,
    lateSeal: steady.length - early.length,
    outsideHotThemes: early.length - candidates.length,
    kept: candidates.length,
  };

  const picks: Pick[] = [];
  for (const theme of themes) {
    const members = candidates.filter((s) => s.industry === theme.theme).sort(byLadder);
    members.slice(0, 3).forEach((stock, rank) => {
      picks.push(planFor(stock, rank === 0 ? 'leader' : 'follower', theme.theme, stage, phase));
    });
  }
  picks.sort((a, b) => byLadder(a.stock, b.stock));
  return { picks: picks.slice(0, MAX_PICKS), counts };
}

function planFor(
  stock: PoolStock,
  role: 'leader' | 'follower',
  theme: string,
  stage: EmotionStage,
  phase: PlanPhase,
): Pick {
  const { up, down } = priceLimits(stock, phase);
  const base = STAGE_POSITION[stage];
  const seal = stock.firstSealTime ? `${stock.firstSealTime} 首次封板` : '封板时间未知';
  const breaks = stock.breakCount ? `，开板 ${stock.breakCount} 次` : '，全天未开板';
  const facts = `${theme}${role === 'leader' ? '龙头' : '跟风'}，${stock.boards} 连板，${seal}${breaks}`;
  const avoid = stage === '风险释放' || (stage === '高位震荡' && role === 'leader' && stock.boards >= 5);
  if (avoid) {
    return {
      stock,
      role: 'avoid',
      theme,
      reason: `${facts}。情绪处于${stage}，${stage === '风险释放' ? '亏钱效应扩散' : '高位分歧加大'}，不参与接力。`,
      plan: {
        position_level: 0,
        entry_strategy_type: 'avoid',
        entry_price_low: null,
        entry_price_high: null,
        stop_loss_type: null,
        stop_loss_value: null,
      },
    };
  }
  if (role === 'leader') {
    // Breakout: buy the seal at the limit price; stop 5 % under it.
    return {
      stock,
      role,
      theme,
      reason: `${facts}。题材内最高板，情绪${stage}，打板确认封单后跟随。`,
      plan: {
        position_level: base,
        entry_strategy_type: 'breakout',
        entry_price_low: up,
        entry_price_high: up,
        stop_loss_type: 'percent',
        stop_loss_value: 5,
      },
    };
  }
  // Pullback: a range 5 %–2 % under the limit price, stop 3 % under the range's low.
  const high = tick(up * 0.98, down, up);
  const low = tick(up * 0.95, down, high);
  return {
    stock,
    role,
    theme,
    reason: `${facts}。跟随龙头的补涨，回踩承接区低吸，不追高。`,
    plan: {
      position_level: round2(Math.max(0.3, base * 0.6)),
      entry_strategy_type: 'pullback',
      entry_price_low: low,
      entry_price_high: high,
      stop_loss_type: 'price',
      stop_loss_value: tick(low * 0.97, down, low),
    },
  };
}

const pct = (x: number | null) => (x === null ? '—' : `${round2(x * 100)}%`);

/** The summary written by the rules when no model writes it (or the model fails). */
export function ruleSummary(
  facts: EmotionFacts,
  stage: EmotionStage,
  themes: readonly HotTheme[],
  picks: readonly Pick[],
): string {
  const i = facts.inputs;
  const acting = picks.filter((p) => p.role !== 'avoid').length;
  const themeText =
    themes.length > 0 ? themes.map((t) => `${t.theme}（${t.count} 只）`).join('、') : '无明显主线';
  const advice =
    stage === '风险释放'
      ? '亏钱效应明显，以观望为主，回避高位接力。'
      : stage === '高位震荡'
        ? '高位分歧，控制仓位，只做题材内确定性最高的标的。'
        : stage === '低位反弹'
          ? '情绪从低位回暖，可轻仓试错首板与低位补涨。'
          : '赚钱效应尚可，围绕主线龙头接力，跟风低吸为辅。';
  return [
    `情绪值 ${facts.value}（MA5 ${facts.ma5}，MA20 ${facts.ma20}），处于${stage}。`,
    `涨停 ${i.limit_up} 只，炸板 ${i.broken} 只（炸板率 ${pct(i.broken_rate)}），跌停 ${i.limit_down} 只，最高 ${i.max_board} 连板`,
    i.yesterday_limit_up_return === null ? '。' : `，昨日涨停今日平均 ${i.yesterday_limit_up_return}%。`,
    `热点题材：${themeText}。`,
    `入选 ${picks.length} 只，其中可操作 ${acting} 只。${advice}`,
  ].join('');
}

export interface ResultData {
  market_analysis: {
    emotion_stage: EmotionStage;
    analysis_summary: string;
    key_themes: { theme: string; logic: string }[];
    emotion_value: number;
    /** What the stage was judged on, so that the board can show the rule with the day's numbers. */
    emotion_facts: {
      value: number;
      ma5: number;
      ma20: number;
      previous: number | null;
      limit_down: number;
      broken_rate: number | null;
      yesterday_limit_up_return: number | null;
    };
  };
  actionable_watchlist: {
    symbol: string;
    name: string;
    recommendation_reason: string;
    trade_plan: Pick['plan'];
  }[];
}

export function resultData(
  facts: EmotionFacts,
  stage: EmotionStage,
  themes: readonly HotTheme[],
  picks: readonly Pick[],
  summary: string,
  reasons?: ReadonlyMap<string, string>,
): ResultData {
  return {
    market_analysis: {
      emotion_stage: stage,
      analysis_summary: summary,
      key_themes: themes.map((t) => ({ theme: t.theme, logic: t.logic })),
      emotion_value: facts.value,
      emotion_facts: {
        value: facts.value,
        ma5: facts.ma5,
        ma20: facts.ma20,
        previous: facts.previous ?? null,
        limit_down: facts.inputs.limit_down,
        broken_rate: facts.inputs.broken_rate,
        yesterday_limit_up_return: facts.inputs.yesterday_limit_up_return,
      },
    },
    actionable_watchlist: picks.map((p) => ({
      symbol: p.stock.code,
      name: p.stock.name,
      recommendation_reason: reasons?.get(p.stock.code) ?? p.reason,
      trade_plan: p.plan,
    })),
  };
}
