import {
  FONT_FAMILIES,
  type LineHeightAdv,
  lineHeightToCss,
  type SpecialIndent,
  specialIndentToCss,
} from '../format/units';

/** The nine style presets, in the order the style dialog lists them. */
export const STYLE_PRESET_KEYS = [
  'paragraph',
  'h1',
  'h2',
  'h3',
  'code',
  'figureCaption',
  'tableCaption',
  'tableHeader',
  'tableBody',
] as const;
export type StylePresetKey = (typeof STYLE_PRESET_KEYS)[number];

export interface StylePreset {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  /** A key of FONT_FAMILIES, or '' for the paper's default face. */
  fontFamily: string;
  fontSizePx: number;
  /** #rrggbb, or '' to inherit the paper's text colour. */
  color: string;
  /** #rrggbb, or '' for none. */
  highlight: string;
  lineHeightAdv: LineHeightAdv;
  specialIndent: SpecialIndent;
}

export type StylePresets = Record<StylePresetKey, StylePreset>;

const base: StylePreset = {
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  fontFamily: '',
  fontSizePx: 16,
  color: '',
  highlight: '',
  lineHeightAdv: { kind: 'preset', value: 1.5 },
  specialIndent: { kind: 'none' },
};

export const DEFAULT_STYLE_PRESETS: StylePresets = {
  paragraph: { ...base },
  h1: {
    ...base,
    bold: true,
    fontFamily: 'heiti',
    fontSizePx: 29.33,
    lineHeightAdv: { kind: 'preset', value: 1.15 },
  },
  h2: {
    ...base,
    bold: true,
    fontFamily: 'heiti',
    fontSizePx: 24,
    lineHeightAdv: { kind: 'preset', value: 1.15 },
  },
  h3: {
    ...base,
    bold: true,
    fontFamily: 'heiti',
    fontSizePx: 20,
    lineHeightAdv: { kind: 'preset', value: 1.15 },
  },
  code: { ...base, fontFamily: 'courier', fontSizePx: 14, lineHeightAdv: { kind: 'preset', value: 1.5 } },
  figureCaption: {
    ...base,
    fontFamily: 'kaiti',
    fontSizePx: 14,
    lineHeightAdv: { kind: 'preset', value: 1.15 },
  },
  tableCaption: { ...base, bold: true, fontSizePx: 14, lineHeightAdv: { kind: 'preset', value: 1.15 } },
  tableHeader: { ...base, bold: true, fontSizePx: 14, lineHeightAdv: { kind: 'preset', value: 1.15 } },
  tableBody: { ...base, fontSizePx: 14, lineHeightAdv: { kind: 'preset', value: 1.15 } },
};

/** Stored presets may come from an older or hand-edited document: keep what is valid, default the rest. */
export function normalizeStylePresets(value: unknown): StylePresets {
  const result = structuredClone(DEFAULT_STYLE_PRESETS);
  if (!value || typeof value !== 'object') return result;
  for (const key of STYLE_PRESET_KEYS) {
    const stored = (value as Record<string, unknown>)[key];
    if (!stored || typeof stored !== 'object') continue;
    const s = stored as Partial<StylePreset>;
    const target = result[key];
    for (const flag of ['bold', 'italic', 'underline', 'strike'] as const) {
      if (typeof s[flag] === 'boolean') target[flag] = s[flag];
    }
    if (
      typeof s.fontFamily === 'string' &&
      (s.fontFamily === '' || FONT_FAMILIES.some((f) => f.key === s.fontFamily))
    )
      target.fontFamily = s.fontFamily;
    if (typeof s.fontSizePx === 'number' && s.fontSizePx >= 1 && s.fontSizePx <= 400)
      target.fontSizePx = s.fontSizePx;
    for (const colour of ['color', 'highlight'] as const) {
      const c = s[colour];
      if (typeof c === 'string' && (c === '' || /^#[0-9a-f]{6}$/i.test(c))) target[colour] = c;
    }
    if (s.lineHeightAdv && lineHeightToCss(s.lineHeightAdv) !== null) target.lineHeightAdv = s.lineHeightAdv;
    if (s.specialIndent && specialIndentToCss(s.specialIndent) !== null)
      target.specialIndent = s.specialIndent;
  }
  return result;
}

/** The css declarations of one preset. */
export function presetDeclarations(preset: StylePreset): Record<string, string> {
  const decorations = [preset.underline && 'underline', preset.strike && 'line-through'].filter(Boolean);
  const family = FONT_FAMILIES.find((f) => f.key === preset.fontFamily);
  const declarations: Record<string, string> = {
    'font-weight': preset.bold ? '700' : '400',
    'font-style': preset.italic ? 'italic' : 'normal',
    'text-decoration': decorations.length ? decorations.join(' ') : 'none',
    'font-size': `${preset.fontSizePx}px`,
    'line-height': lineHeightToCss(preset.lineHeightAdv) ?? 'normal',
  };
  if (family) declarations['font-family'] = family.stack;
  if (preset.color) declarations.color = preset.color;
  if (preset.highlight) declarations['background-color'] = preset.highlight;
  const indent = specialIndentToCss(preset.specialIndent);
  if (indent?.['text-indent']) declarations['text-indent'] = indent['text-indent'];
  if (indent?.['margin-inline-start']) declarations['margin-inline-start'] = indent['margin-inline-start'];
  return declarations;
}

/** Which elements of the paper each preset styles (theme classes are stable, see editorTheme). */
const TARGETS: Record<StylePresetKey, string> = {
  paragraph: '.wx-ed-p',
  h1: '.wx-ed-h1',
  h2: '.wx-ed-h2',
  h3: '.wx-ed-h3',
  code: '.wx-ed-code',
  figureCaption: '.wx-ed-image figcaption',
  tableCaption: '.wx-ed-table caption',
  tableHeader: '.wx-ed-th',
  tableBody: '.wx-ed-td',
};

/**
 * A stylesheet applying the presets to one paper (`scope` is a selector for its root). Explicit inline
 * formatting (a bold run, a paragraph's own line height) still wins, being more specific.
 */
export function buildPresetStylesheet(scope: string, presets: StylePresets): string {
  return STYLE_PRESET_KEYS.map((key) => {
    const body = Object.entries(presetDeclarations(presets[key]))
      .map(([property, value]) => `${property}:${value}`)
      .join(';');
    return `${scope} ${TARGETS[key]}{${body}}`;
  }).join('\n');
}
