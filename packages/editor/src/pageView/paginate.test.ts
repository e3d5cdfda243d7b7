import { describe, expect, it } from 'vitest';
import { type MeasuredBlock, NOTES_RULE_PX, type PageGeometry, paginate } from './paginate';

/** A sheet whose text area is 100 px tall, 150 px from one text top to the next (50 px of margins and gap). */
const SHEET: PageGeometry = { contentHeight: 100, pitch: 150 };
const LINE = 20;

/** Blocks one under the other from 0, `gap` px apart; a number is a paragraph of that many 20 px lines. */
function column(specs: ReadonlyArray<number | (Partial<MeasuredBlock> & { height: number })>, gap = 0) {
  let top = 0;
  return specs.map((spec) => {
    const block: MeasuredBlock =
      typeof spec === 'number'
        ? {
            top,
            height: spec * LINE,
            kind: 'lines',
            lines: () => Array.from({ length: spec }, (_, n) => ({ start: n * LINE, end: (n + 1) * LINE })),
          }
        : { kind: 'whole', ...spec, top };
    top += block.height + gap;
    return block;
  });
}

/** Where each line of each block lands once the gaps are open: [block, line, page, top on its page]. */
function landing(blocks: readonly MeasuredBlock[], geometry = SHEET) {
  const result = paginate(blocks, geometry);
  const out: Array<[number, number, number, number]> = [];
  blocks.forEach((block, b) => {
    const start = result.starts[b];
    if (!start) throw new Error(`block ${b} has no start`);
    const gaps = result.gaps.get(b) ?? [];
    const lines = block.lines?.() ?? [{ start: 0, end: block.height }];
    lines.forEach((line, n) => {
      const opened = gaps.filter((gap) => gap.at <= line.start).reduce((sum, gap) => sum + gap.size, 0);
      const y = block.top + start.offset + opened + line.start;
      out.push([b, n, Math.floor(y / geometry.pitch), y % geometry.pitch]);
    });
  });
  return { result, out };
}

/** `blocks` with each read of a block's top counted: what a pagination measured. */
function countingTops(blocks: readonly MeasuredBlock[]) {
  let asked = 0;
  const counted = blocks.map((block) => ({
    ...block,
    get top() {
      asked += 1;
      return block.top;
    },
  }));
  return { counted, asked: () => asked };
}

/** A table of rows of these heights (px), its first one a header row when `header`. */
function table(heights: readonly number[], header = false): Partial<MeasuredBlock> & { height: number } {
  const lines = heights.map((h, n) => {
    const start = heights.slice(0, n).reduce((a, b) => a + b, 0);
    return { start, end: start + h };
  });
  return {
    height: heights.reduce((a, b) => a + b, 0),
    kind: 'rows',
    lines: () => lines,
    ...(header ? { repeatsHeader: true } : {}),
  };
}

