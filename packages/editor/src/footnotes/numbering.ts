/** Note numbers: by the markers' places in the text, written in the number style chosen per kind. */
export const FOOTNOTE_ID_PREFIX = 'fn-';

/** A note's kind: a footnote (脚注) under its page's text, an endnote (尾注) at the document's end. */
export type NoteKind = 'footnote' | 'endnote';
export const NOTE_KINDS: readonly NoteKind[] = ['footnote', 'endnote'];

/** How a kind's notes are numbered: ①②③, 1 2 3, i ii iii or * † ‡. */
export type NoteNumberFormat = 'circled' | 'decimal' | 'lowerRoman' | 'symbol';
export const NOTE_NUMBER_FORMATS: readonly NoteNumberFormat[] = [
  'circled',
  'decimal',
  'lowerRoman',
  'symbol',
];

export const isNoteNumberFormat = (value: unknown): value is NoteNumberFormat =>
  typeof value === 'string' && (NOTE_NUMBER_FORMATS as readonly string[]).includes(value);

const CIRCLED = Array.from('①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳');
const SYMBOLS = ['*', '†', '‡', '§'];
/** Symbols double, then triple… up to this many: `*****` is still readable, longer rows are not. */
const MAX_SYMBOL_REPEAT = 5;
const ROMAN: ReadonlyArray<[number, string]> = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

/** 1–3999 in lower-case Roman numerals. */
function lowerRoman(n: number): string {
  let rest = n;
  let out = '';
  for (const [value, digits] of ROMAN) {
    while (rest >= value) {
      out += digits;
      rest -= value;
    }
  }
  return out;
}

/**
 * A note's number in its style. Each style has a range it can write; beyond it (and for a number that is
 * not a positive integer) the number is written `[n]`, so two notes never look alike:
 * - circled: ①…⑳ (Unicode has single circled digits up to 20), then [21], [22]…
 * - decimal: 1, 2, 3… without limit;
 * - lowerRoman: i, ii, iii… up to mmmcmxcix (3999), then [4000]…
 * - symbol: * † ‡ §, then ** †† ‡‡ §§, *** … up to five of each (20 notes), then [21]…
 */
export function noteMarker(n: number, format: NoteNumberFormat = 'circled'): string {
  if (!Number.isInteger(n) || n < 1) return `[${n}]`;
  switch (format) {
    case 'decimal':
      return String(n);
    case 'lowerRoman':
      return n < 4000 ? lowerRoman(n) : `[${n}]`;
    case 'symbol': {
      const repeat = Math.ceil(n / SYMBOLS.length);
      const symbol = SYMBOLS[(n - 1) % SYMBOLS.length] ?? '*';
      return repeat <= MAX_SYMBOL_REPEAT ? symbol.repeat(repeat) : `[${n}]`;
    }
    default:
      return CIRCLED[n - 1] ?? `[${n}]`;
  }
}

/** 1–20 as circled digits (①…⑳), beyond that [n]: the footnotes' default style. */
export function footnoteMarker(n: number): string {
  return noteMarker(n, 'circled');
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
