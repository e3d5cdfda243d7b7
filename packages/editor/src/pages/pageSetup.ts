import type { SerializedEditorState } from 'lexical';
import { rootEntryOf, withRootEntries } from '../convert/nodes';
import { t } from '../i18n/zh-CN';

/**
 * 页面设置: the paper, its orientation and the four margins of a document. Kept in the document itself, in
 * the node state of its root (`root.$.wxPageSetup`), so that it is saved, undone, versioned, copied to the
 * cloud and written to a .lexdoc with the content, without a field of its own in every save path. Pure data
 * and arithmetic here: the editor, the converters and the PDF export (in a worker, in Node) all read it.
 */

export const PAPER_KEYS = ['a4', 'a3', 'a5', 'b5', '16k', 'letter'] as const;
export type PaperKey = (typeof PAPER_KEYS)[number];

/** Portrait sizes in millimetres. B5 is the ISO one (GB/T 148), which Chinese office suites default to. */
export const PAPERS: Record<PaperKey, { widthMm: number; heightMm: number }> = {
  a4: { widthMm: 210, heightMm: 297 },
  a3: { widthMm: 297, heightMm: 420 },
  a5: { widthMm: 148, heightMm: 210 },
  b5: { widthMm: 176, heightMm: 250 },
  '16k': { widthMm: 184, heightMm: 260 },
  letter: { widthMm: 215.9, heightMm: 279.4 },
};

export type Orientation = 'portrait' | 'landscape';
export const MARGIN_KEYS = ['top', 'bottom', 'left', 'right'] as const;
export type MarginKey = (typeof MARGIN_KEYS)[number];
export type Margins = Record<MarginKey, number>;

export interface PageSetup {
  paper: PaperKey;
  orientation: Orientation;
  /** Millimetres. */
  margins: Margins;
}

export const MARGIN_PRESET_KEYS = ['normal', 'narrow', 'moderate', 'wide', 'official'] as const;
export type MarginPresetKey = (typeof MARGIN_PRESET_KEYS)[number];

/**
 * The margin presets. 普通 is Word's and WPS's default (1 inch top and bottom, 1.25 inch at the sides);
 * 窄, 适中 and 宽 are their other presets; 公文 is the party and government document layout (A4 portrait,
 * top 37, bottom 35, left 28, right 26 mm), which also sets the paper.
 */
export const MARGIN_PRESETS: Record<MarginPresetKey, { margins: Margins; paper?: PaperKey }> = {
  normal: { margins: { top: 25.4, bottom: 25.4, left: 31.8, right: 31.8 } },
  narrow: { margins: { top: 12.7, bottom: 12.7, left: 12.7, right: 12.7 } },
  moderate: { margins: { top: 25.4, bottom: 25.4, left: 19.1, right: 19.1 } },
  wide: { margins: { top: 25.4, bottom: 25.4, left: 50.8, right: 50.8 } },
  official: { margins: { top: 37, bottom: 35, left: 28, right: 26 }, paper: 'a4' },
};

export const DEFAULT_PAGE_SETUP: PageSetup = {
  paper: 'a4',
  orientation: 'portrait',
  margins: { ...MARGIN_PRESETS.normal.margins },
};

/** Bounds of a margin, and the least text area a page keeps across and down. */
export const MARGIN_MAX_MM = 100;
export const MIN_TEXT_MM = 20;

// Units. A twip is 1/20 pt = 1/1440 inch (DOCX); a point 1/72 inch (PDF); a css px 1/96 inch (the screen).
export const MM_PER_INCH = 25.4;
export const mmToTwips = (mm: number) => Math.round((mm / MM_PER_INCH) * 1440);
export const twipsToMm = (twips: number) => Math.round((twips / 1440) * MM_PER_INCH * 10) / 10;
export const mmToPt = (mm: number) => (mm / MM_PER_INCH) * 72;
export const mmToPx = (mm: number) => (mm / MM_PER_INCH) * 96;

/** The page's size as laid out (landscape swaps the sides), in millimetres. */
export function pageSizeMm(setup: PageSetup): { widthMm: number; heightMm: number } {
  const { widthMm, heightMm } = PAPERS[setup.paper];
  return setup.orientation === 'landscape' ? { widthMm: heightMm, heightMm: widthMm } : { widthMm, heightMm };
}

/** The text area left inside the margins, in millimetres. */
export function textAreaMm(setup: PageSetup): { widthMm: number; heightMm: number } {
  const { widthMm, heightMm } = pageSizeMm(setup);
  const m = setup.margins;
  return { widthMm: widthMm - m.left - m.right, heightMm: heightMm - m.top - m.bottom };
}

