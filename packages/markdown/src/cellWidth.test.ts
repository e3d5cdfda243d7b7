import { describe, expect, test } from 'vitest';
import { displayUnits, isShortCell } from './cellWidth';

describe('table cells', () => {
  test('an ideograph or a full-width sign counts two, Latin letters and digits one', () => {
    expect(displayUnits('贵州茅台')).toBe(8);
    expect(displayUnits('成交额（亿元）')).toBe(14);
    expect(displayUnits('+10.00%')).toBe(7);
    expect(displayUnits('A股 ETF')).toBe(7);
  });

  test('names, numbers, dates and short headings are short; a sentence is not', () => {
    for (const value of ['贵州茅台', '600519', '2026-11-23 09:35:12', '首次封板时间', '  是  ']) {
      expect(isShortCell(value)).toBe(true);
    }
    expect(isShortCell('适合长期持有的蓝筹股票组合')).toBe(false);
    expect(isShortCell('Returns the number of elements in the list')).toBe(false);
  });
});
