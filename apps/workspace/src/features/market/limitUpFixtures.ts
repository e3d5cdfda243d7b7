/** 连板天梯 and 题材 answers for the stories: a lively day of the simulated market, a 休市 day, a failure. */
import type { LadderAnswer, LadderStock, ThemesAnswer } from '@wanxiang/api-client';

const day = {
  date: '2026-11-25',
  status: 'complete' as const,
  previous_trading_day: '2026-11-24',
  next_trading_day: null,
  as_of: null,
  source: 'simulated',
};

function stock(
  code: string,
  boards: number,
  first_seal_time: string,
  industry: string,
  break_count = 0,
): LadderStock {
  const board = { Z: '主板', C: '创业', K: '科创', B: '北证' }[code[1] as 'Z' | 'C' | 'K' | 'B'];
  return {
    code,
    name: `模拟${board}${code.slice(2)}`,
    boards,
    first_seal_time,
    break_count,
    industry,
    price: 12.34,
    pct_change: code[1] === 'Z' ? 10.01 : 20.0,
  };
}

const s = {
  top: stock('MZ0417', 5, '09:25:00', '算力'),
  four: stock('MZ1203', 4, '09:42:18', '机器人', 1),
  threeA: stock('MZ0088', 3, '09:31:02', '算力'),
  threeB: stock('MC0042', 3, '10:15:40', '固态电池', 2),
  twoA: stock('MZ2210', 2, '09:25:00', '机器人'),
  twoB: stock('MZ0931', 2, '09:58:11', '算力'),
  twoC: stock('MK0007', 2, '13:22:45', '低空经济', 1),
  oneA: stock('MZ1777', 1, '09:35:20', '算力'),
  oneB: stock('MZ0350', 1, '10:02:09', '机器人'),
  oneC: stock('MC0311', 1, '10:48:33', '固态电池', 3),
  oneD: stock('MZ2604', 1, '13:05:00', '低空经济'),
  oneE: stock('MB0019', 1, '14:21:56', '创新药'),
};

export const ladderDay: LadderAnswer = {
  ...day,
  limit_up_count: 12,
  yesterday_limit_up_count: 14,
  max_board: 5,
  promotion_rate: 7 / 14,
  rungs: [
    { boards: 5, stocks: [s.top], candidates: 1, promoted: 1, promotion_rate: 1, failed: [] },
    {
      boards: 4,
      stocks: [s.four],
      candidates: 2,
      promoted: 1,
      promotion_rate: 0.5,
      failed: [
        {
          code: 'MZ0562',
          name: '模拟主板0562',
          yesterday_boards: 3,
          pct_change: -4.37,
          broken: false,
          industry: '人形机器人',
        },
      ],
    },
    {
      boards: 3,
      stocks: [s.threeA, s.threeB],
      candidates: 3,
      promoted: 2,
      promotion_rate: 2 / 3,
      failed: [
        {
          code: 'MZ1480',
          name: '模拟主板1480',
          yesterday_boards: 2,
          pct_change: 6.12,
          broken: true,
          industry: '算力',
        },
      ],
    },
    {
      boards: 2,
      stocks: [s.twoA, s.twoB, s.twoC],
      candidates: 8,
      promoted: 3,
      promotion_rate: 3 / 8,
      failed: [
        {
          code: 'MC0260',
          name: '模拟创业0260',
          yesterday_boards: 1,
          pct_change: 11.5,
          broken: true,
          industry: '固态电池',
        },
        {
          code: 'MZ0733',
          name: '模拟主板0733',
          yesterday_boards: 1,
          pct_change: 2.08,
          broken: false,
          industry: '算力',
        },
        {
          code: 'MZ1905',
          name: '模拟主板1905',
          yesterday_boards: 1,
          pct_change: 0,
          broken: false,
          industry: '机器人',
        },
        {
          code: 'MZ2051',
          name: '模拟主板2051',
          yesterday_boards: 1,
          pct_change: -3.9,
          broken: false,
          industry: '创新药',
        },
        {
          code: 'MZ0128',
          name: '模拟主板0128',
          yesterday_boards: 1,
          pct_change: -9.98,
          broken: false,
          industry: '白酒',
        },
      ],
    },
    {
      boards: 1,
      stocks: [s.oneA, s.oneB, s.oneC, s.oneD, s.oneE],
      candidates: null,
      promoted: null,
      promotion_rate: null,
      failed: [],
    },
  ],
};

export const themesDay: ThemesAnswer = {
  ...day,
  limit_up_count: 12,
  themes: [
    {
      name: '算力',
      count: 4,
      yesterday_count: 3,
      max_board: 5,
      leader: s.top,
      stocks: [s.top, s.threeA, s.twoB, s.oneA],
    },
    {
      name: '机器人',
      count: 3,
      yesterday_count: 4,
      max_board: 4,
      leader: s.four,
      stocks: [s.four, s.twoA, s.oneB],
    },
    {
      name: '固态电池',
      count: 2,
      yesterday_count: 2,
      max_board: 3,
      leader: s.threeB,
      stocks: [s.threeB, s.oneC],
    },
    {
      name: '低空经济',
      count: 2,
      yesterday_count: 0,
      max_board: 2,
      leader: s.twoC,
      stocks: [s.twoC, s.oneD],
    },
    { name: '创新药', count: 1, yesterday_count: 2, max_board: 1, leader: s.oneE, stocks: [s.oneE] },
    { name: '白酒', count: 0, yesterday_count: 1, max_board: 0, leader: null, stocks: [] },
  ],
};

/** A Saturday: 休市, with the trading days around it. */
const closed = {
  date: '2026-11-21',
  status: 'closed' as const,
  previous_trading_day: '2026-11-20',
  next_trading_day: '2026-11-23',
  as_of: null,
  source: 'simulated',
};
export const ladderClosed: LadderAnswer = {
  ...closed,
  limit_up_count: 0,
  yesterday_limit_up_count: 0,
  max_board: 0,
  promotion_rate: null,
  rungs: [],
};
export const themesClosed: ThemesAnswer = { ...closed, limit_up_count: 0, themes: [] };

/** Each day of the fake endpoints by date; the latest when none is asked for. */
export const ladderDays: Record<string, LadderAnswer> = {
  [ladderDay.date]: ladderDay,
  [ladderClosed.date]: ladderClosed,
  '2026-11-24': {
    ...ladderDay,
    date: '2026-11-24',
    previous_trading_day: '2026-11-23',
    next_trading_day: '2026-11-25',
  },
};
export const themesDays: Record<string, ThemesAnswer> = {
  [themesDay.date]: themesDay,
  [themesClosed.date]: themesClosed,
  '2026-11-24': {
    ...themesDay,
    date: '2026-11-24',
    previous_trading_day: '2026-11-23',
    next_trading_day: '2026-11-25',
  },
};
