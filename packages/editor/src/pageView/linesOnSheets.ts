/**
 * What the page view's stories check it by: the lines of text as they are drawn, against the text areas of
 * the sheets drawn behind them, at whatever zoom the paper is drawn.
 */
import { drawnScaleOf } from './drawnScale';
import { PENDING_ATTRIBUTE } from './PageViewPlugin';

interface Band {
  top: number;
  bottom: number;
}

/** The text area of each sheet drawn behind the paper: the sheet less the page's margins, as drawn. */
export function textAreas(paper: HTMLElement): Band[] {
  const scale = drawnScaleOf(paper);
  const style = getComputedStyle(paper);
  const top = Number.parseFloat(style.paddingTop) * scale;
  const bottom = Number.parseFloat(style.paddingBottom) * scale;
  return Array.from(paper.querySelectorAll('[data-wx-sheets] > div'), (sheet) => {
    const rect = sheet.getBoundingClientRect();
    return { top: rect.top + top, bottom: rect.bottom - bottom };
  });
}

/**
 * The lines of text in `element` as drawn, and its pictures: each rectangle of its text, cut to its line's
 * height. Type set tighter than its font's ascent and descent (a heading, at a line height of 1.15) has
 * rectangles taller than its lines: they reach a few pixels above the line, where its glyphs do not.
 */
export function textLines(element: HTMLElement): Band[] {
  const scale = drawnScaleOf(element);
  const lines: Band[] = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof HTMLImageElement) {
      const { top, bottom } = node.getBoundingClientRect();
      lines.push({ top, bottom });
      continue;
    }
    if (node.nodeType !== Node.TEXT_NODE || !node.nodeValue || !node.parentElement) continue;
    const lineHeight = Number.parseFloat(getComputedStyle(node.parentElement).lineHeight) * scale;
    range.selectNodeContents(node);
    for (const rect of Array.from(range.getClientRects())) {
      if (rect.width < 1) continue;
      const over = lineHeight > 0 ? Math.max(0, rect.height - lineHeight) / 2 : 0;
      lines.push({ top: rect.top + over, bottom: rect.bottom - over });
    }
  }
  return lines;
}

/**
 * The lines of the paper's text drawn outside every sheet's text area (in a margin or on the desk between
 * sheets), as "top–bottom"; only those that cross `within` when it is given (the part in view).
 */
export function linesOutsideTextAreas(
  paper: HTMLElement,
  within?: Band,
): { sheets: number; outside: string[] } {
  const areas = textAreas(paper);
  // Half a pixel of rounding on either side of a line, and the pixel a line moved to a sheet may stand
  // below its text top (pageLayout.ts), drawn at the zoom.
  const slack = 1.5 * Math.max(1, drawnScaleOf(paper));
  // The whole paper is read only once every sheet is laid out (the ones below those in view wait for
  // the browser to be idle): until then, it says so.
  const outside: string[] = !within && paper.hasAttribute(PENDING_ATTRIBUTE) ? ['sheets pending'] : [];
  for (const line of textLines(paper.querySelector('[data-lexical-editor]') as HTMLElement)) {
    if (line.bottom - line.top < 2) continue;
    if (within && (line.bottom < within.top || line.top > within.bottom)) continue;
    if (!areas.some((area) => line.top >= area.top - slack && line.bottom <= area.bottom + slack))
      outside.push(`${Math.round(line.top)}–${Math.round(line.bottom)}`);
  }
  return { sheets: areas.length, outside };
}

/**
 * What a page gap moved to a sheet and does not stand at its text top: the line of a paragraph that goes
 * on from the sheet before, a block moved whole (its first line, or its box for a table or a picture).
 * Each gap is sized from where the blocks above stand; one that opens a little more or less than it says
 * moves every sheet below, and over a long document the text creeps into the margins.
 */
export function movedOffTextTops(paper: HTMLElement): string[] {
  const areas = textAreas(paper);
  const scale = drawnScaleOf(paper);
  /** The sheet whose text area `y` stands in (a line's box may reach a little above it), or -1. */
  const sheetOf = (y: number) => areas.findIndex((area) => y >= area.top - 8 * scale && y < area.bottom);
  const off: string[] = [];
  const check = (what: string, top: number) => {
    const area = areas[sheetOf(top)];
    const below = area ? (top - area.top) / scale : Number.NaN;
    // Up to a pixel below: a gap that moves lines opens whole pixels (pageLayout.ts).
    if (!(below >= -0.5 && below <= 1.5))
      off.push(`${what}: ${Number.isNaN(below) ? 'off every sheet' : `${below.toFixed(1)} px`}`);
  };
  if (paper.hasAttribute(PENDING_ATTRIBUTE)) off.push('sheets pending');
  const root = paper.querySelector('[data-lexical-editor]') as HTMLElement;
  Array.from(root.children).forEach((block, index) => {
    const element = block as HTMLElement;
    if (element.hasAttribute('data-wx-page-push'))
      check(`block ${index}`, element.getBoundingClientRect().top);
    if (!element.hasAttribute('data-wx-page-gap')) return;
    // A block moved whole by a band of its own: its first line starts the sheet.
    const movedWhole = element.style.getPropertyValue('--wx-page-gap-shape') === 'none';
    const lines = textLines(element).sort((a, b) => a.top - b.top);
    lines.forEach((line, n) => {
      const before = lines[n - 1];
      // A line on another sheet than the line above it.
      const wentOver = before ? sheetOf(before.top) !== sheetOf(line.top) : movedWhole;
      if (wentOver) check(`block ${index} line ${n}`, line.top);
    });
  });
  return off;
}
