/**
 * The page view's hands on the DOM: it measures the paper's top-level blocks, asks `paginate` where the
 * gaps go, and opens them, without adding a node to what Lexical owns.
 *
 * A gap inside a block that may be cut is a float in the block's ::before whose `shape-outside` is a band
 * across the block at the gap's height: the lines that would fall in the band go below it, the ones above
 * stay, so a paragraph continues on the next sheet from the very line that did not fit. (Floats shaped by
 * `shape-outside` cost about 0.7 ms of layout each in Chromium; there is one per sheet.) A block that must
 * not be cut (a code block, a rule, a picture) is moved down by its top margin instead. A table is cut
 * between its rows, the gap opened in the cells of the row that goes over, its header row drawn again at
 * the top of the next sheet (tableCut.ts); its rows are measured only when it crosses a sheet's foot.
 *
 * Positions are kept "natural": where a block would stand with no gaps open. The gaps in place are known,
 * so a block's natural place is its measured one less the gaps above it, and a change re-measures and
 * re-cuts only from the sheet it starts on.
 */
import { drawnScaleOf, MEASURING_ATTRIBUTE } from './drawnScale';
import {
  type BlockGap,
  type LineBox,
  type MeasuredBlock,
  type PageGeometry,
  type Pagination,
  paginate,
  type Reach,
} from './paginate';
import {
  type AppliedCuts,
  applyCuts,
  isTable,
  type MeasuredRows,
  measureRows,
  REPEATS_ATTRIBUTE,
  removeCuts,
  repeatsHeader,
  repeatsLayer,
} from './tableCut';

/** Blocks whose ::before is theirs (a code block's language label) or that cannot hold a float band. */
const WHOLE_SELECTOR = 'pre, hr, [data-lexical-decorator], .wx-ed-code';
const HEADING_SELECTOR = 'h1, h2, h3, h4, h5, h6';
/** A paragraph with 段前分页, and the block after a 分页符. */
const BREAK_BEFORE = (element: Element) =>
  (element as HTMLElement).style?.breakBefore === 'page' ||
  element.previousElementSibling?.matches('[data-wx-page-break]') === true;

/** A footnote's marker in the text (an endnote's stays where it is: its note is at the end). */
export const FOOTNOTE_MARKER_SELECTOR = '[data-footnote-id][data-note-kind="footnote"]';

/** The height of a footnote's note at a sheet's foot, by the note's id (0: not shown yet). */
export type NoteHeights = ReadonlyMap<string, number>;

/** The height of the footnotes whose markers are in `element`. */
function footnotesIn(element: Element, heights: NoteHeights): number {
  if (heights.size === 0) return 0;
  let sum = 0;
  for (const marker of Array.from(element.querySelectorAll<HTMLElement>(FOOTNOTE_MARKER_SELECTOR)))
    sum += heights.get(marker.dataset.footnoteId ?? '') ?? 0;
  return sum;
}

/** An edit: the blocks from `from` to `to` (now) changed; `moved` were added (less those removed). */
interface Change {
  from: number;
  to: number;
  moved: number;
  before: Element[];
}

/**
 * On each block below the sheets laid out so far, down from the first the next layout may need: the
 * browser leaves it unrendered (pageView.css.ts), as 连续视图 leaves the blocks off screen, until a layout
 * reaches it. A layout that stops at the sheets in view thus costs those sheets, not the document.
 */
export const UNRENDERED_ATTRIBUTE = 'data-wx-page-unrendered';

/**
 * A block's height before any is measured, in CSS pixels (a paragraph of a few lines): what decides how
 * many blocks the first layout renders. Too few, and it renders more as it reaches them.
 */
const BLOCK_GUESS_PX = 80;
/** The least average height of a block the guesses use (a document of empty paragraphs). */
const MIN_BLOCK_PX = 16;

/** The sheets a layout left for later are laid out this many at a time, each batch when the browser is idle. */
export const SHEETS_PER_BATCH = 6;

