import { describe, expect, test } from 'vitest';
import { formatPercent, formatPrice, formatVolume, percentChange } from './marketFormat';

describe('market number formatting', () => {
  test('prices carry two decimals', () => {
    expect(formatPrice(12.5)).toBe('12.50');
    expect(formatPrice(1234.567)).toBe('1234.57');
  });

  test('percentages are signed, and a change that shows as zero has no sign', () => {
    expect(formatPercent(1.234)).toBe('+1.23%');
    expect(formatPercent(-0.8)).toBe('-0.80%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(-0.001)).toBe('0.00%');
    expect(formatPercent(10)).toBe('+10.00%');
  });

  test('volumes use 万 and 亿 as Chinese quote screens do', () => {
    expect(formatVolume(0)).toBe('0');
    expect(formatVolume(9_999)).toBe('9999');
    expect(formatVolume(10_000)).toBe('1.00万');
    expect(formatVolume(34_567)).toBe('3.46万');
    expect(formatVolume(12_345_678)).toBe('1234.57万');
    expect(formatVolume(120_000_000)).toBe('1.20亿');
    expect(formatVolume(5_432_100_000)).toBe('54.32亿');
    expect(formatVolume(-20_000)).toBe('-2.00万');
  });

  test('a volume that would round up into the next unit takes that unit', () => {
    expect(formatVolume(9_999.6)).toBe('1.00万');
    expect(formatVolume(99_999_999)).toBe('1.00亿');
    expect(formatVolume(99_999_000)).toBe('9999.90万');
  });

  test('percent change against the previous close', () => {
    expect(percentChange(11, 10)).toBeCloseTo(10, 10);
    expect(percentChange(9.5, 10)).toBeCloseTo(-5, 10);
    expect(percentChange(10, 0)).toBe(0);
  });
});
