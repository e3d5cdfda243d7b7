import { describe, expect, test } from 'vitest';
import { dailyTicks, prepareDailySeries } from './dailySeries';
import { EmotionDataError } from './dataError';

const days = (values: number[]) =>
  values.map((value, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, value }));

describe('prepareDailySeries', () => {
  test('adds 5- and 20-day averages over the trading days given', () => {
    const series = prepareDailySeries(days(Array.from({ length: 22 }, (_, i) => i + 1)));
    expect(series[3]?.ma5).toBeNull();
    expect(series[4]?.ma5).toBe(3);
    expect(series[18]?.ma20).toBeNull();
    expect(series[19]?.ma20).toBe(10.5);
    expect(series[21]).toEqual({ date: '2026-10-22', value: 22, ma5: 20, ma20: 12.5 });
  });

  test('orders the days by date before averaging', () => {
    const series = prepareDailySeries([
      { date: '2026-11-03', value: 30 },
      { date: '2026-10-30', value: 10 },
      { date: '2026-11-02', value: 20 },
    ]);
    expect(series.map((d) => d.date)).toEqual(['2026-10-30', '2026-11-02', '2026-11-03']);
  });

  test('an empty series is empty, not an error', () => {
    expect(prepareDailySeries([])).toEqual([]);
  });

  test('bad dates, values and duplicates are clear Chinese errors naming the point', () => {
    expect(() => prepareDailySeries([{ date: '2026-02-30', value: 1 }])).toThrow(
      '情绪数据格式有误：第 1 个数据点的日期“2026-02-30”无效',
    );
    expect(() => prepareDailySeries([...days([1]), { date: '2026-10-02', value: Number.NaN }])).toThrow(
      '第 2 个数据点的情绪值“NaN”不是有效数字',
    );
    expect(() => prepareDailySeries([...days([1]), { date: '2026-10-01', value: 2 }])).toThrow(
      '日期 2026-10-01 出现了不止一次',
    );
    expect(() => prepareDailySeries([{ date: '2026-10-01', value: '5' as unknown as number }])).toThrow(
      EmotionDataError,
    );
  });
});

describe('dailyTicks', () => {
  test('labels every day when there is room', () => {
    expect(dailyTicks(4, 10)).toEqual([0, 1, 2, 3]);
  });

  test('spaces the labels evenly back from the latest day', () => {
    const ticks = dailyTicks(90, 6);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.at(-1)).toBe(89);
    const gaps = ticks.slice(1).map((t, i) => t - (ticks[i] as number));
    expect(new Set(gaps).size).toBe(1);
  });

  test('one label fits: the latest day', () => {
    expect(dailyTicks(90, 1)).toEqual([89]);
  });

  test('no days, no labels', () => {
    expect(dailyTicks(0, 5)).toEqual([]);
  });
});