interface Applied {
  gaps: readonly BlockGap[];
  /**
   * 'band' (a float in ::before), 'margin' (the top margin, for a block that is moved whole) or 'rows' (a
   * table: the top margin for a gap before it, cut rows for the gaps inside it).
   */
  how: 'band' | 'margin' | 'rows';
  /** A table's cuts. */
  cuts?: AppliedCuts;
  /**
   * A block moved whole's or a table's top margin without a gap, and the room above it then (its margin
   * collapsed with the one above): kept, as read again under an open gap they would be the gap's.
   */
  natural: { margin: number; spacing: number } | undefined;
}

export class PageLayout {
  private pagination: Pagination | undefined;
  private children: Element[] = [];
  private tops: number[] = [];
  private readonly applied = new Map<Element, Applied>();
  /** The first block not laid out yet, when the last layout stopped below the sheets in view. */
  private pendingFrom: number | undefined;
  /** Whether some blocks are left unrendered (UNRENDERED_ATTRIBUTE). */
  private unrendered = false;
  /** A block's average natural height in the last layout, for the guesses while some are left for later. */
  private blockHeight = BLOCK_GUESS_PX;
  /** The count of sheets when all were last laid out (none before they first were, as the document opens). */
  private counted: number | undefined;

  /**
   * `root` is Lexical's root element; `paper` the sheet it is on, whose padding is the page's margins.
   * Positions count from the paper's text top, not the root's: a first block's top margin collapses
   * through the root and moves it down, but not the sheet's text area.
   */
  constructor(
    private readonly root: HTMLElement,
    private readonly paper: HTMLElement,
    private geometry: PageGeometry,
    /** The footnotes' heights at a sheet's foot (PageViewPlugin measures them). */
    private readonly noteHeights: NoteHeights = new Map(),
  ) {}

  /**
   * The count of sheets. While some are left for later (`pending`): the count when all were last laid out,
   * or, before they first were (as the document opens), a guess from the blocks' average height.
   */
  get pageCount(): number {
    const pagination = this.pagination;
    if (!pagination) return 1;
    if (pagination.pending === undefined) return pagination.pageCount;
    const guess = Math.ceil((this.blockHeight * this.children.length) / this.geometry.contentHeight);
    return Math.max(pagination.pageCount, this.counted ?? guess);
  }

  /** The current pagination, for page numbers (a block's sheet). */
  get current(): { pagination: Pagination; blocks: readonly Element[] } | undefined {
    return this.pagination ? { pagination: this.pagination, blocks: this.children } : undefined;
  }

  /** Whether the sheets below the ones in view are still to be laid out (`finish`). */
  get pending(): boolean {
    return this.pendingFrom !== undefined;
  }

  /**
   * Lays every sheet out again (the document opened, a new geometry, a resize, fonts that arrived): down
   * to sheet `through` (the last in view), the rest left for later (`pending`, `finish`); every sheet
   * when none is given. `opening`: the blocks below are left unrendered until then (the document has just
   * been put on the paper, and only the screen's blocks are rendered yet).
   */
  relayoutAll(geometry: PageGeometry = this.geometry, through?: number, opening = false): void {
    this.geometry = geometry;
    this.removeGaps();
    this.pagination = undefined;
    this.pendingFrom = undefined;
    this.layout(undefined, through, opening);
  }

  /**
   * Lays out the sheets a layout left for later (below the ones that were in view): `sheets` more of
   * them, or all when none is given.
   */
  finish(sheets?: number): void {
    const from = this.pendingFrom;
    const pagination = this.pagination;
    if (from === undefined || !pagination) return;
    const children = this.children;
    const through = sheets === undefined ? undefined : (pagination.starts[from]?.page ?? 0) + sheets;
    this.layout({ from, to: from, moved: 0, before: children }, through);
  }

