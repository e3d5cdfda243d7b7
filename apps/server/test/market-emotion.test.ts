import { describe, expect, it } from 'vitest';
import { tradingDaysBetween } from '../src/modules/market/calendar';
import { emotionInputs, movingAverage, scoreInputs, scoreSnapshot } from '../src/modules/market/emotion';
import {
  closingSnapshot,
  limitPrice,
  type MarketSnapshot,
  type PoolStock,
  type YesterdayLimitUpStock,
} from '../src/modules/market/provider';
import { SIMULATED_CODE, SimulatedMarket } from '../src/modules/market/simulated';

function stock(code: string, fields: Partial<PoolStock> = {}): PoolStock {
  return {
    code,
    name: code,
    board: 'main',
    price: 10,
    pctChange: 10,
    boards: 1,
    industry: '算力',
    ...fields,
  };
}

function yesterday(code: string, pctChange: number): YesterdayLimitUpStock {
  return { code, name: code, board: 'main', price: 10, pctChange, yesterdayBoards: 1, industry: '算力' };
}

function snapshot(fields: Partial<MarketSnapshot>): MarketSnapshot {
  return {
    tradeDate: '2026-11-25',
    time: '15:00',
    limitUp: [],
    broken: [],
    limitDown: [],
    yesterdayLimitUp: [],
    breadth: { advancers: 0, decliners: 0, unchanged: 0 },
    indices: [],
    ...fields,
  };
}

const range = (n: number, make: (i: number) => PoolStock) => Array.from({ length: n }, (_, i) => make(i));

describe('the emotion formula', () => {
  it('scores a hand-computed day', () => {
    // 85 limit-up (18 promoted, the highest on its 5th board), 15 broken, 20 limit-down, 60 limit-up
    // yesterday returning +1.5 % on average, 3000 up and 1000 down.
    const day = snapshot({
      limitUp: range(85, (i) => stock(`a${i}`, { boards: i === 0 ? 5 : i < 18 ? 2 : 1 })),
      broken: range(15, (i) => stock(`b${i}`, { boards: 0 })),
      limitDown: range(20, (i) => stock(`c${i}`, { boards: 0, pctChange: -10 })),
      yesterdayLimitUp: [
        ...Array.from({ length: 30 }, (_, i) => yesterday(`y${i}`, 4.5)),
        ...Array.from({ length: 30 }, (_, i) => yesterday(`z${i}`, -1.5)),
      ],
      breadth: { advancers: 3000, decliners: 1000, unchanged: 100 },
    });
    const inputs = emotionInputs(day);
    expect(inputs).toEqual({
      limit_up: 85,
      limit_down: 20,
      broken: 15,
      broken_rate: 0.15,
      max_board: 5,
      promotion_rate: 0.3,
      yesterday_limit_up_return: 1.5,
      advancers: 3000,
      decliners: 1000,
    });
    const { value, scores } = scoreSnapshot(day);
    // P (1.5+3)/9 = 50; BR (0.5-0.15)/0.4 = 87.5; ZT 65/130 = 50; H 3/6 = 50; PR 0.2/0.35 = 57.14;
    // DT 20/40 = 50; UR 0.55/0.6 = 91.67.
    expect(scores).toEqual({
      yesterday_limit_up_return: 50,
      broken_rate: 87.5,
      limit_up: 50,
      max_board: 50,
      promotion_rate: 57.14,
      limit_down: 50,
      breadth: 91.67,
    });
    // .25·50 + .15·87.5 + .15·50 + .15·50 + .10·57.14 + .10·50 + .10·91.67 = 60.506
    expect(value).toBe(60.51);
  });

  it('clamps to 0 and 100 and lets present inputs share the weight of missing ones', () => {
    const ice = scoreInputs({
      limit_up: 3,
      limit_down: 120,
      broken: 9,
      broken_rate: 0.75,
      max_board: 1,
      promotion_rate: 0,
      yesterday_limit_up_return: -6,
      advancers: 300,
      decliners: 4700,
    });
    expect(ice.value).toBe(0);
    const hot = scoreInputs({
      limit_up: 200,
      limit_down: 0,
      broken: 5,
      broken_rate: 0.024,
      max_board: 11,
      promotion_rate: 0.6,
      yesterday_limit_up_return: 8,
      advancers: 4500,
      decliners: 400,
    });
    expect(hot.value).toBe(100);
    // No yesterday pool, nothing touched the limit: only ZT, height, DT and breadth count.
    const partial = scoreInputs({
      limit_up: 0,
      limit_down: 0,
      broken: 0,
      broken_rate: null,
      max_board: 0,
      promotion_rate: null,
      yesterday_limit_up_return: null,
      advancers: 2000,
      decliners: 2000,
    });
    expect(partial.scores.promotion_rate).toBeNull();
    // (0·.15 + 0·.15 + 100·.10 + 50·.10) / .50 = 30
    expect(partial.value).toBe(30);
  });

  it('averages over a trailing window', () => {
    expect(movingAverage([10, 20, 30, 40, 50, 60], 5)).toEqual([10, 15, 20, 25, 30, 40]);
  });
});

