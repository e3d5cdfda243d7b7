/**
 * 连板天梯 and 题材 of one trading day, as pure functions of its pools: the day's limit-up pool, the
 * pool of yesterday's limit-up stocks as they traded today, and today's broken-board pool.
 *
 * A rung n holds today's stocks on their n-th consecutive board. Its candidates are yesterday's stocks on
 * n − 1 boards: those in today's limit-up pool were promoted (晋级), the others failed — broken (炸板) when
 * they are in today's broken-board pool, otherwise they never sealed. The theme of a stock is the industry
 * board the source reports for it.
 */
import type { LadderFailedStock, LadderRung, LadderStock, LimitUpTheme } from '@wanxiang/api-client/contract';
import type { PoolStock, YesterdayLimitUpStock } from './provider';

/** A stock without an industry is counted under this theme. */
export const UNCLASSIFIED_THEME = '未分类';

export interface Ladder {
  limitUpCount: number;
  yesterdayLimitUpCount: number;
  maxBoard: number;
  promotionRate: number | null;
  rungs: LadderRung[];
}

const themeOf = (industry: string) => industry.trim() || UNCLASSIFIED_THEME;

/** A seal time for ordering: a missing one after every real one. */
const sealKey = (stock: PoolStock) => stock.firstSealTime ?? '99:99:99';

/** Earliest seal first, then by code, so equal times keep a stable order. */
function bySeal(a: PoolStock, b: PoolStock): number {
  return sealKey(a).localeCompare(sealKey(b)) || a.code.localeCompare(b.code);
}

/** Highest board first, earliest seal among equals: the order in which a theme's leader is chosen. */
function byLeadership(a: PoolStock, b: PoolStock): number {
  return b.boards - a.boards || bySeal(a, b);
}

export function ladderStock(stock: PoolStock): LadderStock {
  return {
    code: stock.code,
    name: stock.name,
    boards: Math.max(1, stock.boards),
    first_seal_time: stock.firstSealTime ?? null,
    break_count: stock.breakCount ?? null,
    industry: themeOf(stock.industry),
    price: stock.price,
    pct_change: stock.pctChange,
  };
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The ladder of a day, highest rung first. */
export function buildLadder(
  limitUp: readonly PoolStock[],
  yesterdayLimitUp: readonly YesterdayLimitUpStock[],
  broken: readonly PoolStock[],
): Ladder {
  const sealed = new Set(limitUp.map((s) => s.code));
  const brokenCodes = new Set(broken.map((s) => s.code));
  const boardsOf = (stock: PoolStock) => Math.max(1, stock.boards);
  const levels = new Set<number>([
    ...limitUp.map(boardsOf),
    ...yesterdayLimitUp.map((s) => Math.max(1, s.yesterdayBoards) + 1),
  ]);
  const rungs = [...levels]
    .sort((a, b) => b - a)
    .map((boards): LadderRung => {
      const stocks = limitUp
        .filter((s) => boardsOf(s) === boards)
        .sort(bySeal)
        .map(ladderStock);
      if (boards === 1)
        return { boards, stocks, candidates: null, promoted: null, promotion_rate: null, failed: [] };
      const candidates = yesterdayLimitUp.filter((s) => Math.max(1, s.yesterdayBoards) === boards - 1);
      const failed = candidates
        .filter((s) => !sealed.has(s.code))
        .map(
          (s): LadderFailedStock => ({
            code: s.code,
            name: s.name,
            yesterday_boards: Math.max(1, s.yesterdayBoards),
            pct_change: s.pctChange,
            broken: brokenCodes.has(s.code),
            industry: themeOf(s.industry),
          }),
        )
        .sort((a, b) => b.pct_change - a.pct_change || a.code.localeCompare(b.code));
      const promoted = candidates.length - failed.length;
      return {
        boards,
        stocks,
        candidates: candidates.length,
        promoted,
        promotion_rate: ratio(promoted, candidates.length),
        failed,
      };
    });
  return {
    limitUpCount: limitUp.length,
    yesterdayLimitUpCount: yesterdayLimitUp.length,
    maxBoard: limitUp.reduce((max, s) => Math.max(max, boardsOf(s)), 0),
    promotionRate: ratio(yesterdayLimitUp.filter((s) => sealed.has(s.code)).length, yesterdayLimitUp.length),
    rungs,
  };
}

/**
 * The day's themes by limit-up count (then by their highest board, then by yesterday's count), each with its
 * leader: the highest-board stock, the earliest sealed among equals. A theme with limit-up stocks yesterday
 * and none today is listed last with a count of 0, so its fading shows.
 */
export function buildThemes(
  limitUp: readonly PoolStock[],
  yesterdayLimitUp: readonly YesterdayLimitUpStock[],
): LimitUpTheme[] {
  const today = new Map<string, PoolStock[]>();
  for (const stock of limitUp) {
    const name = themeOf(stock.industry);
    today.set(name, [...(today.get(name) ?? []), stock]);
  }
  const yesterday = new Map<string, number>();
  for (const stock of yesterdayLimitUp) {
    const name = themeOf(stock.industry);
    yesterday.set(name, (yesterday.get(name) ?? 0) + 1);
  }
  const names = new Set([...today.keys(), ...yesterday.keys()]);
  return [...names]
    .map((name): LimitUpTheme => {
      const stocks = [...(today.get(name) ?? [])].sort(byLeadership).map(ladderStock);
      return {
        name,
        count: stocks.length,
        yesterday_count: yesterday.get(name) ?? 0,
        max_board: stocks[0]?.boards ?? 0,
        leader: stocks[0] ?? null,
        stocks,
      };
    })
    .sort(
      (a, b) =>
        b.count - a.count ||
        b.max_board - a.max_board ||
        b.yesterday_count - a.yesterday_count ||
        a.name.localeCompare(b.name, 'zh-CN'),
    );
}
