import { describe, expect, test } from 'vitest';
import { formatAxisDate, formatFullDate, formatLongDate, formatValue, parseIsoDate } from './format';

describe('zh-CN formatting', () => {
  test('values always carry two decimals', () => {
    expect(formatValue(56.234)).toBe('56.23');
    expect(formatValue(50)).toBe('50.00');
    expect(formatValue(0.005)).toBe('0.01');
    expect(formatValue(100)).toBe('100.00');
  });

  test('dates are Chinese and independent of the viewer time zone', () => {
    expect(formatAxisDate('2026-11-20')).toBe('11月20日');
    expect(formatFullDate('2026-11-20')).toBe('2026年11月20日');
    expect(formatLongDate('2026-11-20')).toBe('2026年11月20日周五');
  });

  test('only real calendar dates parse', () => {
    expect(parseIsoDate('2026-02-28')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-2-3')).toBeNull();
    expect(parseIsoDate('20261120')).toBeNull();
  });
});
