/**
 * A table cut between two rows where a sheet ends (pageLayout.ts decides to cut, `paginate` where).
 *
 * The table stays one table for Lexical and for the browser: no row is added, moved or split, so the
 * selection, the editing and the columns' widths are the same on both sides of a cut. The gap is opened
 * inside the row that goes on to the next sheet: each of its cells gets a block of the gap's height in its
 * ::before, above its content, so the row's text starts on the next sheet. What that leaves on the desk
 * between the sheets (the cells' side rules and backgrounds down the gap) is cut away by a `clip-path` on
 * the table: a polygon that leaves the gaps out. The row above keeps its bottom rule at the sheet's foot.
 *
 * At the top of the next sheet, in the gap's last pixels, a copy of the header row is drawn when the
 * table's first row is one (标题行重复), else a rule where the row's top border would be. Both stand in a
 * layer of their own over the paper, outside Lexical's root: they are not in the document, cannot be
 * edited, selected or copied, are hidden from assistive technology and are not printed. A copy is made
 * anew whenever its table is laid out again, which an edit in the table (the header's text too) does.
 */
import type { BlockGap, LineBox } from './paginate';

/** The attribute on a cut table and on the rows its gaps open in (pageView.css.ts styles by it). */
export const CUT_ATTRIBUTE = 'data-wx-page-cut';
/** The layer over the paper that holds the header copies and the rules. */
export const REPEATS_ATTRIBUTE = 'data-wx-page-repeats';

/** A top-level block that is a table, cut between its rows. */
export const isTable = (element: Element): element is HTMLTableElement => element.localName === 'table';

/**
 * Where a table may be cut: before row `i` (true) unless a cell of a row above spans down into it. `spans`
 * holds each row's cells' rowSpan (0, as in HTML, spans to the last row).
 */
export function rowBoundaries(spans: readonly (readonly number[])[]): boolean[] {
  let reach = 0;
  return spans.map((row, i) => {
    const free = reach <= i;
    for (const span of row) {
      if (!Number.isInteger(span) || span < 0) throw new RangeError(`bad rowSpan ${span} in row ${i}`);
      reach = Math.max(reach, span === 0 ? spans.length : i + span);
    }
    return free;
  });
}

/** The table's first row is a header row: header cells only, none spanning down, and rows under it. */
export function repeatsHeader(table: HTMLTableElement): boolean {
  const first = table.rows[0];
  if (!first || table.rows.length < 2 || first.cells.length === 0) return false;
  return Array.from(first.cells).every((cell) => cell.localName === 'th' && cell.rowSpan === 1);
}

/** The cuts open in a table: the row each gap with `at` > 0 opens in, in order, and what they drew. */
export interface AppliedCuts {
  rows: HTMLTableRowElement[];
  drawn: HTMLElement[];
}

/** A table's rows measured for cutting (natural: the gaps open in it taken out). */
export interface MeasuredRows {
  /** One box per group of rows that must stay together, from the table's top, contiguous. */
  lines: LineBox[];
  /** The first row of each box. */
  firsts: HTMLTableRowElement[];
  /** Across the paper, in its CSS pixels: the table's left edge and width, the header cells' widths. */
  left: number;
  width: number;
  headerWidths: number[];
}

/**
 * Measures a table's rows; `open` are the cuts in it now and `gaps` its gaps. `scale` is the zoom the
 * paper is drawn at (the boxes the browser reports are scaled by it; what is returned is in CSS pixels).
 */
export function measureRows(
  table: HTMLTableElement,
  paper: HTMLElement,
  open: { cuts?: AppliedCuts | undefined; gaps: readonly BlockGap[] } | undefined,
  scale = 1,
): MeasuredRows {
  const rows = Array.from(table.rows);
  const cutSizes = new Map<Element, number>();
  if (open?.cuts) {
    const inside = open.gaps.filter((gap) => gap.at > 0);
    open.cuts.rows.forEach((row, n) => {
      cutSizes.set(row, (inside[n] as BlockGap).size);
    });
  }
  const box = table.getBoundingClientRect();
  const paperBox = paper.getBoundingClientRect();
  const free = rowBoundaries(rows.map((row) => Array.from(row.cells, (cell) => cell.rowSpan)));
  const starts: number[] = [];
  let opened = 0;
  for (const row of rows) {
    starts.push((row.getBoundingClientRect().top - box.top) / scale - opened);
    opened += cutSizes.get(row) ?? 0;
  }
  const total = box.height / scale - opened;
  const lines: LineBox[] = [];
  const firsts: HTMLTableRowElement[] = [];
  rows.forEach((row, i) => {
    if (i > 0 && !free[i]) return;
    if (lines.length > 0) (lines[lines.length - 1] as LineBox).end = Math.max(starts[i] as number, 0);
    lines.push({ start: i === 0 ? 0 : (starts[i] as number), end: total });
    firsts.push(row);
  });
  const header = rows[0];
  return {
    lines,
    firsts,
    left: (box.left - paperBox.left) / scale - paper.clientLeft,
    width: box.width / scale,
    headerWidths: header
      ? Array.from(header.cells, (cell) => cell.getBoundingClientRect().width / scale)
      : [],
  };
}