describe('paginate', () => {
  it('opens no gap while everything fits on one sheet', () => {
    const { result } = landing(column([2, 2, 1]));
    expect(result.gaps.size).toBe(0);
    expect(result.pageCount).toBe(1);
  });

  it('cuts a paragraph between two lines and starts the rest at the next text top', () => {
    // Lines 0-3 fill 80 px; the paragraph's 4 lines from 60 px: two fit, two go over.
    const { result, out } = landing(column([3, 4]));
    expect(result.gaps.get(1)).toEqual([{ at: 40, size: 50 }]);
    expect(out.filter(([b]) => b === 1)).toEqual([
      [1, 0, 0, 60],
      [1, 1, 0, 80],
      [1, 2, 1, 0],
      [1, 3, 1, 20],
    ]);
    expect(result.pageCount).toBe(2);
  });

  it('never leaves a paragraph’s first line alone at a sheet’s foot (orphan)', () => {
    // 80 px used: one line of the next paragraph would fit, so the whole paragraph goes over.
    const { result, out } = landing(column([4, 3]));
    expect(result.gaps.get(1)).toEqual([{ at: 0, size: 70 }]);
    expect(out.filter(([b]) => b === 1).map(([, , page, y]) => [page, y])).toEqual([
      [1, 0],
      [1, 20],
      [1, 40],
    ]);
  });

  it('never carries a paragraph’s last line alone to the next sheet (widow)', () => {
    // From 20 px, 5 lines fit and the sixth would go alone: two go over.
    const { result } = landing(column([1, 6]));
    expect(result.gaps.get(1)).toEqual([{ at: 80, size: 50 }]);
  });

  it('moves a block that cannot be cut to the next sheet whole, and lets one taller than a sheet run over', () => {
    const { result } = landing(column([3, { height: 70 }, { height: 130 }, 1]));
    expect(result.gaps.get(1)).toEqual([{ at: 0, size: 90 }]);
    // The tall one would follow the image on sheet 2: it starts sheet 3 instead and runs past its foot…
    expect(result.gaps.get(2)).toEqual([{ at: 0, size: 80 }]);
    // …and the line after it, carried into the gap below sheet 3, starts sheet 4.
    expect(result.gaps.get(3)).toEqual([{ at: 0, size: 20 }]);
    expect(result.pageCount).toBe(4);
  });

  it('keeps a heading with the paragraph after it', () => {
    const blocks = column([3, { height: 20, kind: 'lines', keepWithNext: true }, 3]);
    const { result, out } = landing(blocks);
    // Heading at 60-80, paragraph from 80: one line would fit (an orphan), so it goes over and takes the heading.
    expect(result.gaps.get(1)).toEqual([{ at: 0, size: 90 }]);
    expect(result.gaps.has(2)).toBe(false);
    expect(out.find(([b]) => b === 1)?.slice(2)).toEqual([1, 0]);
    expect(out.find(([b]) => b === 2)?.slice(2)).toEqual([1, 20]);
  });

  it('does not move a heading that already starts its sheet', () => {
    const blocks = column([5, { height: 20, kind: 'lines', keepWithNext: true }, { height: 120 }]);
    const { result } = landing(blocks);
    // The heading goes over as the foot is full; the tall block then starts a sheet of its own and runs over.
    expect(result.gaps.get(1)).toEqual([{ at: 0, size: 50 }]);
    expect(result.gaps.get(2)).toEqual([{ at: 0, size: 130 }]);
  });

  it('keeps widow and orphan control for each item of a list, not only the list’s first and last lines', () => {
    // A list of two 3-line items after 60 px of text: the second item's first line would stand alone at
    // the sheet's foot, so it goes over with the rest of its item.
    const list: MeasuredBlock = {
      top: 0,
      height: 6 * LINE,
      kind: 'lines',
      lines: () =>
        Array.from({ length: 6 }, (_, n) => ({
          start: n * LINE,
          end: (n + 1) * LINE,
          ...(n === 3 ? { paragraphStart: true } : {}),
        })),
    };
    const blocks = [column([1])[0] as MeasuredBlock, { ...list, top: LINE }];
    const { result } = landing(blocks);
    expect(result.gaps.get(1)).toEqual([{ at: 3 * LINE, size: 150 - 4 * LINE }]);
  });

  it('leaves a 分页符 that does not fit at the foot of its sheet, and starts the next sheet after it', () => {
    // Five lines fill the sheet; the page break (30 px) hangs below them, the paragraph after it starts
    // the second sheet, not a third.
    const blocks = column([
      5,
      { height: 30, kind: 'whole', pageBreak: true },
      { ...column([2])[0], breakBefore: true } as MeasuredBlock & { height: number },
    ]);
    const { result } = landing(blocks);
    expect(result.gaps.get(1)).toBeUndefined();
    expect(result.starts[2]?.textPage ?? result.starts[2]?.page).toBe(1);
    expect(result.gaps.get(2)).toEqual([{ at: 0, size: 20 }]);
    expect(result.pageCount).toBe(2);
  });

  it('starts a new sheet at a page break unless the block already starts one', () => {
    const blocks = column([
      1,
      { height: 20, kind: 'lines', breakBefore: true },
      5,
      { height: 20, kind: 'lines', breakBefore: true },
    ]);
    const { result } = landing(blocks);
    expect(result.gaps.get(1)).toEqual([{ at: 0, size: 130 }]);
    // Four of the five lines fit under it; the fifth would go alone, so two go (widow control).
    expect(result.gaps.get(2)).toEqual([{ at: 60, size: 70 }]);
    expect(result.gaps.get(3)).toEqual([{ at: 0, size: 110 }]);
    expect(result.pageCount).toBe(4);
    // A page number of a moved block is the sheet its text is on, not the one its top was on.
    expect(result.starts[1]).toMatchObject({ page: 0, textPage: 1 });
    expect(result.starts[2]?.textPage).toBeUndefined();
    expect(result.starts[3]).toMatchObject({ page: 2, textPage: 3 });
  });

  it('cuts a paragraph longer than a sheet as often as it needs', () => {
    const { result, out } = landing(column([12]));
    expect(result.gaps.get(0)).toEqual([
      { at: 100, size: 50 },
      { at: 200, size: 50 },
    ]);
    expect(result.pageCount).toBe(3);
    for (const [, , , y] of out) expect(y + LINE).toBeLessThanOrEqual(SHEET.contentHeight);
  });

  it('puts every line inside a text area, whatever the mix', () => {
    const specs = [
      3,
      7,
      { height: 45 },
      2,
      { height: 20, kind: 'lines' as const, keepWithNext: true },
      9,
      1,
      4,
      { height: 90 },
      6,
      2,
    ];
    const { out } = landing(column(specs, 6));
    for (const [b, n, , y] of out) {
      const line = b === 2 ? 45 : b === 8 ? 90 : LINE;
      expect({ b, n, bottom: y + line }).toEqual({ b, n, bottom: Math.min(y + line, SHEET.contentHeight) });
    }
  });

  it('starts again from the sheet of a change and gives the same gaps as a whole pagination', () => {
    const before = column([3, 4, 2, 5, 3, 4, 2, 6, 1, 3, 4, 2]);
    const first = paginate(before, SHEET);
    // Block 5 (on sheet 2) gains a line: everything below moves down 20 px.
    const after = column([3, 4, 2, 5, 3, 5, 2, 6, 1, 3, 4, 2]);
    const again = paginate(after, SHEET, {
      previous: first,
      previousTops: before.map((block) => block.top),
      from: 5,
      to: 5,
    });
    const whole = paginate(after, SHEET);
    expect(again.gaps).toEqual(whole.gaps);
    expect(again.starts).toEqual(whole.starts);
    expect(again.pageCount).toBe(whole.pageCount);
  });

  it('stops early once the blocks below a change land where they did', () => {
    const before = column([3, 4, 2, 5, 3, 4, 2, 6, 1, 3, 4, 2]);
    const first = paginate(before, SHEET);
    let asked = 0;
    // The same heights: a keystroke that added no line.
    const after = before.map((block) => ({
      ...block,
      lines: () => {
        asked += 1;
        return block.lines?.() ?? [];
      },
    }));
    const again = paginate(after, SHEET, {
      previous: first,
      previousTops: before.map((block) => block.top),
      from: 8,
      to: 8,
    });
    expect(again.gaps).toEqual(first.gaps);
    // Only the sheet of block 8 was looked at again: at most the cut paragraph on it was measured.
    expect(asked).toBeLessThanOrEqual(1);
  });

  it('lays out only down to the sheet in view, and the rest after as a whole pagination would', () => {
    const specs = [3, 4, 2, 5, 3, 4, 2, 6, 1, 3, 4, 2, 5, 3, 4];
    const before = column(specs);
    const first = paginate(before, SHEET);
    // The first paragraph gains a line: every block below moves, none lands where it did.
    const after = column([4, ...specs.slice(1)]);
    const { counted, asked } = countingTops(after);
    const now = paginate(
      counted,
      SHEET,
      { previous: first, previousTops: before.map((block) => block.top), from: 0, to: 0 },
      { through: 1 },
    );
    const { until } = now.laidOut;
    expect(now.pending).toBe(until);
    // Only the blocks of the first two sheets (and the one that starts the third) were read.
    expect(until).toBeLessThan(after.length / 2);
    expect(asked()).toBeLessThanOrEqual(3 * until);
    const rest = paginate(after, SHEET, {
      previous: now,
      previousTops: after.map((block, i) => (i < until ? block.top : Number.NaN)),
      from: until,
      to: after.length - 1,
    });
    const whole = paginate(after, SHEET);
    expect(rest.pending).toBeUndefined();
    expect(rest.gaps).toEqual(whole.gaps);
    expect(rest.starts).toEqual(whole.starts);
    expect(rest.pageCount).toBe(whole.pageCount);
  });

  describe('a document laid out a few sheets at a time', () => {
    const specs = [3, 4, 2, 5, 3, 4, 2, 6, 1, 3, 4, 2, 5, 3, 4, 2, 3, 5, 1, 4];
    const blocks = column(specs);
    const whole = paginate(blocks, SHEET);
    /** The natural tops a layout keeps: unknown (NaN) from the first block left for later. */
    const topsOf = (pagination: { pending?: number }) =>
      blocks.map((block, i) =>
        pagination.pending !== undefined && i >= pagination.pending ? Number.NaN : block.top,
      );
    /** Paginates the blocks left for later, `sheets` at a time, as the page view does when idle. */
    const finish = (first: ReturnType<typeof paginate>, sheets: number) => {
      let now = first;
      let batches = 0;
      while (now.pending !== undefined) {
        const from = now.pending;
        const through = (now.starts[from]?.page ?? 0) + sheets;
        now = paginate(
          blocks,
          SHEET,
          { previous: now, previousTops: topsOf(now), from, to: from },
          { through },
        );
        batches += 1;
        if (batches > blocks.length) throw new Error('no progress');
      }
      return { now, batches };
    };

    it('opens on the sheets in view, and reads no block below them', () => {
      const { counted, asked } = countingTops(blocks);
      const first = paginate(counted, SHEET, undefined, { through: 1 });
      const pending = first.pending as number;
      expect(pending).toBeGreaterThan(0);
      expect(pending).toBeLessThan(blocks.length / 2);
      // The first block left for later starts past sheet 1, and the ones above it land as in the whole.
      expect(first.starts[pending]?.page).toBe(2);
      for (let i = 0; i < pending; i += 1) {
        expect(first.starts[i]).toEqual(whole.starts[i]);
        expect(first.gaps.get(i)).toEqual(whole.gaps.get(i));
      }
      expect(asked()).toBeLessThanOrEqual(3 * (pending + 1));
    });

    it('stops at the first block not rendered yet, wherever its sheet', () => {
      const first = paginate(blocks, SHEET, undefined, { through: 5, limit: 3 });
      expect(first.pending).toBe(3);
      // Its start says what the gaps above it add up to, where the next pagination takes over.
      expect(first.starts[3]?.offset).toBe(whole.starts[3]?.offset);
    });

    it('lays the rest out in batches that end as the whole pagination', () => {
      const first = paginate(blocks, SHEET, undefined, { through: 1 });
      const { now, batches } = finish(first, 2);
      expect(batches).toBeGreaterThan(1);
      expect(now.gaps).toEqual(whole.gaps);
      expect(now.starts).toEqual(whole.starts);
      expect(now.pageCount).toBe(whole.pageCount);
    });

    it('keeps the rest for later after an edit above it that moves nothing below', () => {
      const first = paginate(blocks, SHEET, undefined, { through: 2 });
      const pending = first.pending as number;
      // A block on sheet 0 changes but keeps its height: the blocks below land where they did.
      const edited = paginate(
        blocks,
        SHEET,
        { previous: first, previousTops: topsOf(first), from: 1, to: 1 },
        { through: 2 },
      );
      expect(edited.pending).toBe(pending);
      expect(edited.laidOut.until).toBeLessThan(pending);
      expect(edited.starts.slice(0, pending + 1)).toEqual(first.starts.slice(0, pending + 1));
      expect(finish(edited, 3).now.gaps).toEqual(whole.gaps);
    });
  });

  describe('gaps that move lines', () => {
    /** A paragraph of `count` lines 20.3 px apart, each drawn `drawn` px below its boundary. */
    const fractional = (count: number, drawn = 0): Partial<MeasuredBlock> & { height: number } => ({
      height: count * 20.3,
      kind: 'lines',
      lines: () =>
        Array.from({ length: count }, (_, n) => ({
          start: n * 20.3,
          end: (n + 1) * 20.3,
          ...(n > 0 && drawn > 0 ? { top: n * 20.3 + drawn } : {}),
        })),
    });

    it('opens whole pixels, the least that bring the line that goes over to the next text top', () => {
      // 3 lines of 20.3 px fit under the first 20 px; the fourth starts at 80.9 px and goes to 150.
      const result = paginate(column([1, fractional(6)]), SHEET);
      expect(result.gaps.get(1)).toEqual([{ at: 3 * 20.3, size: Math.ceil(150 - 20 - 3 * 20.3) }]);
      // A table's rows are cut exactly: the browser moves them by the gap as it is.
      const rows = paginate(column([1, { ...fractional(6), kind: 'rows' }]), SHEET);
      expect(rows.gaps.get(1)?.[0]?.size).toBeCloseTo(150 - 20 - 3 * 20.3, 9);
    });

    it('brings a line drawn below its boundary (a list item under its margin) to the text top', () => {
      const result = paginate(column([1, fractional(6, 1.2)]), SHEET);
      const gap = result.gaps.get(1)?.[0];
      expect(gap?.drawn).toBeCloseTo(1.2, 9);
      // The line's drawn top, 20 + 3 × 20.3 + 1.2, lands less than a pixel below the next text top.
      const landed = 20 + 3 * 20.3 + 1.2 + (gap?.size ?? 0);
      expect(landed).toBeGreaterThanOrEqual(150);
      expect(landed).toBeLessThan(151);
    });

    it('moves a paragraph whole by whole pixels, and cuts it at the foot of the sheet it moved to', () => {
      // The orphan rule moves the paragraph to the next sheet, 0.5 px short of a whole number of pixels; it
      // stands there a fraction of a pixel below the top, and is cut at that sheet's foot, not moved again.
      const result = paginate(column([{ height: 90.5, kind: 'whole' }, fractional(12)]), SHEET);
      const gaps = result.gaps.get(1) ?? [];
      expect(gaps[0]).toEqual({ at: 0, size: 60 });
      // Four lines of 20.3 px a sheet: the paragraph stood 0.5 px below the top, not moved on again.
      expect(gaps.map((gap) => gap.at)).toEqual([0, 4 * 20.3, 8 * 20.3]);
      expect(result.starts[1]?.textPage).toBe(1);
      for (const gap of gaps) expect(Number.isInteger(gap.size)).toBe(true);
    });
    it('takes a line moved whole to just below a sheet’s top as starting it, even one taller than a sheet', () => {
      // Moved 60 px (59.3 wanted), the paragraph stands 0.7 px below the next top; its first line, taller
      // than a sheet, runs over that sheet's foot instead of being moved on to the next one, and the next.
      const tall = {
        height: 240,
        kind: 'lines' as const,
        lines: () => [
          { start: 0, end: 120 },
          { start: 120, end: 240 },
        ],
      };
      const result = paginate(column([{ height: 90.7, kind: 'whole' }, tall]), SHEET);
      expect(result.gaps.get(1)?.[0]).toEqual({ at: 0, size: 60 });
      expect(result.starts[1]?.textPage).toBe(1);
      expect(result.pageCount).toBeLessThanOrEqual(4);
    });
  });

  it('refuses a geometry with no room for text', () => {
    expect(() => paginate(column([1]), { contentHeight: 0, pitch: 10 })).toThrow(RangeError);
  });

  describe('tables', () => {
    it('cuts a table between rows and may leave one row at a sheet’s foot', () => {
      // 80 px used: the first 20 px row fits, the other two go over (a paragraph would go over whole).
      const { result, out } = landing(column([4, table([20, 20, 20])]));
      expect(result.gaps.get(1)).toEqual([{ at: 20, size: 50 }]);
      expect(out.filter(([b]) => b === 1).map(([, , page, y]) => [page, y])).toEqual([
        [0, 80],
        [1, 0],
        [1, 20],
      ]);
    });

    it('lets a table’s last row go over alone', () => {
      // From 20 px four rows fit; the fifth goes alone (a paragraph would take a second line with it).
      const { result } = landing(column([1, table([20, 20, 20, 20, 20])]));
      expect(result.gaps.get(1)).toEqual([{ at: 80, size: 50 }]);
    });

    it('repeats the header row at the top of each sheet the table goes on to', () => {
      // From 40 px: the header and two rows fit; rows 3-6 follow a copy of the header on sheet 2, rows 7
      // and 8 one on sheet 3. Each gap is the room to the next text top and the header's 20 px.
      const rows = [20, 20, 20, 20, 20, 20, 20, 20, 20];
      const { result, out } = landing(column([2, table(rows, true)]));
      expect(result.gaps.get(1)).toEqual([
        { at: 60, size: 70, repeat: 20 },
        { at: 140, size: 70, repeat: 20 },
      ]);
      const placed = out.filter(([b]) => b === 1).map(([, , page, y]) => [page, y]);
      expect(placed).toEqual([
        [0, 40],
        [0, 60],
        [0, 80],
        [1, 20],
        [1, 40],
        [1, 60],
        [1, 80],
        [2, 20],
        [2, 40],
      ]);
      for (const [, y] of placed) expect((y as number) + 20).toBeLessThanOrEqual(SHEET.contentHeight);
      expect(result.pageCount).toBe(3);
    });

    it('never leaves the header row alone at a sheet’s foot', () => {
      // Only the header would fit under the paragraph: the table goes over whole, its own header on top.
      const { result } = landing(column([4, table([20, 20, 20, 20], true)]));
      expect(result.gaps.get(1)).toEqual([{ at: 0, size: 70 }]);
      expect(result.starts[1]?.textPage).toBe(1);
    });

    it('does not cut inside a row: one taller than a sheet starts a sheet and runs over', () => {
      const { result } = landing(column([table([20, 130, 20])]));
      // The tall row starts sheet 2 and runs past its foot; the row after it starts sheet 3.
      expect(result.gaps.get(0)).toEqual([
        { at: 20, size: 130 },
        { at: 150, size: 20 },
      ]);
      expect(result.pageCount).toBe(3);
    });

    it('measures a table’s rows only when it crosses a sheet’s foot', () => {
      let asked = 0;
      const counted = (heights: number[]) => {
        const spec = table(heights);
        const lines = spec.lines as () => readonly { start: number; end: number }[];
        return {
          ...spec,
          lines: () => {
            asked += 1;
            return lines();
          },
        };
      };
      paginate(column([1, counted([20, 20]), 1]), SHEET);
      expect(asked).toBe(0);
      paginate(column([3, counted([20, 20, 20])]), SHEET);
      expect(asked).toBe(1);
    });

    it('starts again from the sheet of a change inside a long table as a whole pagination would', () => {
      const rows = Array.from({ length: 30 }, (_, n) => (n % 4 === 0 ? 40 : 20));
      const before = column([2, table(rows, true), 3, 2]);
      const first = paginate(before, SHEET);
      // A row of the table gains a line: the table and what follows it are laid out again.
      const grown = rows.map((h, n) => (n === 12 ? h + 20 : h));
      const after = column([2, table(grown, true), 3, 2]);
      const again = paginate(after, SHEET, {
        previous: first,
        previousTops: before.map((block) => block.top),
        from: 1,
        to: 1,
      });
      const whole = paginate(after, SHEET);
      expect(again.gaps).toEqual(whole.gaps);
      expect(again.starts).toEqual(whole.starts);
      expect(again.pageCount).toBe(whole.pageCount);
    });
  });
  describe('footnotes', () => {
    /** A paragraph of `n` 20 px lines whose lines `withNotes` hold footnotes of these heights. */
    const noted = (
      n: number,
      withNotes: Record<number, number>,
    ): Partial<MeasuredBlock> & { height: number } => ({
      height: n * LINE,
      kind: 'lines',
      footnotes: Object.values(withNotes).reduce((a, b) => a + b, 0),
      lines: () =>
        Array.from({ length: n }, (_, j) => ({
          start: j * LINE,
          end: (j + 1) * LINE,
          ...(withNotes[j] ? { notes: withNotes[j] } : {}),
        })),
    });

    it('ends a sheet’s text above the footnotes of its lines, and takes a line over with its note', () => {
      // Five lines fill the 100 px sheet; the fourth holds a 30 px note, which with its rule leaves 51 px.
      const { out, result } = landing(column([noted(5, { 3: 30 })]));
      expect(out.map(([, n, page]) => [n, page])).toEqual([
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 1],
        [4, 1],
      ]);
      // The note went over with its line: the first sheet keeps no room for it.
      expect(result.gaps.get(0)?.[0]?.at).toBe(3 * LINE);
    });

    it('keeps a block’s notes on its sheet, so that the text after them stops higher', () => {
      // Block 0 fits with its 20 px note; block 1 (3 lines) would end at 100 px, in the notes' room.
      const { out, result } = landing(column([noted(2, { 1: 20 }), 3]));
      const sheetOf = (b: number) => out.filter(([block]) => block === b).map(([, , page]) => page);
      expect(sheetOf(0)).toEqual([0, 0]);
      // Its first line alone would be an orphan at the foot: the whole paragraph goes over.
      expect(sheetOf(1)).toEqual([1, 1, 1]);
      expect(result.starts[1]?.notes).toBeCloseTo(20 + NOTES_RULE_PX);
    });

    it('starts again from a change with the notes the sheet had, as a whole pagination would', () => {
      const specs = [3, noted(4, { 1: 20 }), 2, 5, noted(3, { 0: 18, 2: 25 }), 4, 2, 6, 1, 3, 4, 2];
      const before = column(specs);
      const first = paginate(before, SHEET);
      const grown = [...specs];
      grown[5] = 5;
      const after = column(grown);
      const again = paginate(after, SHEET, {
        previous: first,
        previousTops: before.map((block) => block.top),
        from: 5,
        to: 5,
      });
      const whole = paginate(after, SHEET);
      expect(again.gaps).toEqual(whole.gaps);
      expect(again.starts).toEqual(whole.starts);
    });

    it('puts no line in the room of the notes on any sheet', () => {
      const specs = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? noted(4, { [i % 4]: 10 + (i % 5) * 8 }) : 1 + (i % 4),
      );
      const blocks = column(specs, 6);
      const result = paginate(blocks, SHEET);
      const notesOn = new Map<number, number>();
      const lines: Array<{ page: number; bottom: number }> = [];
      blocks.forEach((block, b) => {
        const start = result.starts[b];
        const gaps = result.gaps.get(b) ?? [];
        for (const line of block.lines?.() ?? []) {
          const opened = gaps.filter((gap) => gap.at <= line.start).reduce((sum, gap) => sum + gap.size, 0);
          const y = block.top + (start?.offset ?? 0) + opened + line.start;
          const page = Math.floor(y / SHEET.pitch);
          lines.push({ page, bottom: (y % SHEET.pitch) + (line.end - line.start) });
          if (line.notes) notesOn.set(page, (notesOn.get(page) ?? NOTES_RULE_PX) + line.notes);
        }
      });
      for (const { page, bottom } of lines)
        expect(bottom).toBeLessThanOrEqual(SHEET.contentHeight - (notesOn.get(page) ?? 0) + 0.5);
    });
  });
});
