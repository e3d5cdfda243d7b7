import { describe, expect, it } from 'vitest';
import type { TableBlock, TableCell } from './blocks';
import { columnWidths, placeCells } from './tables';

const cell = (over: Partial<TableCell> = {}): TableCell => ({
  blocks: [],
  header: false,
  colSpan: 1,
  rowSpan: 1,
  ...over,
});

describe('columnWidths', () => {
  it('shares the width out equally when the editor gave no widths', () => {
    const table: TableBlock = { kind: 'table', rows: [[cell(), cell(), cell(), cell()]] };
    expect(columnWidths(table, 400)).toEqual([100, 100, 100, 100]);
  });

  it('scales the editor’s widths to the page', () => {
    const table: TableBlock = { kind: 'table', rows: [[cell(), cell()]], colWidths: [100, 300] };
    expect(columnWidths(table, 200)).toEqual([50, 150]);
  });

  it('ignores widths that do not match the column count, and counts spanned columns', () => {
    const table: TableBlock = {
      kind: 'table',
      rows: [[cell({ colSpan: 2 }), cell()], [cell()]],
      colWidths: [100, 300],
    };
    expect(columnWidths(table, 300)).toEqual([100, 100, 100]);
  });
});

describe('placeCells', () => {
  it('places a row’s cells past the columns a cell above still covers', () => {
    const rows = [
      [cell({ rowSpan: 2 }), cell({ colSpan: 2 })],
      [cell(), cell()],
      [cell(), cell(), cell()],
    ];
    const placed = placeCells(rows, [10, 20, 30]);
    expect(placed.map((r) => r.cells.map((c) => [c.col, c.w]))).toEqual([
      [
        [0, 10],
        [1, 50],
      ],
      [
        [1, 20],
        [2, 30],
      ],
      [
        [0, 10],
        [1, 20],
        [2, 30],
      ],
    ]);
    expect(placed.map((r) => r.covered)).toEqual([
      [false, false, false],
      [true, false, false],
      [false, false, false],
    ]);
  });

  it('drops cells past the last column and cuts a span at the edge', () => {
    const placed = placeCells([[cell(), cell({ colSpan: 3 }), cell()]], [10, 10]);
    expect(placed[0]?.cells.map((c) => [c.col, c.w])).toEqual([
      [0, 10],
      [1, 10],
    ]);
  });
});
