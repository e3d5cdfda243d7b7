/**
 * Where the page view opens its page gaps: given where each top-level block would stand on one endless
 * sheet (its "natural" place) and the sheets' geometry, the gaps that carry content from the foot of one
 * sheet's text area to the top of the next one's.
 *
 * Lexical lays a document out as one column; the browser lays it out as one column too. Instead of cutting
 * the document into one editor per page, the page view keeps the one column and opens gaps in it where a
 * sheet ends: between two lines of a paragraph (the rest of the paragraph goes on the next sheet), before a
 * block that must not be cut (a table row, an image, a code block), or before a block that asks for a new
 * page. This module decides where; `gaps.ts` draws them. It knows nothing of the DOM, so that the rules are
 * tested by numbers alone, and it can start again from any block, so that a keystroke re-lays out only the
 * sheets from the caret on.
 *
 * The rules are Word's defaults:
 * - widow and orphan control: a paragraph never leaves its first line alone at the foot of a sheet nor its
 *   last line alone at the top of the next;
 * - keep with next: a heading is never the last thing on a sheet; it goes over with what follows it;
 * - a page break (the 分页符 block, or 段前分页 on a paragraph) starts a new sheet unless its block already
 *   stands at a sheet's top;
 * - what cannot be cut and is taller than a sheet starts a sheet and runs over its foot;
 * - a table is cut between its rows, never inside one (a row taller than a sheet starts a sheet and runs
 *   over its foot), with no widow or orphan control: one row may stay at a sheet's foot or go over alone.
 *   A first row of header cells is repeated at the top of each sheet the table goes on to (标题行重复), and
 *   never stays alone at a foot: it goes over with the row under it. These are the PDF export's rules
 *   (files/pdf/tables.ts), where each row is an item moved whole to the next page and the header row is
 *   drawn again above a row that starts a page.
 */

/** The sheets, in CSS pixels at 100 %. */
export interface PageGeometry {
  /** The height of a sheet's text area: the paper's height less its top and bottom margins. */
  contentHeight: number;
  /** From one sheet's text top to the next one's: the paper's height plus the gap between sheets. */
  pitch: number;
}

/** A line box of a block (or a table row), from its top, in natural pixels: [start, end). */
export interface LineBox {
  start: number;
  end: number;
  /** The first line of a paragraph inside the block (a list's item), after the block's first. */
  paragraphStart?: boolean;
  /** The height of the footnotes whose markers are on this line: they take room at the same sheet's foot. */
  notes?: number;
  /**
   * Where the line itself is drawn, from the block's top, when below `start` (a list item's margin, the
   * half-leading of large type): a gap before it brings this to the next sheet's text top.
   */
  top?: number;
}

export interface MeasuredBlock {
  /** Where the block's border box starts on the endless sheet (no gaps), from the text's top. */
  top: number;
  height: number;
  /**
   * 'lines': may be cut between its line boxes (paragraphs, headings, lists, quotes); 'rows': a table, cut
   * between its rows (its `lines` are the rows' boxes, rows joined by a cell that spans them counting as
   * one), without widow and orphan control; 'whole': moved to the next sheet whole when it does not fit.
   */
  kind: 'lines' | 'rows' | 'whole';
  /** The block's line boxes, contiguous from its top; asked only when the block crosses a sheet's foot. */
  lines?: () => readonly LineBox[];
  /** A table whose first row (its first line box) is a header row, repeated on each sheet it goes on to. */
  repeatsHeader?: boolean;
  /** A heading: kept on the same sheet as the block after it. */
  keepWithNext?: boolean;
  /** Starts a new sheet (after a 分页符, or 段前分页). */
  breakBefore?: boolean;
  /**
   * The height of the footnotes whose markers are in the block (0 or absent: none). They stand at the foot
   * of the sheet their marker's line is on, and the text on that sheet ends above them; when the block must
   * be cut for them, its `lines` say which line holds which.
   */
  footnotes?: number;
  /**
   * A 分页符 itself: it stays where it stands, at the foot of its sheet or in the margin below it, and is
   * never carried to the next sheet (it is not printed; the block after it starts the next sheet).
   */
  pageBreak?: boolean;
}

