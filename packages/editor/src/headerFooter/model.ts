import type { SerializedEditorState } from 'lexical';
import { rootEntryOf, withRootEntries } from '../convert/nodes';

/**
 * 页眉和页脚 and 页码: what each page shows above and below its text. A band (the header, the footer) has
 * three places — left, centre, right — each a line of text in which two fields stand for numbers:
 * {页码} for the page's number and {总页数} for the count of pages, written as the user sees them in the
 * dialog. The first page may have bands of its own (首页不同: a cover without its number), and numbering
 * may start at any number (a chapter printed on its own).
 *
 * Kept in the root's node state (`root.$.wxHeaderFooter`), as the page setup is, so it is saved, undone,
 * versioned and exported with the text. Pure data here: the page view, print, the PDF and DOCX read it.
 */

export const SLOT_KEYS = ['left', 'center', 'right'] as const;
export type SlotKey = (typeof SLOT_KEYS)[number];
export type Band = Record<SlotKey, string>;

export const BAND_KEYS = ['header', 'footer'] as const;
export type BandKey = (typeof BAND_KEYS)[number];

export interface HeaderFooter {
  header: Band;
  footer: Band;
  /** 首页不同: the first page shows firstHeader and firstFooter instead. */
  differentFirst: boolean;
  firstHeader: Band;
  firstFooter: Band;
  /** The number the first page has. */
  startAt: number;
}

/** The fields, as written in a place's text. */
export const PAGE_FIELD = '{页码}';
export const PAGES_FIELD = '{总页数}';

/** A place holds at most this many characters; numbering starts within 0–9999 (as Word allows). */
export const SLOT_MAX_CHARS = 200;
export const START_AT_MAX = 9999;

export const EMPTY_BAND: Band = { left: '', center: '', right: '' };

/**
 * The page number styles of 插入 › 页码: the usual Chinese and Western ones, 公文's dashes among them
 * (GB/T 9704 numbers pages "— 1 —").
 */
export const PAGE_NUMBER_STYLES = {
  plain: PAGE_FIELD,
  dashes: `- ${PAGE_FIELD} -`,
  official: `— ${PAGE_FIELD} —`,
  chinese: `第 ${PAGE_FIELD} 页`,
  chineseOfTotal: `第 ${PAGE_FIELD} 页，共 ${PAGES_FIELD} 页`,
  ofTotal: `${PAGE_FIELD}/${PAGES_FIELD}`,
} as const;
export type PageNumberStyle = keyof typeof PAGE_NUMBER_STYLES;

/**
 * What a document that never chose shows: its page number centred in the footer, as the PDF export always
 * printed it. A document read from a file keeps the file's own bands (none, when it has none).
 */
export const DEFAULT_HEADER_FOOTER: HeaderFooter = {
  header: EMPTY_BAND,
  footer: { ...EMPTY_BAND, center: PAGE_NUMBER_STYLES.chineseOfTotal },
  differentFirst: false,
  firstHeader: EMPTY_BAND,
  firstFooter: EMPTY_BAND,
  startAt: 1,
};

/** Nothing in any band: what a file without headers or footers comes in as. */
export const NO_HEADER_FOOTER: HeaderFooter = {
  ...DEFAULT_HEADER_FOOTER,
  footer: EMPTY_BAND,
};

/** A place's text made safe: one line, bounded. */
export function cleanSlot(value: unknown): string {
  if (typeof value !== 'string') return '';
  return [...value.replace(/[\r\n\t]+/g, ' ')].slice(0, SLOT_MAX_CHARS).join('');
}

function normalizeBand(value: unknown): Band {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return { left: cleanSlot(raw.left), center: cleanSlot(raw.center), right: cleanSlot(raw.right) };
}

/** A stored or imported setting made safe; anything unreadable is the default. */
export function normalizeHeaderFooter(value: unknown): HeaderFooter {
  if (!value || typeof value !== 'object') return DEFAULT_HEADER_FOOTER;
  const raw = value as Record<string, unknown>;
  const start = typeof raw.startAt === 'number' && Number.isFinite(raw.startAt) ? Math.round(raw.startAt) : 1;
  return {
    header: normalizeBand(raw.header),
    footer: normalizeBand(raw.footer),
    differentFirst: raw.differentFirst === true,
    firstHeader: normalizeBand(raw.firstHeader),
    firstFooter: normalizeBand(raw.firstFooter),
    startAt: Math.min(START_AT_MAX, Math.max(0, start)),
  };
}

const sameBand = (a: Band, b: Band) => SLOT_KEYS.every((k) => a[k] === b[k]);

