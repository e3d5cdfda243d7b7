import type { TableBlock, TableCell } from './blocks';
import { type Item, MAX_ITEM_HEIGHT } from './pagination';
import type { Painter } from './painter';
import { cssColor } from './styles';

/**
 * A table as flow items, one per row: column widths from the editor's sizes (or equal), cells placed past
 * the columns that cells above still cover (rowSpan), the first row repeated on each page when it is a
 * header.
 */

const PAD = 4;

/** The columns' widths in points: the editor's widths scaled to `width`, or equal ones. */
export function columnWidths(table: TableBlock, width: number): number[] {
  const columnCount = Math.max(
    1,
    ...table.rows.map((row) => row.reduce((n, cell) => n + cell.colSpan, 0)),
    table.colWidths?.length ?? 0,
  );
  const given = table.colWidths && table.colWidths.length === columnCount ? table.colWidths : null;
  const total = given ? given.reduce((a, b) => a + b, 0) : columnCount;
  return Array.from({ length: columnCount }, (_, i) => (given ? (given[i] as number) : 1) * (width / total));
}

export interface PlacedCell {
  cell: TableCell;
  /** The column the cell starts at. */
  col: number;
  /** Its width in points, over the columns it spans. */
  w: number;
}

/**
 * Which columns each row's cells start at, skipping those a cell of a row above still covers (rowSpan);
 * `covered` tells, per row, the columns covered from above. Cells past the last column are dropped.
 */
export function placeCells(
  rows: readonly TableCell[][],
  columns: readonly number[],
): Array<{ cells: PlacedCell[]; covered: boolean[] }> {
  const columnCount = columns.length;
  const covered: number[] = new Array(columnCount).fill(0);
  return rows.map((row) => {
    const cells: PlacedCell[] = [];
    let col = 0;
    const coveredNow = covered.map((n) => n > 0);
    for (const cell of row) {
      while (col < columnCount && coveredNow[col]) col++;
      if (col >= columnCount) break;
      const span = Math.min(cell.colSpan, columnCount - col);
      const w = columns.slice(col, col + span).reduce((a, b) => a + b, 0);
      cells.push({ cell, col, w });
      for (let c = col; c < col + span; c++) covered[c] = Math.max(covered[c] as number, cell.rowSpan);
      col += span;
    }
    for (let c = 0; c < columnCount; c++) covered[c] = Math.max(0, (covered[c] as number) - 1);
    return { cells, covered: coveredNow };
  });
}

export interface TableLayout {
  painter: Painter;
  /** A cell's blocks laid out at a width (the layout of blocks, which tables are part of). */
  cellItems(cell: TableCell, width: number): Item[];
  /** The least height of a row's text: one line of the table body's size. */
  minTextHeight: number;
}

/** Cell contents laid out at a width, as a stack of items. */
function stack(layout: TableLayout, cell: TableCell, width: number): { items: Item[]; height: number } {
  const items = layout.cellItems(cell, width);
  const height = items.reduce((h, item, i) => h + item.height + (i > 0 ? item.spaceBefore : 0), 0);
  return { items, height };
}

export function tableItems(table: TableBlock, width: number, layout: TableLayout): Item[] {
  const { painter } = layout;
  const columns = columnWidths(table, width);
  const columnCount = columns.length;
  const xs = columns.map((_, i) => columns.slice(0, i).reduce((a, b) => a + b, 0));
  const items: Item[] = [];
  let headerRow: Item | undefined;
  for (const [rowIndex, { cells, covered }] of placeCells(table.rows, columns).entries()) {
    const row = table.rows[rowIndex] as TableCell[];
    const placed = cells.map((p) => ({ ...p, laid: stack(layout, p.cell, p.w - 2 * PAD) }));
    const height = Math.max(layout.minTextHeight, ...placed.map((p) => p.laid.height)) + 2 * PAD;
    const notes = placed.flatMap((p) => p.laid.items.flatMap((item) => item.notes));
    if (height > MAX_ITEM_HEIGHT) {
      // A row taller than a page cannot be drawn as a row: its cells follow one another instead, so that
      // nothing of it is lost.
      for (const p of placed) items.push(...p.laid.items);
      continue;
    }
    const rowItem: Item = {
      height,
      spaceBefore: items.length === 0 ? 8 : 0,
      notes,
      ...(headerRow ? { repeatAfterBreak: headerRow } : {}),
      draw: (x, y) => {
        painter.beginRow();
        for (const p of placed) {
          const cx = x + (xs[p.col] as number);
          const background =
            p.cell.header || p.cell.background ? cssColor(p.cell.background, '#f2f3f5') : undefined;
          painter.cellBox(cx, y, p.w, height, background);
          let top = y + PAD;
          p.laid.items.forEach((item, i) => {
            if (i > 0) top += item.spaceBefore;
            item.draw(cx + PAD, top);
            top += item.height;
          });
        }
        // The parts of cells from rows above that reach into this one.
        for (let c = 0; c < columnCount; c++) {
          if (covered[c]) painter.sideRules(x + (xs[c] as number), y, columns[c] as number, height);
        }
        painter.endRow();
      },
    };
    items.push(rowItem);
    // A first row of header cells only, without footnotes, is the one repeated on each new page.
    if (
      rowIndex === 0 &&
      row.length > 0 &&
      row.every((c) => c.header && c.rowSpan === 1) &&
      notes.length === 0
    )
      headerRow = rowItem;
  }
  return items;
}
