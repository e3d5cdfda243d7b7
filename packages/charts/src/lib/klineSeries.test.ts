import { describe, expect, test } from 'vitest';
import { type KLineInput, klineWindow, MAX_BAR_STEP, MIN_BAR_STEP, prepareKLine } from './klineSeries';
import { MarketDataError } from './marketDataError';

const bar = (date: string, close: number, open = close, extra: Partial<KLineInput> = {}): KLineInput => ({
  date,
  open,
  high: Math.max(open, close) + 0.1,
  low: Math.min(open, close) - 0.1,
  close,
  volume: 1_000_000,
  pctChange: 0,
  ...extra,
});

const days = (closes: readonly number[]) =>
  closes.map((c, i) => bar(`2026-10-${String(i + 1).padStart(2, '0')}`, c));

describe('prepareKLine', () => {
  test('sorts by date and computes MA5, MA10 and MA20 of the close, null until a window is full', () => {
    const closes = Array.from({ length: 25 }, (_, i) => 10 + i);
    const points = prepareKLine(days(closes).reverse());
    expect(points.map((p) => p.close)).toEqual(closes);
    expect(points[3]?.ma5).toBeNull();
    expect(points[4]?.ma5).toBeCloseTo(12, 10); // 10..14
    expect(points[8]?.ma10).toBeNull();
    expect(points[9]?.ma10).toBeCloseTo(14.5, 10); // 10..19
    expect(points[18]?.ma20).toBeNull();
    expect(points[19]?.ma20).toBeCloseTo(19.5, 10); // 10..29
    expect(points[24]?.ma20).toBeCloseTo(24.5, 10); // 15..34
  });

  test('candles are up when they close above the open, a doji follows the day change', () => {
    const [up, down, dojiUp, dojiDown] = prepareKLine([
      bar('2026-10-01', 11, 10),
      bar('2026-10-02', 10, 11),
      bar('2026-10-05', 10, 10, { pctChange: 1.2 }),
      bar('2026-10-06', 10, 10, { pctChange: -0.5 }),
    ]);
    expect(up?.direction).toBe('up');
    expect(down?.direction).toBe('down');
    expect(dojiUp?.direction).toBe('up');
    expect(dojiDown?.direction).toBe('down');
  });

  test('markers land on their days; blank labels and unknown days are ignored', () => {
    const points = prepareKLine(days([10, 11, 12]), [
      { date: '2026-10-02', label: '涨停' },
      { date: '2026-10-02', label: '研报' },
      { date: '2026-10-03', label: '  ' },
      { date: '2026-09-01', label: '涨停' },
    ]);
    expect(points.map((p) => p.markers)).toEqual([[], ['涨停', '研报'], []]);
  });

  test('refuses bars it cannot draw, naming them in Chinese', () => {
    const ok = bar('2026-10-01', 10);
    const cases: [KLineInput[], string][] = [
      [[{ ...ok, date: '2026-10-32' }], '第 1 根K线的日期“2026-10-32”无效'],
      [[ok, { ...ok, close: Number.NaN, date: '2026-10-02' }], '第 2 个数据点的收盘价“NaN”不是有效数字'],
      [[{ ...ok, open: 0 }], '开盘价“0”'],
      [[{ ...ok, high: 9, low: 11 }], '2026-10-01 的最高价低于最低价'],
      [[{ ...ok, volume: -1 }], '成交量“-1”'],
      [[ok, ok], '日期 2026-10-01 出现了不止一次'],
    ];
    for (const [bars, message] of cases) {
      expect(() => prepareKLine(bars)).toThrow(MarketDataError);
      expect(() => prepareKLine(bars)).toThrow(message);
    }
  });

  test('no bars is no error', () => {
    expect(prepareKLine([])).toEqual([]);
  });
});

describe('klineWindow', () => {
  test('shows the latest bars that fit at the narrowest spacing', () => {
    const fit = Math.floor(300 / MIN_BAR_STEP);
    expect(klineWindow(120, 300)).toEqual({ start: 120 - fit, end: 119, slots: fit });
  });

  test('shows everything when all bars fit, in slots no wider than the widest spacing', () => {
    expect(klineWindow(12, 600)).toEqual({ start: 0, end: 11, slots: Math.floor(600 / MAX_BAR_STEP) });
    expect(klineWindow(80, 600)).toEqual({ start: 0, end: 79, slots: 80 });
  });

  test('ends where asked, kept inside the series', () => {
    const fit = Math.floor(300 / MIN_BAR_STEP);
    expect(klineWindow(120, 300, 60)).toEqual({ start: 60 - fit + 1, end: 60, slots: fit });
    expect(klineWindow(120, 300, 3)).toEqual({ start: 0, end: fit - 1, slots: fit });
    expect(klineWindow(120, 300, 500)).toEqual({ start: 120 - fit, end: 119, slots: fit });
  });

  test('zooms: a wider spacing shows fewer bars, a narrower one more', () => {
    expect(klineWindow(120, 300, undefined, 12)).toEqual({ start: 95, end: 119, slots: 25 });
    expect(klineWindow(120, 300, undefined, 3)).toEqual({ start: 20, end: 119, slots: 100 });
    // All bars fit: they spread over the plot rather than leaving it half empty.
    expect(klineWindow(120, 600, undefined, 4)).toEqual({ start: 0, end: 119, slots: 120 });
    expect(() => klineWindow(120, 300, undefined, 0)).toThrow(RangeError);
  });

  test('an empty series or a tiny plot still gives a usable window', () => {
    expect(klineWindow(0, 300)).toEqual({ start: 0, end: -1, slots: 1 });
    expect(klineWindow(10, 2)).toEqual({ start: 9, end: 9, slots: 1 });
  });
});