  /**
   * Re-lays out after an edit. `changed` are the top-level elements Lexical touched (still in the page or
   * not); the blocks added or removed are found by comparing the root's children with the last ones.
   */
  update(
    changed: ReadonlySet<Element>,
    /** The last sheet in view: the sheets below it may be laid out later (`pending`, `finish`). */
    through?: number,
  ): void {
    if (!this.pagination) {
      this.layout(undefined);
      return;
    }
    const now = Array.from(this.root.children);
    const before = this.children;
    let first = 0;
    while (first < now.length && first < before.length && now[first] === before[first]) first += 1;
    let endNow = now.length - 1;
    let endBefore = before.length - 1;
    while (endNow >= first && endBefore >= first && now[endNow] === before[endBefore]) {
      endNow -= 1;
      endBefore -= 1;
    }
    let from = first;
    let to = Math.max(endNow, first);
    if (first >= now.length && first >= before.length) {
      // The same blocks: only their insides changed.
      from = now.length;
      to = -1;
    }
    for (const element of changed) {
      const index = now.indexOf(element);
      if (index < 0) continue;
      from = Math.min(from, index);
      to = Math.max(to, index);
    }
    // A change among the blocks a layout left for later (their gaps are not counted) is laid out from the
    // first of them. (Blocks added or removed above them only move them down or up.)
    if (this.pendingFrom !== undefined) {
      const pending = Math.min(this.pendingFrom + now.length - before.length, now.length - 1);
      if (to >= pending) from = Math.max(0, Math.min(from, pending));
    }
    if (to < from) return;
    for (const element of before) if (!element.isConnected) this.applied.delete(element);
    this.layout({ from, to, moved: now.length - before.length, before }, through);
  }

  /** Takes every gap away and renders every block (leaving the page view). */
  clear(): void {
    this.removeGaps();
    this.renderFrom(Array.from(this.root.children), undefined);
  }

  private removeGaps(): void {
    for (const [element, applied] of this.applied) unapply(element as HTMLElement, applied);
    this.applied.clear();
    this.paper.querySelector(`:scope > [${REPEATS_ATTRIBUTE}]`)?.remove();
  }

  /** The first block left unrendered. */
  private firstUnrendered(children: readonly Element[]): number | undefined {
    if (!this.unrendered) return undefined;
    const index = children.findIndex((element) => element.hasAttribute(UNRENDERED_ATTRIBUTE));
    return index < 0 ? undefined : index;
  }

  /**
   * Leaves the blocks from `limit` on unrendered, and renders those before it (all when none is given).
   * Blocks Lexical makes meanwhile carry no mark: they are rendered, and measured right when reached.
   */
  private renderFrom(
    children: readonly Element[],
    limit: number | undefined,
    first = this.firstUnrendered(children) ?? children.length,
  ): void {
    for (let i = Math.min(limit ?? children.length, first); i < children.length; i += 1)
      (children[i] as Element).toggleAttribute(UNRENDERED_ATTRIBUTE, limit !== undefined && i >= limit);
    this.unrendered = limit !== undefined && limit < children.length;
    // Meanwhile each is as tall as the blocks laid out are on average, so that the paper is about as long.
    if (this.unrendered) this.root.style.setProperty('--wx-page-block-h', `${this.blockHeight.toFixed(1)}px`);
    else this.root.style.removeProperty('--wx-page-block-h');
  }

  /**
   * The first block a layout from block `from` down to sheet `through` need not render: a guess from the
   * blocks' average height, with a sheet to spare.
   */
  private renderLimit(from: number, to: number, through: number): number {
    const page = this.pagination?.starts[from]?.page ?? 0;
    const room = (through + 2 - page) * this.geometry.pitch;
    return Math.max(to + 1, from + Math.ceil(room / this.blockHeight));
  }

  /**
   * Lays the sheets out from `change` (none: all of them) down to sheet `through` (none: to the end). The
   * blocks left unrendered are rendered as far as the layout needs them, more when it reaches them before
   * that sheet; `hide` leaves the blocks beyond unrendered (the whole document is laid out anew).
   */
  private layout(first: Change | undefined, through?: number, hide = false): void {
    let change = first;
    for (;;) {
      const children = Array.from(this.root.children);
      const unrendered = this.firstUnrendered(children);
      let limit: number | undefined;
      if (through !== undefined) {
        const guess = this.renderLimit(change?.from ?? 0, change?.to ?? 0, through);
        // A layout that does not start anew leaves the rendered blocks so: they may have gaps open.
        if (hide) limit = guess;
        else if (unrendered !== undefined) limit = Math.max(guess, unrendered);
        if (limit !== undefined && limit >= children.length) limit = undefined;
      }
      this.renderFrom(children, limit, unrendered ?? children.length);
      this.measured(change, {
        ...(through === undefined ? {} : { through }),
        ...(limit === undefined ? {} : { limit }),
      });
      const pending = this.pendingFrom;
      const stop = pending === undefined ? undefined : this.pagination?.starts[pending];
      // Done, unless it stopped at the unrendered blocks above the sheet wanted: then it renders more.
      if (
        pending === undefined ||
        limit === undefined ||
        pending < limit ||
        !stop ||
        stop.page > (through ?? 0)
      )
        return;
      change = { from: pending, to: pending, moved: 0, before: this.children };
    }
  }