export const sameHeaderFooter = (a: HeaderFooter, b: HeaderFooter) =>
  a.differentFirst === b.differentFirst &&
  a.startAt === b.startAt &&
  sameBand(a.header, b.header) &&
  sameBand(a.footer, b.footer) &&
  sameBand(a.firstHeader, b.firstHeader) &&
  sameBand(a.firstFooter, b.firstFooter);

export const isEmptyBand = (band: Band) => SLOT_KEYS.every((k) => band[k].trim() === '');

/** The bands page `index` (0 is the first sheet) shows. */
export function bandsOfPage(setting: HeaderFooter, index: number): { header: Band; footer: Band } {
  return index === 0 && setting.differentFirst
    ? { header: setting.firstHeader, footer: setting.firstFooter }
    : { header: setting.header, footer: setting.footer };
}

/** A place's text with its fields filled: the page's number (counted from startAt) and the count of pages. */
export function fillSlot(text: string, setting: HeaderFooter, index: number, count: number): string {
  if (!text.includes('{')) return text;
  return text
    .split(PAGE_FIELD)
    .join(String(setting.startAt + index))
    .split(PAGES_FIELD)
    .join(String(count));
}

/** A place's text cut into plain runs and fields, for the formats that write fields (DOCX). */
export function slotParts(text: string): Array<{ text: string } | { field: 'page' | 'pages' }> {
  const parts: Array<{ text: string } | { field: 'page' | 'pages' }> = [];
  for (const piece of text.split(/(\{页码\}|\{总页数\})/)) {
    if (piece === PAGE_FIELD) parts.push({ field: 'page' });
    else if (piece === PAGES_FIELD) parts.push({ field: 'pages' });
    else if (piece) parts.push({ text: piece });
  }
  return parts;
}

/** Whether any band shows anything. */
export const hasHeaderFooter = (setting: HeaderFooter) =>
  !isEmptyBand(setting.header) ||
  !isEmptyBand(setting.footer) ||
  (setting.differentFirst && (!isEmptyBand(setting.firstHeader) || !isEmptyBand(setting.firstFooter)));

/** The node-state key on the root. */
export const HEADER_FOOTER_STATE_KEY = 'wxHeaderFooter';

/** The setting a serialized document keeps (the default when it keeps none). */
export const headerFooterOf = (state: SerializedEditorState): HeaderFooter =>
  normalizeHeaderFooter(rootEntryOf(state, HEADER_FOOTER_STATE_KEY));

/** A serialized document with this setting on its root (a copy). */
export const withHeaderFooter = <T extends SerializedEditorState>(state: T, setting: HeaderFooter): T =>
  withRootEntries(state, { [HEADER_FOOTER_STATE_KEY]: setting });

/**
 * Puts a page number of this style at one place of one band, replacing what was there and the numbers shown
 * elsewhere (a document has one page number, as Word's 页码 moves it); with `skipFirst` the first page gets
 * bands of its own without it (a cover). The other places keep their text.
 */
export function withPageNumber(
  setting: HeaderFooter,
  where: { band: BandKey; slot: SlotKey },
  style: PageNumberStyle,
  options: { startAt: number; skipFirst: boolean },
): HeaderFooter {
  const text = PAGE_NUMBER_STYLES[style];
  const cleared = withoutPageNumbers(setting);
  const next: HeaderFooter = {
    ...cleared,
    startAt: Math.min(START_AT_MAX, Math.max(0, Math.round(options.startAt))),
    [where.band]: { ...cleared[where.band], [where.slot]: text },
  };
  if (options.skipFirst) {
    next.differentFirst = true;
    next.firstHeader = withoutNumbers(next.header);
    next.firstFooter = withoutNumbers(next.footer);
  } else if (setting.differentFirst) {
    const first = where.band === 'header' ? 'firstHeader' : 'firstFooter';
    next[first] = { ...cleared[first], [where.slot]: text };
  }
  return next;
}

/** A band with the places that show a number emptied. */
function withoutNumbers(band: Band): Band {
  const out = { ...band };
  for (const key of SLOT_KEYS)
    if (out[key].includes(PAGE_FIELD) || out[key].includes(PAGES_FIELD)) out[key] = '';
  return out;
}

/** 删除页码: every place that shows a number emptied, in every band. */
export function withoutPageNumbers(setting: HeaderFooter): HeaderFooter {
  return {
    ...setting,
    header: withoutNumbers(setting.header),
    footer: withoutNumbers(setting.footer),
    firstHeader: withoutNumbers(setting.firstHeader),
    firstFooter: withoutNumbers(setting.firstFooter),
  };
}