describe('the simulated market', () => {
  it('gives the same data for the same date, whatever was asked before', async () => {
    const a = new SimulatedMarket();
    const b = new SimulatedMarket();
    await a.limitUpPool('2026-11-20');
    const firstA = await closingSnapshot(a, '2025-03-14');
    const firstB = await closingSnapshot(b, '2025-03-14');
    expect(firstA).toEqual(firstB);
    expect(await a.intradaySnapshots('2026-11-20')).toEqual(await b.intradaySnapshots('2026-11-20'));
    expect(await closingSnapshot(a, '2026-11-20')).not.toEqual(await closingSnapshot(a, '2026-11-19'));
  });

  it('has nothing on a day without trading', async () => {
    const market = new SimulatedMarket();
    expect(await market.limitUpPool('2026-10-01')).toEqual([]);
    expect(await market.intradaySnapshots('2026-11-28')).toEqual([]);
  });

  it('keeps the limit rules of the four boards and ST, rounding limit prices half up', async () => {
    expect(limitPrice(10.05, 0.1, 1)).toBe(11.06);
    expect(limitPrice(10.05, 0.1, -1)).toBe(9.05);
    expect(limitPrice(3.33, 0.05, 1)).toBe(3.5);
    expect(limitPrice(12.34, 0.2, 1)).toBe(14.81);
    const market = new SimulatedMarket();
    expect(market.universeSize).toBeGreaterThanOrEqual(3000);
    const limit = { main: 10, chinext: 20, star: 20, beijing: 30 } as const;
    const boards = new Set<string>();
    for (const date of tradingDaysBetween('2026-09-01', '2026-09-30')) {
      for (const s of await market.limitUpPool(date)) {
        boards.add(s.board);
        expect(s.name.startsWith('ST')).toBe(false);
        expect(s.price).toBe(s.limitPrice);
        expect(Math.abs(s.pctChange - limit[s.board])).toBeLessThan(0.6);
      }
      for (const s of await market.limitDownPool(date))
        expect(s.pctChange).toBeLessThan(-limit[s.board] + 0.6);
    }
    expect([...boards].sort()).toEqual(['beijing', 'chinext', 'main', 'star']);
  });

  it('gives simulated securities codes and names no exchange issues, by one rule over the whole universe', async () => {
    // Every A-share code an exchange issues is six digits: SSE 600/601/603/605/688/689, SZSE
    // 000/001/002/003/300/301, BSE 4xx/8xx/920.
    const realRange = /^(60[0135]|68[89]|00[0-3]|30[01]|4\d\d|8\d\d|920)\d{3}$/;
    const boardLetter = { main: 'Z', chinext: 'C', star: 'K', beijing: 'B' } as const;
    const boardName = { main: '主板', chinext: '创业', star: '科创', beijing: '北证' } as const;
    const ratio = { main: 0.1, chinext: 0.2, star: 0.2, beijing: 0.3 } as const;
    const market = new SimulatedMarket();
    const securities = market.securities();
    expect(securities).toHaveLength(market.universeSize);
    expect(new Set(securities.map((s) => s.code)).size).toBe(securities.length);
    expect(new Set(securities.map((s) => s.name)).size).toBe(securities.length);
    for (const s of securities) {
      expect(s.code).toMatch(SIMULATED_CODE);
      expect(s.code).not.toMatch(/^\d+$/);
      expect(s.code).not.toMatch(realRange);
      expect(s.code[1]).toBe(boardLetter[s.board]);
      expect(s.name).toBe(`${s.st ? 'ST' : ''}模拟${boardName[s.board]}${s.code.slice(2)}`);
      expect(s.limitRatio).toBe(s.st ? 0.05 : ratio[s.board]);
      if (s.st) expect(s.board).toBe('main');
    }
    expect(securities.some((s) => s.st)).toBe(true);
    // What the pools answer comes from the same universe.
    for (const s of await market.limitUpPool('2026-09-15')) expect(s.code).toMatch(SIMULATED_CODE);
  });

  it('builds ladders: yesterday’s limit-up pool is the limit-up pool of the day before', async () => {
    const market = new SimulatedMarket();
    const days = tradingDaysBetween('2026-07-01', '2026-09-30');
    let highest = 0;
    for (let i = 1; i < days.length; i += 1) {
      const today = days[i] as string;
      const before = await market.limitUpPool(days[i - 1] as string);
      const pool = await market.yesterdayLimitUpPool(today);
      expect(pool.map((s) => [s.code, s.yesterdayBoards])).toEqual(before.map((s) => [s.code, s.boards]));
      const promoted = (await market.limitUpPool(today)).filter((s) => s.boards >= 2);
      for (const s of promoted) expect(before.find((b) => b.code === s.code)?.boards).toBe(s.boards - 1);
      highest = Math.max(highest, ...promoted.map((s) => s.boards));
      expect((await market.brokenPool(today)).length).toBeGreaterThan(0);
    }
    expect(highest).toBeGreaterThanOrEqual(5);
  });

  it('has days of every emotion stage, from ice point to climax', async () => {
    const market = new SimulatedMarket();
    const values: number[] = [];
    for (const date of tradingDaysBetween('2026-05-01', '2026-10-31'))
      values.push(scoreSnapshot(await closingSnapshot(market, date)).value);
    expect(Math.min(...values)).toBeLessThan(20);
    expect(Math.max(...values)).toBeGreaterThan(80);
    expect(values.filter((v) => v >= 35 && v <= 65).length).toBeGreaterThan(10);
  });

  it('walks a day slot by slot to its close', async () => {
    const market = new SimulatedMarket();
    const date = '2026-11-20';
    const slots = await market.intradaySnapshots(date);
    expect(slots.map((s) => s.time).slice(0, 2)).toEqual(['09:35', '09:40']);
    expect(slots).toHaveLength(48);
    const close = await closingSnapshot(market, date);
    const last = slots[47] as MarketSnapshot;
    expect(last.limitUp.map((s) => s.code).sort()).toEqual(close.limitUp.map((s) => s.code).sort());
    expect(last.broken).toHaveLength(close.broken.length);
    expect(last.limitDown).toHaveLength(close.limitDown.length);
    for (let i = 1; i < 48; i += 1)
      expect((slots[i] as MarketSnapshot).limitDown.length).toBeGreaterThanOrEqual(
        (slots[i - 1] as MarketSnapshot).limitDown.length,
      );
  });
});
