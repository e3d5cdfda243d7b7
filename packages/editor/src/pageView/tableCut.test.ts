import { describe, expect, it } from 'vitest';
import { rowBoundaries } from './tableCut';

describe('rowBoundaries', () => {
  it('allows a cut before every row of a table without merged rows', () => {
    expect(
      rowBoundaries([
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    ).toEqual([true, true, true]);
  });

  it('keeps the rows a cell spans together', () => {
    // Row 1's first cell spans rows 1-3: no cut before rows 2 and 3.
    expect(rowBoundaries([[1, 1], [3, 1], [1], [1], [1, 1]])).toEqual([true, true, false, false, true]);
  });

  it('reads a rowSpan of 0 as reaching the last row', () => {
    expect(rowBoundaries([[1], [0, 1], [1], [1]])).toEqual([true, true, false, false]);
  });

  it('refuses a rowSpan that is not a count', () => {
    expect(() => rowBoundaries([[1], [-1]])).toThrow(RangeError);
  });
});
