/** Footnote numbers and the layout of the notes beside the paper (spec 02 §4, §9). */
export const FOOTNOTE_NOTE_WIDTH = 260;
export const FOOTNOTE_NOTE_GAP = 8;
export const FOOTNOTE_NOTE_MIN_HEIGHT = 72;
export const FOOTNOTE_ID_PREFIX = 'fn-';

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳';

/** 1–20 as circled digits (①…⑳), beyond that [n]. */
export function footnoteMarker(n: number): string {
  if (Number.isInteger(n) && n >= 1 && n <= 20) return Array.from(CIRCLED)[n - 1] ?? `[${n}]`;
  return `[${n}]`;
}

export interface PositionedFootnote {
  id: string;
  /** Where the marker sits, in px from the top of the paper. */
  top: number;
  /** Document order, the tie-breaker for markers on one line. */
  order: number;
}

/** Numbers by vertical position (then document order on the same line): id → 1-based number. */
export function numberFootnotes(notes: readonly PositionedFootnote[]): Map<string, number> {
  const sorted = [...notes].sort((a, b) => (Math.abs(a.top - b.top) < 1 ? a.order - b.order : a.top - b.top));
  return new Map(sorted.map((note, index) => [note.id, index + 1]));
}

/**
 * Tops of the floating notes: each wants to sit level with its marker, but never overlaps the one above
 * (height at least the minimum, plus the gap). `heights` are the measured heights by id.
 */
export function layoutFootnoteNotes(
  notes: readonly PositionedFootnote[],
  heights: ReadonlyMap<string, number>,
): Map<string, number> {
  const numbers = numberFootnotes(notes);
  const ordered = [...notes].sort((a, b) => (numbers.get(a.id) ?? 0) - (numbers.get(b.id) ?? 0));
  const tops = new Map<string, number>();
  let floor = Number.NEGATIVE_INFINITY;
  for (const note of ordered) {
    const top = Math.max(note.top, floor);
    tops.set(note.id, top);
    floor = top + Math.max(FOOTNOTE_NOTE_MIN_HEIGHT, heights.get(note.id) ?? 0) + FOOTNOTE_NOTE_GAP;
  }
  return tops;
}

export function createFootnoteId(): string {
  return `${FOOTNOTE_ID_PREFIX}${crypto.randomUUID()}`;
}
