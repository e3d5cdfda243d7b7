import { describe, expect, test } from 'vitest';
import { labelRoom, labelWidth } from './labelWidth';

describe('axis label room', () => {
  test('ideographs take a full em, digits and points 0.6 em', () => {
    expect(labelWidth('12.50', 10)).toBeCloseTo(30, 10);
    expect(labelWidth('3.46万', 10)).toBeCloseTo(34, 10);
  });

  test('the margin fits the widest label plus a gap, and never drops below the minimum', () => {
    expect(labelRoom([{ text: '1234.56', fontPx: 12 }], 40)).toBe(Math.ceil(7 * 7.2 + 8));
    expect(labelRoom([{ text: '8.5', fontPx: 12 }], 40)).toBe(40);
    expect(labelRoom([], 46)).toBe(46);
  });
});