  /** Lays out with the zoom's transform lifted. */
  private measured(change: Change | undefined, reach: Reach): void {
    // Measured at 100 %: the zoom's transform is lifted while the page view reads and opens its gaps (the
    // transform only draws, so the layout is the same and nothing is painted meanwhile), and every box read
    // is in the CSS pixels the pagination works in, with no rounding through a scale.
    const zoomed = this.paper.closest<HTMLElement>('[data-wx-zoom]');
    // At 100 % there is no transform to lift (zoom.css.ts).
    if (!zoomed || drawnScaleOf(this.paper) === 1) {
      this.layoutNow(change, reach);
      return;
    }
    zoomed.setAttribute(MEASURING_ATTRIBUTE, '');
    try {
      this.layoutNow(change, reach);
    } finally {
      zoomed.removeAttribute(MEASURING_ATTRIBUTE);
    }
  }

  /** `change`: the blocks from `from` to `to` changed; none: every block, with no gap open. */
  private layoutNow(change: Change | undefined, reach: Reach): void {
    const children = Array.from(this.root.children);
    const previous = this.pagination;
    const previousTops = this.tops;
    // The changed blocks are measured without their old gaps: those were cut for the text they had.
    if (change)
      for (let i = change.from; i <= change.to && i < children.length; i += 1)
        this.remove(children[i] as Element);
    // So are the blocks the last layout left for later, which keep the gaps they had until then (the
    // frame after a long paste lays them out as they stood, rather than all anew): the gaps above them
    // are counted as the first one's start says, without theirs.
    if (change && previous?.pending !== undefined)
      for (let i = Math.max(0, previous.pending + change.moved); i < children.length; i += 1)
        this.remove(children[i] as Element);
    // The page view's zoom (useZoom) scales every box the browser reports; the pagination is in CSS pixels
    // at 100 %, so what is measured is divided by the scale, read here once per layout.
    const scale = drawnScaleOf(this.paper);
    const paddingTop = Number.parseFloat(getComputedStyle(this.paper).paddingTop) || 0;
    const rootTop = this.paper.getBoundingClientRect().top + (this.paper.clientTop + paddingTop) * scale;
    // (The blocks left for later have no gaps: the gaps above them are the first one's.)
    const startOffset = (i: number) =>
      previous?.starts[previous.pending === undefined ? i : Math.min(i, previous.pending)]?.offset ?? 0;
    // The gaps the changed blocks had before: gone with them, so the blocks below stand that much higher.
    let removed = 0;
    if (change && previous)
      for (let j = change.from; j <= change.to - change.moved; j += 1)
        for (const gap of previous.gaps.get(j) ?? []) removed += gap.size;
    /** The gaps open above block `i` as it is measured. */
    const above = (i: number) => {
      if (!change) return 0;
      if (i < change.from) return startOffset(i);
      if (i <= change.to) return startOffset(change.from);
      return startOffset(i - change.moved) - removed;
    };
    // Measured when asked: the pagination reads only the blocks from the sheet of the change down to the
    // first that lands where it did before, and a block's box is a layout query the browser answers anew
    // for each (about 3,000 of them on 100 pages, more than a keystroke may spend).
    /** The tables whose rows the pagination measured (the ones it may cut). */
    const rowsOf = new Map<Element, MeasuredRows>();
    const paper = this.paper;
    const noteHeights = this.noteHeights;
    const blockAt = (element: Element, i: number): MeasuredBlock => {
      let box: { top: number; height: number } | undefined;
      const measure = () => {
        if (box) return box;
        const rect = element.getBoundingClientRect();
        const applied = this.applied.get(element);
        let marginGap = applied?.how === 'margin' ? (applied.gaps[0]?.size ?? 0) : 0;
        let bandTotal = applied?.how === 'band' ? applied.gaps.reduce((sum, gap) => sum + gap.size, 0) : 0;
        if (applied?.how === 'rows')
          for (const gap of applied.gaps) {
            if (gap.at === 0) marginGap += gap.size;
            else bandTotal += gap.size;
          }
        box = {
          top: (rect.top - rootTop) / scale - above(i) - marginGap,
          height: rect.height / scale - bandTotal,
        };
        return box;
      };
      let whole: boolean | undefined;
      const isWhole = () => {
        whole ??= element.matches(WHOLE_SELECTOR);
        return whole;
      };
      const applied = () => this.applied.get(element);
      const table = isTable(element);
      return {
        get top() {
          return measure().top;
        },
        get height() {
          return measure().height;
        },
        get kind() {
          return table ? 'rows' : isWhole() ? 'whole' : 'lines';
        },
        get lines() {
          if (table)
            return () => {
              const measured = measureRows(element, paper, applied(), scale);
              rowsOf.set(element, measured);
              return measured.lines;
            };
          return isWhole()
            ? undefined
            : () => lineBoxes(element as HTMLElement, applied(), scale, noteHeights);
        },
        get footnotes() {
          return footnotesIn(element, noteHeights);
        },
        get repeatsHeader() {
          return table && repeatsHeader(element);
        },
        get keepWithNext() {
          return element.matches(HEADING_SELECTOR);
        },
        get breakBefore() {
          return BREAK_BEFORE(element);
        },
        get pageBreak() {
          return element.matches('[data-wx-page-break]');
        },
      } satisfies MeasuredBlock;
    };
    const blocks = lazyList(children, blockAt);
    const since =
      change && previous
        ? { previous, previousTops, from: change.from, to: Math.min(change.to, children.length - 1) }
        : undefined;
    const next = paginate(blocks, this.geometry, since, reach);
    const { from, until, shift } = next.laidOut;
    // Open the gaps that changed; take away the ones no longer wanted. Outside what was laid out anew the
    // gaps are the ones already open (the blocks above the change, and those below it that did not move).
    // Everything is read first and written after: a read after a write makes the browser lay the whole
    // document out again to answer it, once per block (a paste of twenty pages at the top opens hundreds).
    const writes: Array<() => void> = [];
    for (let i = from; i < until; i += 1) {
      const element = children[i] as HTMLElement;
      const gaps = next.gaps.get(i);
      const applied = this.applied.get(element);
      if (!gaps) {
        if (applied) writes.push(() => this.remove(element));
        continue;
      }
      const block = blocks[i] as MeasuredBlock;
      const how = block.kind === 'whole' ? 'margin' : block.kind === 'rows' ? 'rows' : 'band';
      if (applied && applied.how === how && sameGaps(applied.gaps, gaps)) continue;
      // A block moved whole or a table: its own top margin and the room above it, under the gap's.
      const natural = how === 'band' ? undefined : (applied?.natural ?? marginAbove(element, scale));
      if (how === 'rows' && isTable(element)) {
        const before = gaps.filter((gap) => gap.at === 0);
        // Where the table's border box stands on the paper with the gaps above it and before it open.
        const top =
          paddingTop +
          block.top +
          (next.starts[i]?.offset ?? 0) +
          before.reduce((sum, gap) => sum + gap.size, 0);
        const measured =
          before.length < gaps.length
            ? (rowsOf.get(element) ?? measureRows(element, this.paper, applied, scale))
            : undefined;
        writes.push(() => {
          if (applied) this.remove(element);
          if (before.length > 0 && natural) pushDown(element, before, natural);
          const cuts = measured
            ? applyCuts(element, gaps, measured, repeatsLayer(this.paper, this.root), top)
            : undefined;
          this.applied.set(element, { gaps, how, natural, ...(cuts ? { cuts } : {}) });
        });
        continue;
      }
      const contentTop = how === 'band' ? contentTopOf(element) : 0;
      writes.push(() => {
        if (applied) this.remove(element);
        if (natural) pushDown(element, gaps, natural);
        else openBand(element, gaps, contentTop);
        this.applied.set(element, { gaps, how, natural });
      });
    }
    for (const write of writes) write();
    // The natural tops, for the next change: read where laid out, kept above, shifted below.
    const moved = change ? change.moved : 0;
    const tops = new Array<number>(children.length);
    for (let i = 0; i < children.length; i += 1) {
      if (i >= from && i < until) tops[i] = (blocks[i] as MeasuredBlock).top;
      else if (i < from && previous && previousTops[i] !== undefined) tops[i] = previousTops[i] as number;
      else if (next.pending !== undefined && i >= next.pending)
        tops[i] = Number.NaN; // not laid out yet: unknown until `finish`
      else if (i >= until && previousTops[i - moved] !== undefined)
        tops[i] = (previousTops[i - moved] as number) + shift;
      else tops[i] = (blocks[i] as MeasuredBlock).top;
    }
    this.pendingFrom = next.pending;
    if (next.pending === undefined) this.counted = next.pageCount;
    // The average height of the blocks laid out, for the guesses about those not yet.
    const known = next.pending ?? children.length;
    const lastKnown = tops[known - 1];
    if (known > 1 && lastKnown !== undefined && Number.isFinite(lastKnown) && lastKnown > 0)
      this.blockHeight = Math.max(MIN_BLOCK_PX, lastKnown / (known - 1));
    this.pagination = next;
    this.children = children;
    this.tops = tops;
  }