/** The clip that leaves out of the table each gap opened inside it (from just under the rule above it). */
function clipPolygon(gaps: readonly BlockGap[]): string {
  const left = '-64px';
  const right = 'calc(100% + 64px)';
  const points = [`${left} -64px`, `${right} -64px`];
  let opened = 0;
  for (const gap of gaps) {
    const top = gap.at + opened + 1;
    const bottom = gap.at + opened + gap.size;
    points.push(`${right} ${top}px`, `${left} ${top}px`, `${left} ${bottom}px`, `${right} ${bottom}px`);
    opened += gap.size;
  }
  points.push(`${right} calc(100% + 64px)`, `${left} calc(100% + 64px)`);
  return `polygon(${points.join(', ')})`;
}

/** The layer over the paper for the copies, made on first need; it takes the root's classes (its styles). */
export function repeatsLayer(paper: HTMLElement, root: HTMLElement): HTMLElement {
  let layer = paper.querySelector<HTMLElement>(`:scope > [${REPEATS_ATTRIBUTE}]`);
  if (!layer) {
    layer = document.createElement('div');
    layer.setAttribute(REPEATS_ATTRIBUTE, '');
    layer.setAttribute('aria-hidden', 'true');
    layer.inert = true;
    paper.append(layer);
  }
  if (layer.className !== root.className) layer.className = root.className;
  return layer;
}

/** A header row as a picture of itself: no ids, no data of the editor's, nothing to focus or edit. */
function inertCopy(row: HTMLTableRowElement): HTMLTableRowElement {
  const copy = row.cloneNode(true) as HTMLTableRowElement;
  for (const element of [copy, ...Array.from(copy.querySelectorAll('*'))]) {
    for (const name of element.getAttributeNames()) {
      if (name === 'id' || name.startsWith('data-') || name === 'contenteditable' || name === 'tabindex')
        element.removeAttribute(name);
    }
  }
  return copy;
}

/**
 * Opens `gaps` in `table`: the ones inside it (`at` > 0) at the rows `measured` says they start, each with
 * its header copy or rule on the layer. `top` is where the table's border box stands on the paper once the
 * gaps above it are open, from the paper's padding edge. A gap before the table (`at` 0) is not opened here.
 */
export function applyCuts(
  table: HTMLTableElement,
  gaps: readonly BlockGap[],
  measured: MeasuredRows,
  layer: HTMLElement,
  top: number,
): AppliedCuts {
  const inside = gaps.filter((gap) => gap.at > 0);
  const cuts: AppliedCuts = { rows: [], drawn: [] };
  if (inside.length === 0) return cuts;
  let opened = 0;
  for (const gap of inside) {
    const n = measured.lines.findIndex((line) => Math.abs(line.start - gap.at) < 0.5);
    const row = measured.firsts[n];
    if (!row) throw new Error(`no row of the table starts at ${gap.at}px`);
    row.setAttribute(CUT_ATTRIBUTE, '');
    row.style.setProperty('--wx-page-cut-h', `${gap.size}px`);
    cuts.rows.push(row);
    // Where the row's text starts again: the top of the next sheet's text area, below the header copy.
    const end = top + gap.at + opened + gap.size;
    const header = table.rows[0];
    const mark =
      gap.repeat && header ? headerCopy(table, header, measured, gap.repeat) : document.createElement('div');
    if (!gap.repeat) mark.setAttribute('data-wx-page-rule', '');
    mark.style.top = `${end - (gap.repeat ?? 0)}px`;
    mark.style.left = `${measured.left}px`;
    mark.style.width = `${measured.width}px`;
    layer.append(mark);
    cuts.drawn.push(mark);
    opened += gap.size;
  }
  table.setAttribute(CUT_ATTRIBUTE, '');
  table.style.setProperty('--wx-page-cut-clip', clipPolygon(inside));
  return cuts;
}

function headerCopy(
  table: HTMLTableElement,
  header: HTMLTableRowElement,
  measured: MeasuredRows,
  height: number,
): HTMLTableElement {
  const copy = document.createElement('table');
  copy.className = table.className;
  const columns = document.createElement('colgroup');
  for (const width of measured.headerWidths) {
    const column = document.createElement('col');
    column.style.width = `${width}px`;
    columns.append(column);
  }
  const row = inertCopy(header);
  // One column per header cell, as wide as the cell is in the table.
  for (const cell of Array.from(row.cells)) {
    cell.colSpan = 1;
    cell.style.removeProperty('width');
  }
  row.style.height = `${height}px`;
  copy.append(columns, row);
  copy.style.height = `${height}px`;
  return copy;
}

/** Takes a table's cuts away, and what they drew. */
export function removeCuts(table: HTMLTableElement, cuts: AppliedCuts | undefined): void {
  table.removeAttribute(CUT_ATTRIBUTE);
  table.style.removeProperty('--wx-page-cut-clip');
  for (const row of cuts?.rows ?? []) {
    row.removeAttribute(CUT_ATTRIBUTE);
    row.style.removeProperty('--wx-page-cut-h');
  }
  for (const mark of cuts?.drawn ?? []) mark.remove();
}
