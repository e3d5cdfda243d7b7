/** Footnote numbers: by the markers' places in the text. */
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

export function createFootnoteId(): string {
  return `${FOOTNOTE_ID_PREFIX}${crypto.randomUUID()}`;
}
