import { describe, expect, it } from 'vitest';
import { buildLadder, buildThemes, UNCLASSIFIED_THEME } from '../src/modules/market/ladder';
import { FutureDayError, LimitUpDays } from '../src/modules/market/limitUpDay';
import type { PoolStock, YesterdayLimitUpStock } from '../src/modules/market/provider';
import { SimulatedMarket } from '../src/modules/market/simulated';

function up(code: string, boards: number, firstSealTime: string | undefined, industry = '算力'): PoolStock {
  return {
    code,
    name: `股票${code}`,
    board: 'main',
    price: 10,
    pctChange: 10,
    boards,
    ...(firstSealTime ? { firstSealTime } : {}),
    breakCount: 0,
    industry,
  };
}

function was(
  code: string,
  yesterdayBoards: number,
  pctChange: number,
  industry = '算力',
): YesterdayLimitUpStock {
  return { code, name: `股票${code}`, board: 'main', price: 10, pctChange, yesterdayBoards, industry };
}

describe('连板天梯', () => {
  // Yesterday: A on 3 boards; B, C on 2; D, E, F on 1. Today A seals its 4th, B its 3rd (C broke, −2 %),
  // D its 2nd (E never sealed, F fell −4 %), and G, H are new first boards.
  const limitUp = [
    up('A', 4, '09:25:00'),
    up('B', 3, '10:02:11', '储能'),
    up('D', 2, '13:40:00'),
    up('H', 1, '14:55:00', '储能'),
    up('G', 1, '09:31:05', '机器人'),
  ];
  const yesterday = [
    was('A', 3, 10),
    was('B', 2, 10, '储能'),
    was('C', 2, -2, '储能'),
    was('D', 1, 10),
    was('E', 1, 1.5, '机器人'),
    was('F', 1, -4),
  ];
  const broken = [up('C', 0, '09:45:00', '储能')];

  it('puts each stock on its rung, highest first, with promotions and failures counted by hand', () => {
    const ladder = buildLadder(limitUp, yesterday, broken);
    expect(ladder.limitUpCount).toBe(5);
    expect(ladder.yesterdayLimitUpCount).toBe(6);
    expect(ladder.maxBoard).toBe(4);
    // A, B, D of the six sealed again: 3 / 6.
    expect(ladder.promotionRate).toBe(0.5);
    expect(
      ladder.rungs.map((r) => [r.boards, r.stocks.map((s) => s.code), r.candidates, r.promoted]),
    ).toEqual([
      [4, ['A'], 1, 1],
      [3, ['B'], 2, 1],
      [2, ['D'], 3, 1],
      [1, ['G', 'H'], null, null],
    ]);
    const [four, three, two, one] = ladder.rungs;
    expect(four?.promotion_rate).toBe(1);
    expect(three?.promotion_rate).toBe(0.5);
    expect(two?.promotion_rate).toBeCloseTo(1 / 3, 10);
    expect(one?.promotion_rate).toBeNull();
    // C broke (炸板); E and F never sealed, the better change first.
    expect(three?.failed).toEqual([
      { code: 'C', name: '股票C', yesterday_boards: 2, pct_change: -2, broken: true, industry: '储能' },
    ]);
    expect(two?.failed.map((s) => [s.code, s.pct_change, s.broken])).toEqual([
      ['E', 1.5, false],
      ['F', -4, false],
    ]);
    expect(four?.stocks[0]).toEqual({
      code: 'A',
      name: '股票A',
      boards: 4,
      first_seal_time: '09:25:00',
      break_count: 0,
      industry: '算力',
      price: 10,
      pct_change: 10,
    });
  });

  it('keeps a rung nobody reached, so a failed space board shows with 0 %', () => {
    // Yesterday's 5-board stock failed today: rung 6 is empty with 0 of 1 promoted.
    const ladder = buildLadder([up('X', 1, '10:00:00')], [was('S', 5, -9.5)], []);
    expect(
      ladder.rungs.map((r) => [r.boards, r.stocks.length, r.candidates, r.promoted, r.promotion_rate]),
    ).toEqual([
      [6, 0, 1, 0, 0],
      [1, 1, null, null, null],
    ]);
    expect(ladder.maxBoard).toBe(1);
    expect(ladder.promotionRate).toBe(0);
  });

  it('orders a rung by first seal, a stock without a seal time last, equal times by code', () => {
    const ladder = buildLadder(
      [up('Z', 1, undefined), up('B', 1, '10:00:00'), up('A', 1, '10:00:00')],
      [],
      [],
    );
    expect(ladder.rungs[0]?.stocks.map((s) => [s.code, s.first_seal_time])).toEqual([
      ['A', '10:00:00'],
      ['B', '10:00:00'],
      ['Z', null],
    ]);
    expect(ladder.promotionRate).toBeNull();
  });

  it('is empty on a day without pools', () => {
    expect(buildLadder([], [], [])).toEqual({
      limitUpCount: 0,
      yesterdayLimitUpCount: 0,
      maxBoard: 0,
      promotionRate: null,
      rungs: [],
    });
  });
});

