import type { Painter, TextLine } from './painter';

/**
 * The page: its geometry, and the flow that fills pages with laid-out items top to bottom, a footnote at the
 * foot of the page its marker is on.
 */

// Page geometry, in points: A4 with Word's default Chinese margins (2.54 cm top and bottom, 3.17 cm sides).
export const PAGE = { width: 595.28, height: 841.89, top: 72, bottom: 72, left: 90, right: 90 } as const;
/** A page's size and margins in points: the document's page setup (pages/pageSetup.ts), else PAGE. */
export interface PageGeometry {
  width: number;
  height: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
}
export const CONTENT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
export const CONTENT_BOTTOM = PAGE.height - PAGE.bottom;
/** The tallest a picture or a table row may be: a page's text area, less a little room. */
export const MAX_ITEM_HEIGHT = CONTENT_BOTTOM - PAGE.top - 24;

/** A laid-out piece of the flow: a line, a picture, a table row. Drawn with its top at y. */
export interface Item {
  height: number;
  spaceBefore: number;
  /**
   * 段后: room below the item before the next one on its page. The gap between two items is the larger of
   * the one's 段后 and the other's 段前, as the editor's margins collapse; at a page's top there is none.
   */
  spaceAfter?: number;
  /** Footnotes whose markers are in this item: they go to the foot of the same page. */
  notes: Note[];
  keepWithNext?: boolean;
  /**
   * The line after this one that must stand on the same page: a paragraph's first line keeps with its
   * second (no orphan at a page's foot), its last but one with its last (no widow at the next one's top).
   */
  keepsWith?: Item;
  /** A table's header row, drawn again at the top of a page that this row starts. */
  repeatAfterBreak?: Item;
  /** 分页符: nothing drawn; what follows starts a new page, even after an empty one. */
  pageBreak?: boolean;
  /** 段前分页: this item starts a page unless it is at the top of one already. */
  breakBefore?: boolean;
  draw(x: number, y: number): void;
}

export interface Note {
  marker: string;
  lines: TextLine[];
  height: number;
}

/** The room a page's footnotes take at its foot, with the rule above them. */
export const notesHeight = (notes: readonly Note[]): number =>
  notes.length === 0 ? 0 : 14 + notes.reduce((h, n) => h + n.height, 0);

/** What the flow does to the document: start a page, draw a page's notes. */
export interface PageSurface {
  addPage(): void;
  drawNotes(notes: readonly Note[]): void;
}

/** A painter's page surface: new pages in the document, the notes under a short rule. */
export function paintedPages(painter: Painter, page: PageGeometry = PAGE): PageSurface {
  const contentWidth = page.width - page.left - page.right;
  return {
    addPage: () => void painter.doc.addPage(),
    drawNotes: (notes) => {
      let top = page.height - page.bottom - notesHeight(notes) + 8;
      painter.rule(page.left, top - 4, contentWidth / 3);
      for (const note of notes) {
        for (const line of note.lines) {
          painter.drawLine(line, page.left, top, 'left', contentWidth);
          top += line.height;
        }
      }
    },
  };
}

/**
 * The flow: items placed top to bottom; a new page when the next one (with its footnotes) does not fit.
 * A heading (keepWithNext) moves to the next page with the item after it; a table row that starts a page
 * brings the table's header row along.
 */
export class Flow {
  private y: number;
  private pageNotes: Note[] = [];
  private pageHasContent = false;
  private firstPage = true;
  /** The 段后 of the item placed last, on this page. */
  private spaceAfter = 0;
  private readonly contentBottom: number;

  constructor(
    private readonly surface: PageSurface,
    private readonly page: PageGeometry = PAGE,
  ) {
    this.y = page.top;
    this.contentBottom = page.height - page.bottom;
  }

  /**
   * Places an item; `next` is the one after it, when it is laid out already, and `later` those after that
   * (so that a heading over a heading goes over with both, and the lines they keep with).
   */
  place(item: Item, next: Item | undefined, later: readonly Item[] = []): void {
    if (item.pageBreak) {
      this.newPage();
      return;
    }
    if (item.breakBefore && this.pageHasContent) this.newPage();
    // The first page keeps its first block's space before (the page view's first margin does not collapse
    // into the sheet's); a later page's top drops it.
    const gap = this.pageHasContent
      ? Math.max(item.spaceBefore, this.spaceAfter)
      : this.firstPage
        ? item.spaceBefore
        : 0;
    let needed =
      gap + item.height + notesHeight([...this.pageNotes, ...item.notes]) - notesHeight(this.pageNotes);
    // What must go with it: the lines it keeps with, and after a heading the item after it with its own.
    const sequence = next ? [item, next, ...later] : [item];
    for (let j = 0; j + 1 < sequence.length; j += 1) {
      const kept = sequence[j] as Item;
      const follower = sequence[j + 1] as Item;
      if (kept.keepsWith !== follower && !kept.keepWithNext) break;
      needed += Math.max(follower.spaceBefore, kept.spaceAfter ?? 0) + follower.height;
    }
    if (this.pageHasContent && this.y + needed > this.contentBottom - notesHeight(this.pageNotes)) {
      this.newPage();
      if (item.repeatAfterBreak) {
        item.repeatAfterBreak.draw(this.page.left, this.y);
        this.y += item.repeatAfterBreak.height;
      }
    }
    this.y += this.pageHasContent || this.firstPage ? gap : 0;
    item.draw(this.page.left, this.y);
    this.y += item.height;
    this.spaceAfter = item.spaceAfter ?? 0;
    this.pageNotes.push(...item.notes);
    this.pageHasContent = true;
  }

  /** Draws the last page's footnotes: call once, after the last item. */
  end(): void {
    this.drawNotes();
  }

  private drawNotes(): void {
    if (this.pageNotes.length > 0) this.surface.drawNotes(this.pageNotes);
  }

  private newPage(): void {
    this.drawNotes();
    this.surface.addPage();
    this.firstPage = false;
    this.y = this.page.top;
    this.pageNotes = [];
    this.pageHasContent = false;
    this.spaceAfter = 0;
  }
}

/**
 * How many headings stand just before the last pending item, each waiting for what follows it: they are
 * held back until it is laid out, so that a heading over a heading keeps with the text under both.
 */
export function headingsAwaiting(pending: readonly Item[]): number {
  let count = 0;
  while (count + 1 < pending.length && pending[pending.length - 2 - count]?.keepWithNext) count += 1;
  return count;
}
