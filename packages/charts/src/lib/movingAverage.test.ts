import { describe, expect, test } from 'vitest';
import { movingAverage } from './movingAverage';

describe('movingAverage', () => {
  test('averages the last n values, the current one included', () => {
    expect(movingAverage([1, 2, 3, 4, 5, 6], 5)).toEqual([null, null, null, null, 3, 4]);
  });

  test('has no value until a full window exists', () => {
    expect(movingAverage([10, 20, 30], 5)).toEqual([null, null, null]);
    expect(movingAverage([], 5)).toEqual([]);
  });

  test('a period of 1 is the series itself', () => {
    expect(movingAverage([3, 1, 4], 1)).toEqual([3, 1, 4]);
  });

  test('stays exact on a long flat series', () => {
    const flat = Array.from({ length: 500 }, () => 33.33);
    for (const v of movingAverage(flat, 20).slice(19)) expect(v).toBeCloseTo(33.33, 10);
  });

  test('20-period average of a ramp', () => {
    const ramp = Array.from({ length: 25 }, (_, i) => i);
    const ma = movingAverage(ramp, 20);
    expect(ma[18]).toBeNull();
    expect(ma[19]).toBe(9.5);
    expect(ma[24]).toBe(14.5);
  });

  test('rejects a period that is not a positive integer', () => {
    expect(() => movingAverage([1], 0)).toThrow(RangeError);
    expect(() => movingAverage([1], 2.5)).toThrow(RangeError);
  });
});
