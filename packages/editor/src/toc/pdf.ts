import type { Block, Run } from '../files/pdf/blocks';
import {
  Flow,
  headingsAwaiting,
  type Item,
  type PageGeometry,
  type PageSurface,
} from '../files/pdf/pagination';
import type { Painter } from '../files/pdf/painter';
import type { Style } from '../files/pdf/styles';
import { t } from '../i18n/zh-CN';
import { type HeadingRef, matchEntries, type TocEntry, type TocLevel } from './entries';

/*
 * A table of contents in the PDF, with the PDF's own page numbers. The table usually comes before the
 * headings it lists, so their pages are known only once the document is laid out: the export lays it out
 * once without drawing (pagesOfBlocks), reads the page each heading starts on, fills the numbers in, then
 * lays it out for real. One such pass is enough because the table's height does not depend on the
 * numbers: each entry is exactly one line (its text cut with … to leave room for the widest number), so
 * filling them in moves nothing.
 */

/** The table as the PDF's block: its entries, and runs of the text it prints (for the fonts to load). */
export interface TocBlock {
  kind: 'toc';
  entries: TocEntry[];
  runs: Run[];
}

export function tocBlock(entries: TocEntry[]): TocBlock {
  return {
    kind: 'toc',
    entries,
    runs: [{ text: t.toc.title, bold: true }, { text: `${entries.map((e) => e.text).join('')}0123456789.…` }],
  };
}

/** The room kept for a page number: the width of "9999". */
const NUMBER_ROOM = '9999';
const LEADER_GAP = 4;
const INDENT_EM = 2;

/** The table's flow items: its title, then one line per entry with a dotted leader to its page number. */
export function tocItems(
  painter: Painter,
  block: TocBlock,
  base: Style,
  width: number,
  lineHeight: number,
): Item[] {
  const height = base.size * lineHeight;
  const baseline = (height - base.size) / 2 + base.size * 0.88;
  const titleStyle: Style = { ...base, font: 'bold', size: base.size * 1.25 };
  const titleHeight = titleStyle.size * lineHeight;
  const items: Item[] = [
    {
      height: titleHeight,
      spaceBefore: base.size * 0.8,
      notes: [],
      keepWithNext: true,
      draw: (x, y) => {
        const w = painter.measure(titleStyle, t.toc.title);
        painter.label(
          t.toc.title,
          x + (width - w) / 2,
          y + (titleHeight - titleStyle.size) / 2 + titleStyle.size * 0.88,
          titleStyle,
        );
      },
    },
  ];
  const room = painter.measure(base, NUMBER_ROOM);
  const dot = painter.measure(base, '.');
  for (const entry of block.entries) {
    const indent = (entry.level - 1) * INDENT_EM * base.size;
    const textRoom = Math.max(base.size, width - indent - room - LEADER_GAP * 2 - dot * 3);
    const text = fitted(painter, base, entry.text, textRoom);
    items.push({
      height,
      spaceBefore: 2,
      notes: [],
      draw: (x, y) => {
        const textWidth = painter.measure(base, text);
        painter.label(text, x + indent, y + baseline, base);
        const number = entry.page === undefined ? '' : String(entry.page);
        const numberWidth = painter.measure(base, number);
        painter.label(number, x + width - numberWidth, y + baseline, base);
        const from = x + indent + textWidth + LEADER_GAP;
        const to = x + width - Math.max(numberWidth, 0) - LEADER_GAP;
        const dots = Math.floor((to - from) / dot);
        if (dots > 0) painter.label('.'.repeat(dots), to - dots * dot, y + baseline, base);
      },
    });
  }
  return items;
}

/** The text cut with … to fit `room` points, on one line. */
function fitted(painter: Painter, style: Style, text: string, room: number): string {
  if (painter.measure(style, text) <= room) return text;
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (painter.measure(style, `${chars.slice(0, mid).join('')}…`) <= room) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('')}…`;
}

/**
 * The page (1 is the first) each block starts on, laid out as the export lays it out but drawing nothing:
 * the same items through the same flow, on pages that are only counted.
 */
export function pagesOfBlocks(
  blocks: readonly Block[],
  itemsOf: (block: Block) => Item[],
  page: PageGeometry,
): Array<number | undefined> {
  let current = 1;
  const surface: PageSurface = { addPage: () => void current++, drawNotes: () => {} };
  const flow = new Flow(surface, page);
  const pages: Array<number | undefined> = [];
  const quiet = (item: Item, index: number): Item => {
    const copy: Item = {
      ...item,
      draw: () => {
        pages[index] ??= current;
      },
    };
    if (item.repeatAfterBreak) copy.repeatAfterBreak = { ...item.repeatAfterBreak, draw: () => {} };
    return copy;
  };
  let pending: Item[] = [];
  blocks.forEach((block, i) => {
    const items = itemsOf(block).map((item) => quiet(item, i));
    if ('breakBefore' in block && block.breakBefore && items[0]) items[0].breakBefore = true;
    pending.push(...items);
    const keep = i < blocks.length - 1 ? 1 + headingsAwaiting(pending) : 0;
    while (pending.length > keep) flow.place(pending.shift() as Item, pending[0], pending.slice(1));
  });
  for (let i = 0; i < pending.length; i++)
    flow.place(pending[i] as Item, pending[i + 1], pending.slice(i + 2));
  pending = [];
  return pages;
}

const runsText = (runs: readonly Run[]) => runs.map((r) => r.text).join('');

/** Fills every table's page numbers from the pages the headings (1–3) start on. */
export function fillTocPages(blocks: Block[], pages: ReadonlyArray<number | undefined>): void {
  const headings: HeadingRef<number>[] = [];
  blocks.forEach((block, i) => {
    if (block.kind === 'heading' && (block.level ?? 1) <= 3)
      headings.push({ key: i, text: runsText(block.runs), level: (block.level ?? 1) as TocLevel });
  });
  for (const block of blocks) {
    if (block.kind !== 'toc') continue;
    const matched = matchEntries(block.entries, headings);
    block.entries = block.entries.map((entry, i) => {
      const heading = matched[i];
      const page = heading ? pages[heading.key] : undefined;
      const { page: _old, ...rest } = entry;
      return page === undefined ? rest : { ...rest, page };
    });
  }
}