/** One gap: it opens `at` pixels into its block (0: before the block) and is `size` pixels tall. */
export interface BlockGap {
  at: number;
  size: number;
  /**
   * In a table: the height of the header row drawn again at the foot of the gap (the top of the next
   * sheet's text area), part of `size`. Absent when no header is repeated.
   */
  repeat?: number;
  /**
   * In a block cut between lines: how far below `at` the line that goes over is drawn (its LineBox.top),
   * where the band that moves it must be measured from.
   */
  drawn?: number;
}

/** Where the pagination stood as a block began: what it carries over to the blocks from there on. */
export interface BlockStart {
  /** The sum of the gaps above the block. */
  offset: number;
  /** The sheet the block starts on (0 is the first): where its top is, before any gap at its top. */
  page: number;
  /**
   * The sheet its first line is on, when a gap at its very top moved it past `page` (a heading after a
   * page break, a paragraph moved whole): what a page number of the block shows.
   */
  textPage?: number;
  /** The room the footnotes above it take at the foot of its sheet (absent: none). */
  notes?: number;
}

export interface Pagination {
  /** Each cut block's gaps, by the block's index, in order. */
  gaps: Map<number, BlockGap[]>;
  /** How each block began (one per block). */
  starts: BlockStart[];
  pageCount: number;
  /**
   * The blocks this pagination laid out anew, [from, until): those before kept their gaps and places, those
   * from `until` on kept their gaps, their natural tops `shift` pixels from where they were (what a change
   * above them added or took away). Only these blocks were measured.
   */
  laidOut: { from: number; until: number; shift: number };
  /**
   * The first block not paginated yet, when the pagination stopped short of the end (`Reach`): the blocks
   * from there on have no gaps and no start but this one's, which says what the gaps above them add up to,
   * and `pageCount` counts only the sheets paginated.
   */
  pending?: number;
}

/** Below this, a difference of position is rounding (sub-pixel layout), not overflow. */
const EPSILON = 0.5;

/**
 * A block that stands this close below a sheet's text top starts the sheet. A gap in a block cut between
 * lines is a whole number of pixels (`wholePixels`), so the line it moves lands up to a pixel below.
 */
const AT_TOP = 1 + EPSILON;

/**
 * The size of a gap that moves lines: a whole number of pixels, the least that brings them to `size`.
 * Chromium moves a line past a shape-outside band in steps of a whole pixel from where it stood (the
 * band that opens the gap, pageLayout.ts), so a gap of 250.2 px would move it 251 and every sheet below
 * would stand 0.8 px lower than paginated; a gap of 251 moves it exactly as far as it says.
 */
const wholePixels = (size: number) => Math.ceil(size - 1 / 64);

/**
 * The room above a sheet's first footnote, where its short rule is drawn: 14 pt, as the PDF export leaves
 * (files/pdf/pagination.ts), so that the page view and the PDF give the text the same room.
 */
export const NOTES_RULE_PX = (14 * 96) / 72;

/** The room footnotes of `height` take at a sheet's foot where `reserved` is taken already. */
const notesRoom = (reserved: number, height: number) =>
  height > 0 ? height + (reserved > 0 ? 0 : NOTES_RULE_PX) : 0;

export interface Repagination {
  /** The pagination before the change. */
  previous: Pagination;
  /** The blocks' natural tops before the change (one per block then). */
  previousTops: readonly number[];
  /** The first and the last block the change touched (their indexes now). */
  from: number;
  to: number;
}

/** How far to paginate now, the rest later (`Pagination.pending`). */
export interface Reach {
  /**
   * The last sheet wanted now (the last one in view): below the change, the pagination stops at the first
   * block that starts past it. A document opens, and a paste of twenty pages at the top is laid out, at
   * the cost of the sheets down to the screen, not the document's.
   */
  through?: number;
  /** The first block whose size is not known yet (the browser has not rendered it): it stops there. */
  limit?: number;
}

