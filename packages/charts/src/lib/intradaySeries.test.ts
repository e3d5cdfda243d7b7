import { describe, expect, test } from 'vitest';
import { type IntradayInput, prepareIntraday } from './intradaySeries';
import { MarketDataError } from './marketDataError';

const minute = (time: string, price: number, volume = 100): IntradayInput => ({
  time,
  price,
  avgPrice: price,
  volume,
});

describe('prepareIntraday', () => {
  test('places minutes on the trading axis in order, with change and direction', () => {
    const points = prepareIntraday(
      [minute('13:01', 10.2), minute('09:30', 10.1), minute('11:30', 10.2), minute('09:31', 10)],
      10,
    );
    expect(points.map((p) => [p.time, p.offset, p.direction])).toEqual([
      ['09:30', 0, 'up'], // against the previous close
      ['09:31', 1, 'down'],
      ['11:30', 120, 'up'],
      ['13:01', 121, 'flat'],
    ]);
    expect(points[0]?.pct).toBeCloseTo(1, 10);
  });

  test('a day in progress and an empty day are fine', () => {
    expect(prepareIntraday([], 10)).toEqual([]);
    expect(prepareIntraday([minute('09:30', 10)], 10)).toHaveLength(1);
  });

  test('refuses minutes it cannot place or draw', () => {
    const cases: [IntradayInput[], number, string][] = [
      [[minute('12:00', 10)], 10, '第 1 个分时点的时间“12:00”无效'],
      [[minute('9:30', 10)], 10, '“9:30”'],
      [[minute('09:30', 0)], 10, '价格“0”'],
      [[{ ...minute('09:30', 10), avgPrice: Number.NaN }], 10, '均价“NaN”'],
      [[minute('09:30', 10, -5)], 10, '成交量“-5”'],
      [[minute('09:31', 10), minute('09:31', 10)], 10, '时间 09:31 出现了不止一次'],
      [[minute('09:31', 10)], 0, '昨收价“0”'],
    ];
    for (const [points, prevClose, message] of cases) {
      expect(() => prepareIntraday(points, prevClose)).toThrow(MarketDataError);
      expect(() => prepareIntraday(points, prevClose)).toThrow(message);
    }
  });
});