  private remove(element: Element): void {
    const applied = this.applied.get(element);
    if (!applied) return;
    unapply(element as HTMLElement, applied);
    this.applied.delete(element);
  }
}

/**
 * `items` mapped by `make`, each item made when it is first read: the pagination reads a few blocks around
 * a keystroke, and making an object for each of thousands of blocks on every keystroke cost more than the
 * pagination itself.
 */
function lazyList<T, U>(items: readonly T[], make: (item: T, index: number) => U): readonly U[] {
  const made: U[] = [];
  return new Proxy(made, {
    get(target, key, receiver) {
      if (key === 'length') return items.length;
      const index = typeof key === 'string' ? Number(key) : Number.NaN;
      if (Number.isInteger(index) && index >= 0) {
        if (index >= items.length) return undefined;
        if (!(index in target)) target[index] = make(items[index] as T, index);
        return target[index];
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

/**
 * A block's top margin, and the room between it and the block above (their margins collapsed into the
 * larger), read before a gap is added to it.
 */
function marginAbove(element: Element, scale: number): { margin: number; spacing: number } {
  const margin = Number.parseFloat(getComputedStyle(element).marginTop) || 0;
  const above = element.previousElementSibling;
  // The first block, or one under a block that is not drawn: only its own margin.
  if (!above || above.getClientRects().length === 0) return { margin, spacing: margin };
  const spacing = (element.getBoundingClientRect().top - above.getBoundingClientRect().bottom) / scale;
  return { margin, spacing: Math.max(margin, spacing) };
}

/** How far below its border top a block's content starts (its border and padding): where its float is. */
function contentTopOf(element: Element): number {
  return element.clientTop + (Number.parseFloat(getComputedStyle(element).paddingTop) || 0);
}

/** Gaps that differ by less are the same (a layout unit): a gap kept a little off moves every sheet below. */
const SAME = 1 / 64;

const sameGaps = (a: readonly BlockGap[], b: readonly BlockGap[]) =>
  a.length === b.length &&
  a.every(
    (gap, i) =>
      Math.abs(gap.at - (b[i] as BlockGap).at) < SAME &&
      Math.abs(gap.size - (b[i] as BlockGap).size) < SAME &&
      Math.abs((gap.repeat ?? 0) - ((b[i] as BlockGap).repeat ?? 0)) < SAME &&
      Math.abs((gap.drawn ?? 0) - ((b[i] as BlockGap).drawn ?? 0)) < SAME,
  );

/**
 * Below where a band ends, the line it moves is drawn: a band ends this much short of the whole pixels it
 * opens, so that Chromium, which moves the line past it a pixel at a time from where it stood, stops after
 * exactly that many (one more would be a pixel too low on every sheet below), while a browser that moves it
 * just past the band leaves it this much high.
 */
const BAND_SLACK = 1 / 32;

/**
 * The band shape, in the float's space (from the block's content top, `contentTop` below its border top):
 * each gap a full-width strip from the line boundary where it opens to just short of where the line that
 * goes over is to be drawn, the strips joined down the left edge (a strip of no width).
 */
function bandShape(gaps: readonly BlockGap[], contentTop: number): { height: number; shape: string } {
  const only = gaps[0] as BlockGap;
  // One gap before the block's first line (a block moved whole): the float itself is the band, which the
  // browser lays lines below exactly, and the cheapest to lay out.
  if (gaps.length === 1 && only.at === 0 && !only.drawn) return { height: only.size, shape: 'none' };
  const points: string[] = [];
  let opened = 0;
  let first = 0;
  let bottom = 0;
  for (const gap of gaps) {
    const top = Math.max(0, gap.at + opened - contentTop);
    if (opened === 0) first = top;
    // Where the line that goes over is drawn (the first one at the content's top).
    const line = Math.max(gap.at + (gap.drawn ?? 0), contentTop);
    bottom = Math.max(top, line + opened + gap.size - contentTop - BAND_SLACK);
    points.push(`0 ${top}px`, `100% ${top}px`, `100% ${bottom}px`, `0 ${bottom}px`);
    opened += gap.size;
  }
  // One gap (nearly every cut block): the band is the float's box less its top, a rectangle the browser
  // lays lines around far faster than around a polygon.
  if (gaps.length === 1) return { height: bottom, shape: `inset(${first}px 0 0 0)` };
  return { height: bottom, shape: `polygon(${points.join(', ')})` };
}

/** Moves a block whole (or a table, before its first row) down by its gap, through its top margin. */
function pushDown(
  element: HTMLElement,
  gaps: readonly BlockGap[],
  /** Its top margin with no gap, and the room between it and the block above then. */
  natural: { margin: number; spacing: number },
): void {
  // The natural margin is kept for print, where the browser makes its own pages and wants no gaps. The
  // margin with the gap adds it to the room the block had, not to its own margin: the block above may
  // have left more, and the two margins collapse into the larger.
  element.setAttribute('data-wx-page-push', '');
  element.style.setProperty('--wx-page-natural-mt', `${natural.margin}px`);
  element.style.setProperty('margin-top', `${natural.spacing + (gaps[0]?.size ?? 0)}px`);
}

/** Opens a block's gaps as bands its lines go below. */
function openBand(element: HTMLElement, gaps: readonly BlockGap[], contentTop: number): void {
  const { height, shape } = bandShape(gaps, contentTop);
  element.setAttribute('data-wx-page-gap', '');
  element.style.setProperty('--wx-page-gap-h', `${height}px`);
  element.style.setProperty('--wx-page-gap-shape', shape);
}

function unapply(element: HTMLElement, applied: Applied): void {
  if (applied.how === 'rows' && isTable(element)) removeCuts(element, applied.cuts);
  if (applied.how === 'margin' || applied.how === 'rows') {
    element.removeAttribute('data-wx-page-push');
    element.style.removeProperty('--wx-page-natural-mt');
    element.style.removeProperty('margin-top');
    return;
  }
  element.removeAttribute('data-wx-page-gap');
  element.style.removeProperty('--wx-page-gap-h');
  element.style.removeProperty('--wx-page-gap-shape');
}

/**
 * A block's line boxes, natural (its gaps taken out), from its top: the rectangles of its text grouped by
 * line, each line's box reaching halfway to the next line's text, the first from the block's top and the
 * last to its bottom, so that the boxes tile the block.
 */
export function lineBoxes(
  element: HTMLElement,
  applied?: { gaps: readonly BlockGap[] },
  /** The zoom the block is drawn at (its boxes come scaled by it; lines are in CSS pixels at 100 %). */
  scale = 1,
  /** The footnotes' heights: each line holding markers says how much room their notes take. */
  noteHeights?: NoteHeights,
): LineBox[] {
  const box = element.getBoundingClientRect();
  // Where the first line is drawn: the top of the block's content box.
  const contentTop = contentTopOf(element);
  const rows: Array<{ top: number; bottom: number }> = [];
  const add = (rect: DOMRect) => {
    if (rect.height <= 0 || rect.width <= 0) return;
    const top = (rect.top - box.top) / scale;
    const bottom = (rect.bottom - box.top) / scale;
    const row = rows.find((r) => top < r.bottom - 1 && bottom > r.top + 1);
    if (row) {
      row.top = Math.min(row.top, top);
      row.bottom = Math.max(row.bottom, bottom);
    } else rows.push({ top, bottom });
  };
  // A footnote's marker is raised above its line: it would make the line seem to start higher.
  for (const rect of contentRects(element, FOOTNOTE_MARKER_SELECTOR)) add(rect);
  rows.sort((a, b) => a.top - b.top);
  if (rows.length === 0) return [{ start: 0, end: box.height / scale }];
  // Laid-out positions back to natural ones: take away the bands above each row.
  let bands: Array<{ top: number; size: number }> = [];
  if (applied) {
    let opened = 0;
    bands = applied.gaps.map((gap) => {
      const band = { top: gap.at + opened, size: gap.size };
      opened += gap.size;
      return band;
    });
  }
  const natural = (y: number) =>
    y - bands.filter((band) => band.top + band.size <= y + 0.5).reduce((sum, band) => sum + band.size, 0);
  const total = box.height / scale - bands.reduce((sum, band) => sum + band.size, 0);
  const lines: LineBox[] = [];
  // A line is drawn as far from its text's top as the first one is from the content's top (the half-leading
  // of lines of one size); it is somewhere between the boundary with the line above and its text's foot.
  const leading = natural((rows[0] as { top: number }).top) - contentTop;
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as { top: number; bottom: number };
    const start = i === 0 ? 0 : (lines[i - 1] as LineBox).end;
    const next = rows[i + 1];
    const end = next ? (natural(row.bottom) + natural(next.top)) / 2 : total;
    const line: LineBox = { start, end: Math.max(end, start) };
    const drawn = Math.min(natural(row.top) - leading, natural(row.bottom));
    if (i > 0 && drawn > start) line.top = drawn;
    lines.push(line);
  }
  // A list's items are paragraphs of their own: the row each item's first line is on opens one.
  for (const item of Array.from(element.querySelectorAll('li'))) {
    const first = contentRects(item).find((rect) => rect.height > 0 && rect.width > 0);
    if (!first) continue;
    const top = (first.top - box.top) / scale;
    const index = rows.findIndex((row) => top < row.bottom - 1 && top + first.height / scale > row.top + 1);
    if (index > 0) (lines[index] as LineBox).paragraphStart = true;
  }
  if (noteHeights && noteHeights.size > 0)
    for (const marker of Array.from(element.querySelectorAll<HTMLElement>(FOOTNOTE_MARKER_SELECTOR))) {
      const height = noteHeights.get(marker.dataset.footnoteId ?? '') ?? 0;
      const rect = marker.getBoundingClientRect();
      if (!(height > 0) || rect.height <= 0) continue;
      // The line the marker's middle is on.
      const middle = (rect.top + rect.height / 2 - box.top) / scale;
      let index = rows.findIndex((row) => middle < row.bottom);
      if (index < 0) index = rows.length - 1;
      const line = lines[index] as LineBox;
      line.notes = (line.notes ?? 0) + height;
    }
  return lines;
}

/**
 * The rectangles of what a block shows as lines: its text, a line at a time, and its pictures. (A range
 * over the whole block would also give the boxes of the blocks inside it, a list item or a cell, each as
 * tall as several lines.)
 */
export function contentRects(
  element: Element,
  /** Elements whose text is left out. */
  except?: string,
): DOMRect[] {
  const rects: DOMRect[] = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (!node.nodeValue) continue;
      if (except && node.parentElement?.closest(except)) continue;
      range.selectNodeContents(node);
      rects.push(...Array.from(range.getClientRects()));
    } else if ((node as Element).localName === 'img') rects.push((node as Element).getBoundingClientRect());
  }
  return rects;
}