describe('题材', () => {
  it('counts limit-up stocks per industry with the highest, earliest-sealed leader', () => {
    const themes = buildThemes(
      [
        up('A', 1, '09:30:10', '算力'),
        up('B', 3, '10:30:00', '算力'),
        up('C', 3, '09:50:00', '算力'),
        up('D', 2, '09:25:00', '储能'),
        up('E', 1, '11:00:00', '储能'),
        up('F', 1, '13:00:00', '  '),
      ],
      [was('Y1', 1, 3, '储能'), was('Y2', 1, 3, '储能'), was('Y3', 1, 3, '储能'), was('Y4', 2, -5, '白酒')],
    );
    expect(
      themes.map((t) => [t.name, t.count, t.yesterday_count, t.max_board, t.leader?.code ?? null]),
    ).toEqual([
      // 算力: 3 today, the two 3-board stocks tie and C sealed first.
      ['算力', 3, 0, 3, 'C'],
      ['储能', 2, 3, 2, 'D'],
      [UNCLASSIFIED_THEME, 1, 0, 1, 'F'],
      // 白酒 had one yesterday and none today: last, without a leader.
      ['白酒', 0, 1, 0, null],
    ]);
    expect(themes[0]?.stocks.map((s) => s.code)).toEqual(['C', 'B', 'A']);
  });

  it('breaks a tie in count by the higher board, then by yesterday’s count', () => {
    const themes = buildThemes(
      [up('A', 1, '09:30:00', '甲'), up('B', 2, '09:30:00', '乙'), up('C', 1, '09:30:00', '丙')],
      [was('Y', 1, 1, '丙')],
    );
    expect(themes.map((t) => t.name)).toEqual(['乙', '丙', '甲']);
  });
});

describe('the day of the pools', () => {
  const market = new SimulatedMarket();
  // Shanghai is UTC+8: 2026-11-25 (a Wednesday) 10:02 is 02:02Z.
  const at = (iso: string) => () => new Date(iso);

  it('says 休市 for a weekend, with the trading days around it', async () => {
    const days = new LimitUpDays(market, at('2026-11-25T08:00:00Z'));
    const saturday = await days.day('2026-11-21');
    expect(saturday).toMatchObject({
      status: 'closed',
      previousTradingDay: '2026-11-20',
      nextTradingDay: '2026-11-23',
      limitUp: [],
    });
  });

  it('gives the closing pools of a complete day and no next day past today', async () => {
    const days = new LimitUpDays(market, at('2026-11-25T08:00:00Z'));
    const day = await days.day('2026-11-25');
    expect(day.status).toBe('complete');
    expect(day.nextTradingDay).toBeNull();
    expect(day.limitUp).toEqual(await market.limitUpPool('2026-11-25'));
    expect(days.latest()).toBe('2026-11-25');
    await expect(days.day('2026-11-26')).rejects.toBeInstanceOf(FutureDayError);
  });

  it('gives the pools of the last ended slot while the session runs, none before the open', async () => {
    const trading = new LimitUpDays(market, at('2026-11-25T02:02:00Z'));
    const day = await trading.day('2026-11-25');
    expect(day.status).toBe('trading');
    expect(day.asOf).toBe('10:00');
    expect(day.limitUp.every((s) => (s.firstSealTime ?? '') <= '10:00:00')).toBe(true);
    const closing = await market.limitUpPool('2026-11-25');
    expect(day.limitUp.length).toBeLessThan(closing.length);

    const early = new LimitUpDays(market, at('2026-11-25T01:00:00Z'));
    expect(await early.day('2026-11-25')).toMatchObject({ status: 'before_open', limitUp: [] });
    // Before the open the latest day with data is the day before.
    expect(early.latest()).toBe('2026-11-24');
  });
});