/** The PDF's page: its size and margins in points. */
export function pageGeometryPt(setup: PageSetup): {
  width: number;
  height: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
} {
  const { widthMm, heightMm } = pageSizeMm(setup);
  const m = setup.margins;
  // To the hundredth of a point, as PDF readers show sizes (A4 is 595.28 × 841.89).
  const pt = (mm: number) => Math.round(mmToPt(mm) * 100) / 100;
  return {
    width: pt(widthMm),
    height: pt(heightMm),
    top: pt(m.top),
    bottom: pt(m.bottom),
    left: pt(m.left),
    right: pt(m.right),
  };
}

export type MarginErrors = Partial<Record<MarginKey, string>>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * What is wrong with the margins, field by field (none: they are fine). A margin is a number of 0–100 mm;
 * the text area keeps at least 20 mm across and down, and when it does not, both margins of that direction
 * are named, since either can give way.
 */
export function validateMargins(
  paper: PaperKey,
  orientation: Orientation,
  margins: Record<MarginKey, number>,
): MarginErrors {
  const errors: MarginErrors = {};
  for (const key of MARGIN_KEYS) {
    const value = margins[key];
    if (!Number.isFinite(value)) errors[key] = t.pages.marginMissing(t.pages[key]);
    else if (value < 0 || value > MARGIN_MAX_MM)
      errors[key] = t.pages.marginRange(t.pages[key], MARGIN_MAX_MM);
  }
  if (Object.keys(errors).length) return errors;
  const area = textAreaMm({ paper, orientation, margins });
  if (area.widthMm < MIN_TEXT_MM) {
    const message = t.pages.tooWide(String(round1(area.widthMm)), MIN_TEXT_MM);
    errors.left = message;
    errors.right = message;
  }
  if (area.heightMm < MIN_TEXT_MM) {
    const message = t.pages.tooTall(String(round1(area.heightMm)), MIN_TEXT_MM);
    errors.top = message;
    errors.bottom = message;
  }
  return errors;
}

/** The margin preset these margins are, if any (to show it chosen in the dialog). */
export function marginPresetOf(setup: PageSetup): MarginPresetKey | null {
  for (const key of MARGIN_PRESET_KEYS) {
    const preset = MARGIN_PRESETS[key];
    if (preset.paper && (preset.paper !== setup.paper || setup.orientation !== 'portrait')) continue;
    if (MARGIN_KEYS.every((k) => Math.abs(preset.margins[k] - setup.margins[k]) < 0.05)) return key;
  }
  return null;
}

/**
 * A stored or imported page setup made safe: an unknown paper is A4, margins out of bounds or leaving too
 * little text are the default ones. Anything unreadable is the default.
 */
export function normalizePageSetup(value: unknown): PageSetup {
  if (!value || typeof value !== 'object') return DEFAULT_PAGE_SETUP;
  const raw = value as Record<string, unknown>;
  const paper = PAPER_KEYS.includes(raw.paper as PaperKey) ? (raw.paper as PaperKey) : 'a4';
  const orientation: Orientation = raw.orientation === 'landscape' ? 'landscape' : 'portrait';
  const given = (raw.margins ?? {}) as Record<string, unknown>;
  const margins = { ...DEFAULT_PAGE_SETUP.margins };
  for (const key of MARGIN_KEYS) {
    const n = given[key];
    if (typeof n === 'number' && Number.isFinite(n)) margins[key] = round1(n);
  }
  const ok = Object.keys(validateMargins(paper, orientation, margins)).length === 0;
  return { paper, orientation, margins: ok ? margins : { ...DEFAULT_PAGE_SETUP.margins } };
}

export const samePageSetup = (a: PageSetup, b: PageSetup) =>
  a.paper === b.paper &&
  a.orientation === b.orientation &&
  MARGIN_KEYS.every((k) => a.margins[k] === b.margins[k]);

/** The node-state key of the page setup on the root. */
export const PAGE_SETUP_STATE_KEY = 'wxPageSetup';

/** The page setup a serialized document keeps (the default when it keeps none). */
export const pageSetupOf = (state: SerializedEditorState): PageSetup =>
  normalizePageSetup(rootEntryOf(state, PAGE_SETUP_STATE_KEY));

/** A serialized document with its page setup set (a copy; the default is kept too, for a file's sake). */
export const withPageSetup = <T extends SerializedEditorState>(state: T, setup: PageSetup): T =>
  withRootEntries(state, { [PAGE_SETUP_STATE_KEY]: setup });

/** Whether a page size (mm, either orientation) is one of the papers: its key and orientation. */
export function paperOfSize(
  widthMm: number,
  heightMm: number,
): { paper: PaperKey; orientation: Orientation } | null {
  const near = (a: number, b: number) => Math.abs(a - b) <= 1.5;
  for (const key of PAPER_KEYS) {
    const p = PAPERS[key];
    if (near(p.widthMm, widthMm) && near(p.heightMm, heightMm))
      return { paper: key, orientation: 'portrait' };
    if (near(p.widthMm, heightMm) && near(p.heightMm, widthMm))
      return { paper: key, orientation: 'landscape' };
  }
  return null;
}