/**
 * Paginates `blocks`. After a change (`since`), it starts again at the first block of the sheet where the
 * change begins, keeps the gaps above it, and stops as soon as a block below the change lands where it
 * landed before: the blocks from there on are the same blocks with the same heights, so their old gaps
 * hold. A keystroke thus re-lays out the sheets from the caret on, and usually one or two of them.
 */
export function paginate(
  blocks: readonly MeasuredBlock[],
  geometry: PageGeometry,
  since?: Repagination,
  reach: Reach = {},
): Pagination {
  const { contentHeight, pitch } = geometry;
  if (!(contentHeight > 0) || !(pitch >= contentHeight)) throw new RangeError('bad page geometry');
  const previous = since?.previous;
  let from = Math.max(0, Math.min(since?.from ?? 0, blocks.length));
  if (!previous || previous.starts.length === 0) from = 0;
  // Blocks after the change: the same blocks as before, `moved` indexes further down.
  const to = since ? Math.max(since.to, from) : -1;
  const moved = since ? blocks.length - since.previousTops.length : 0;
  // Where the blocks the previous pagination left for later begin, now.
  const previousPending = previous?.pending === undefined ? undefined : previous.pending + moved;
  // Start from the first block of the sheet the block stood on, so that a heading kept with it is seen.
  if (previous && from > 0) {
    const page = previous.starts[Math.min(from, previous.starts.length - 1)]?.page ?? 0;
    while (from > 0 && (previous.starts[from - 1]?.page ?? 0) >= page) from -= 1;
  }
  const firstLaidOut = from;
  const gaps = new Map<number, BlockGap[]>();
  const starts: BlockStart[] = [];
  if (previous) {
    for (let i = 0; i < from; i += 1) {
      const start = previous.starts[i];
      if (start) starts.push(start);
      const kept = previous.gaps.get(i);
      if (kept) gaps.set(i, kept);
    }
  }
  let offset = previous && from > 0 ? (previous.starts[from]?.offset ?? 0) : 0;
  let page = previous && from > 0 ? (previous.starts[from]?.page ?? 0) : 0;
  /** The room the footnotes placed so far take at the foot of sheet `page`. */
  let notes = previous && from > 0 ? (previous.starts[from]?.notes ?? 0) : 0;
  if (previous && from > 0 && !previous.starts[from]) {
    // The document grew past what was paginated: carry on from the last block.
    const last = previous.starts[from - 1] as BlockStart;
    offset = last.offset + sumGaps(previous.gaps.get(from - 1));
    page = last.page;
    notes = 0;
  }
  /** Blocks a heading-chain pushed whole to the next sheet, so the heading stays with what follows. */
  const pushWhole = new Set<number>();

  const pageTop = (n: number) => n * pitch;
  const pageEnd = (n: number) => n * pitch + contentHeight;
  /** Where the text on sheet `page` must end: above its footnotes. */
  const textEnd = () => pageEnd(page) - notes;
  const turnPage = (to = page + 1) => {
    page = to;
    notes = 0;
  };

  for (let i = from; i < blocks.length; i += 1) {
    const block = blocks[i] as MeasuredBlock;
    // Below the change, a block that lands where it landed before lands every later block there too.
    if (since && previous && i > to) {
      const was = i - moved;
      const before = previous.starts[was];
      const wasTop = since.previousTops[was];
      if (
        before &&
        wasTop !== undefined &&
        before.page === page &&
        Math.abs((before.notes ?? 0) - notes) <= EPSILON
      ) {
        const shift = block.top + offset - (wasTop + before.offset);
        if (Math.abs(shift) <= EPSILON) {
          const change = before.offset - offset;
          // Down to the blocks the previous pagination left for later, which are still left (their start
          // says where the gaps above them end).
          const end = previousPending ?? blocks.length - 1;
          for (let j = i; j <= end && j < blocks.length; j += 1) {
            const old = previous.starts[j - moved] as BlockStart;
            starts[j] = { ...old, offset: old.offset - change };
            const kept = previous.gaps.get(j - moved);
            if (kept) gaps.set(j, kept);
          }
          return {
            gaps,
            starts,
            pageCount: previous.pageCount,
            laidOut: { from: firstLaidOut, until: i, shift: block.top - wasTop },
            ...(previousPending === undefined ? {} : { pending: previousPending }),
          };
        }
      }
    }

    // Past the sheets wanted now, or at a block not rendered yet: the rest is paginated later, from here
    // (this block's start says what the gaps above it add up to, where the next pagination takes over).
    const past = reach.through !== undefined && i > to && page > reach.through;
    if (i > from && (past || (reach.limit !== undefined && i >= reach.limit))) {
      starts[i] = { offset, page, ...(notes > 0 ? { notes } : {}) };
      return {
        gaps,
        starts,
        pageCount: page + 1,
        laidOut: { from: firstLaidOut, until: i, shift: Number.NaN },
        pending: i,
      };
    }

    const startHere = (): BlockStart => ({ offset, page, ...(notes > 0 ? { notes } : {}) });
    if (block.pageBreak) {
      starts[i] = startHere();
      continue;
    }
    const own: BlockGap[] = [];
    let top = block.top + offset;
    // The page we are on may have ended in the margin above this block (or in its footnotes' room).
    while (top >= textEnd() - EPSILON && top > pageTop(page) + EPSILON) turnPage();
    starts[i] = startHere();

    const atPageTop = () => top <= pageTop(page) + AT_TOP;
    const bands = block.kind === 'lines';
    const moveWhole = () => {
      const to = pageTop(page + 1) - top;
      const size = bands ? wholePixels(to) : to;
      own.push({ at: 0, size });
      offset += size;
      top += size;
      turnPage();
      // Moved before any of it was placed: its text begins on this sheet.
      if (own.every((gap) => gap.at === 0)) (starts[i] as BlockStart).textPage = page;
    };

    if ((block.breakBefore || pushWhole.has(i)) && i > 0 && !atPageTop()) moveWhole();
    else if (top < pageTop(page) - EPSILON) {
      // Between sheets (a margin carried it past a sheet's foot into the gap): onto the next text top.
      const size = bands ? wholePixels(pageTop(page) - top) : pageTop(page) - top;
      own.push({ at: 0, size });
      offset += size;
      top += size;
    }

    const footnotes = block.footnotes ?? 0;
    let placedNotes = false;
    if (top + block.height > textEnd() - notesRoom(notes, footnotes) + EPSILON) {
      const rows = block.kind === 'rows';
      const lines = block.kind !== 'whole' ? (block.lines?.() ?? []) : [];
      // The header row repeated above the rows that go on to a next sheet (not when it is all but a sheet).
      const header = rows && block.repeatsHeader && lines.length > 2 ? (lines[0] as LineBox).end : 0;
      const repeat = header > 0 && header < contentHeight / 2 ? header : 0;
      if (lines.length < 2) {
        // Not to be cut: over to the next sheet if it fits there; else it starts a sheet and runs over.
        if (!atPageTop()) moveWhole();
      } else {
        // A table's footnotes are not given to its rows: they go to the sheet the table ends on.
        placedNotes = !rows;
        const n = lines.length;
        /** The gaps opened inside this block so far: they move the lines after them down. */
        let opened = 0;
        const lineStart = (j: number) => top + opened + (lines[j] as LineBox).start;
        const endOf = (j: number) => top + opened + (lines[j] as LineBox).end;
        /** The room the footnotes of lines [k, cut) take on this sheet, with those placed above them. */
        const notesThrough = (k: number, cut: number) => {
          let room = notes;
          for (let j = k; j < cut; j += 1) room += notesRoom(room, (lines[j] as LineBox).notes ?? 0);
          return room;
        };
        let k = 0;
        while (k < n) {
          // The first line that does not fit on this sheet, with its footnotes and those above it.
          let cut = k;
          while (cut < n && endOf(cut) <= pageEnd(page) - notesThrough(k, cut + 1) + EPSILON) cut += 1;
          if (cut >= n) {
            notes = notesThrough(k, n);
            break;
          }
          if (cut === k) {
            if (k === 0 && !atPageTop()) {
              moveWhole();
              continue;
            }
            // A line taller than a sheet's text area, at a sheet's top: it runs over the foot.
            cut = k + 1;
            if (cut >= n) {
              notes = notesThrough(k, n);
              break;
            }
          } else if (rows) {
            // A table's header row never stays alone at a sheet's foot: it goes over with the first row.
            if (k === 0 && cut === 1 && header > 0 && !atPageTop()) cut = 0;
            if (cut === 0) {
              moveWhole();
              continue;
            }
          } else {
            // The paragraphs in the block (a list's items are each one): widow and orphan control is theirs.
            const opens = (j: number) => j === 0 || (lines[j] as LineBox).paragraphStart === true;
            const closes = (j: number) => j === n - 1 || opens(j + 1);
            // Widow: a paragraph's last line never goes over alone, if one can go with it and leave one here.
            if (closes(cut) && !opens(cut) && cut - k >= 2) cut -= 1;
            // Orphan: a paragraph's first line never stays alone at a sheet's foot.
            if (opens(cut - 1) && !closes(cut - 1)) {
              if (cut - 1 > k) cut -= 1;
              else if (k === 0 && !atPageTop()) cut = 0;
            }
            if (cut === 0) {
              moveWhole();
              continue;
            }
          }
          const start = lineStart(cut);
          let next = page + 1;
          // After a line that ran over, the next text top below it.
          while (pageTop(next) < start - EPSILON) next += 1;
          const line = lines[cut] as LineBox;
          // A line is brought to the text top by where it is drawn; a table row by its box.
          const drawn = !rows && line.top !== undefined && line.top > line.start ? line.top - line.start : 0;
          const to = pageTop(next) - start - drawn + repeat;
          const size = rows ? to : wholePixels(to);
          own.push({
            at: line.start,
            size,
            ...(repeat > 0 ? { repeat } : {}),
            ...(drawn > 0 ? { drawn } : {}),
          });
          opened += size;
          offset += size;
          turnPage(next);
          k = cut;
        }
      }
    }

    // The block's footnotes, where its lines did not place them: at the foot of the sheet it ends on.
    if (!placedNotes) notes += notesRoom(notes, footnotes);

    // Keep with next: when this block went over at its top, the headings just above it go over with it.
    if (own[0]?.at === 0 && i > 0 && blocks[i - 1]?.keepWithNext && !pushWhole.has(i - 1)) {
      let first = i - 1;
      while (first > 0 && blocks[first - 1]?.keepWithNext) first -= 1;
      const firstStart = starts[first] as BlockStart;
      const firstTop = (blocks[first] as MeasuredBlock).top + firstStart.offset;
      // Only when the headings do not start their sheet already (else they would go over for ever).
      if (first >= from && firstTop > pageTop(firstStart.page) + AT_TOP && firstStart.page === page - 1) {
        pushWhole.add(first);
        for (let j = first; j <= i; j += 1) gaps.delete(j);
        starts.length = first;
        offset = firstStart.offset;
        page = firstStart.page;
        notes = firstStart.notes ?? 0;
        i = first - 1;
        continue;
      }
    }
    if (own.length > 0) gaps.set(i, own);
  }
  const last = blocks.length - 1;
  let pageCount = page + 1;
  if (last >= 0) {
    const block = blocks[last] as MeasuredBlock;
    const bottom = block.top + offset + block.height;
    pageCount = Math.max(1, Math.floor(Math.max(0, bottom - EPSILON) / pitch) + 1);
  }
  return { gaps, starts, pageCount, laidOut: { from: firstLaidOut, until: blocks.length, shift: 0 } };
}

const sumGaps = (list: readonly BlockGap[] | undefined) =>
  (list ?? []).reduce((sum, gap) => sum + gap.size, 0);
