/**
 * Units of the word processor. CSS works at 96 dpi: 1pt = 96/72 px, 1mm = 96/25.4 px.
 * Sizes are kept as px in the document (fontSizePx) with two decimals, so 七号 (5.5pt) and 八号
 * (5pt) survive instead of being clamped to a Latin-editor minimum.
 */
export const LENGTH_UNITS = ['pt', 'mm', 'px'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

const PX_PER: Record<LengthUnit, number> = { px: 1, pt: 96 / 72, mm: 96 / 25.4 };

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A length in pt, mm or px as px, to two decimals. */
export function toPx(value: number, unit: LengthUnit): number {
  return round2(value * PX_PER[unit]);
}

/** px back to the unit, to two decimals (for showing a stored size in a dialog). */
export function fromPx(px: number, unit: LengthUnit): number {
  return round2(px / PX_PER[unit]);
}

export const MIN_FONT_SIZE_PX = 1;
export const MAX_FONT_SIZE_PX = 400;

/**
 * A custom font size typed by the user. It must be a number ("12", "10.5", " 9 "); anything else,
 * zero, negative or absurdly large is ignored (null).
 */
export function parseCustomFontSize(input: string, unit: LengthUnit): number | null {
  const text = input.trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return null;
  const px = toPx(Number(text), unit);
  if (!Number.isFinite(px) || px < MIN_FONT_SIZE_PX || px > MAX_FONT_SIZE_PX) return null;
  return px;
}

/** The Chinese named sizes 初号–八号 of Word and WPS, in pt. */
export const CHINESE_FONT_SIZES = [
  { name: '初号', pt: 42 },
  { name: '小初', pt: 36 },
  { name: '一号', pt: 26 },
  { name: '小一', pt: 24 },
  { name: '二号', pt: 22 },
  { name: '小二', pt: 18 },
  { name: '三号', pt: 16 },
  { name: '小三', pt: 15 },
  { name: '四号', pt: 14 },
  { name: '小四', pt: 12 },
  { name: '五号', pt: 10.5 },
  { name: '小五', pt: 9 },
  { name: '六号', pt: 7.5 },
  { name: '小六', pt: 6.5 },
  { name: '七号', pt: 5.5 },
  { name: '八号', pt: 5 },
] as const;

/** The font sizes offered, in points. */
export const POINT_SIZES = [8, 9, 10, 10.5, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 36, 48, 72] as const;

export const DEFAULT_FONT_SIZE_PX = 16;
/** What the toolbar's size box shows before the selection says otherwise. */
export const TOOLBAR_INITIAL_FONT_SIZE_PX = 14;

export interface FontSizeOption {
  /** A stable key for list boxes: `cn-初号`, `pt-10.5`. */
  key: string;
  label: string;
  px: number;
}

export const FONT_SIZE_OPTIONS: readonly FontSizeOption[] = [
  ...CHINESE_FONT_SIZES.map((s) => ({ key: `cn-${s.name}`, label: s.name, px: toPx(s.pt, 'pt') })),
  ...POINT_SIZES.map((pt) => ({ key: `pt-${pt}`, label: String(pt), px: toPx(pt, 'pt') })),
];

/** A css length ("21.33px", "-2pt", "0.5cm") as px, or null when it is not a length we understand. */
export function cssLengthToPx(css: string | null | undefined): number | null {
  if (!css) return null;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*(px|pt|mm|cm)\s*$/.exec(css);
  if (!match) return null;
  const value = Number(match[1]);
  return match[2] === 'cm' ? toPx(value * 10, 'mm') : toPx(value, match[2] as LengthUnit);
}

/** A css font-size ("21.33px", "16pt") as px, or null when it is not a size we understand. */
export function cssFontSizeToPx(css: string | null | undefined): number | null {
  const px = cssLengthToPx(css);
  return px !== null && px >= 0 ? px : null;
}

/** A px size as the label a Chinese user expects: the named size when one matches exactly, else "N px". */
export function fontSizeLabel(px: number): string {
  const named = CHINESE_FONT_SIZES.find((s) => toPx(s.pt, 'pt') === round2(px));
  if (named) return named.name;
  return `${round2(px)}px`;
}

export interface FontFamilyOption {
  key: string;
  /** What the menu shows. */
  label: string;
  /** The css stack with fallbacks for machines without the first face. */
  stack: string;
  script: 'zh' | 'latin';
}

export const FONT_FAMILIES: readonly FontFamilyOption[] = [
  {
    key: 'songti',
    label: '宋体',
    script: 'zh',
    stack: '"SimSun", "宋体", "Songti SC", "STSong", "Noto Serif SC", "Source Han Serif SC", serif',
  },
  {
    key: 'heiti',
    label: '黑体',
    script: 'zh',
    stack: '"SimHei", "黑体", "Heiti SC", "STHeiti", "Noto Sans SC", "Source Han Sans SC", sans-serif',
  },
  {
    key: 'kaiti',
    label: '楷体',
    script: 'zh',
    stack: '"KaiTi", "楷体", "KaiTi_GB2312", "Kaiti SC", "STKaiti", "LXGW WenKai", serif',
  },
  {
    key: 'fangsong',
    label: '仿宋',
    script: 'zh',
    stack: '"FangSong", "仿宋", "FangSong_GB2312", "STFangsong", serif',
  },
  {
    key: 'yahei',
    label: '微软雅黑',
    script: 'zh',
    stack: '"Microsoft YaHei", "微软雅黑", "PingFang SC", "Hiragino Sans GB", "Noto Sans SC", sans-serif',
  },
  { key: 'arial', label: 'Arial', script: 'latin', stack: 'Arial, "Helvetica Neue", Helvetica, sans-serif' },
  { key: 'times', label: 'Times New Roman', script: 'latin', stack: '"Times New Roman", Times, serif' },
  { key: 'georgia', label: 'Georgia', script: 'latin', stack: 'Georgia, "Times New Roman", serif' },
  { key: 'verdana', label: 'Verdana', script: 'latin', stack: 'Verdana, Geneva, sans-serif' },
  { key: 'courier', label: 'Courier New', script: 'latin', stack: '"Courier New", Courier, monospace' },
];

/** The family option whose stack a css font-family value starts with (the key survives a round trip). */
export function fontFamilyFromCss(css: string | null | undefined): FontFamilyOption | null {
  if (!css) return null;
  const normalized = css.replace(/\s+/g, ' ').trim();
  return (
    FONT_FAMILIES.find((f) => f.stack === normalized) ??
    FONT_FAMILIES.find((f) => normalized.startsWith(f.stack.split(',')[0] ?? '')) ??
    null
  );
}

/** Line height of a paragraph. */
export type LineHeightAdv =
  | { kind: 'preset'; value: number }
  | { kind: 'multiple'; value: number }
  | { kind: 'exact'; value: number; unit: LengthUnit };

export const LINE_HEIGHT_PRESETS = [1, 1.15, 1.5, 2] as const;
export const LINE_HEIGHT_MULTIPLE_STEP = 0.05;

/** The css line-height of a line-height setting, or null when the value cannot be used. */
export function lineHeightToCss(lh: LineHeightAdv): string | null {
  if (!Number.isFinite(lh.value) || lh.value <= 0) return null;
  if (lh.kind === 'exact') return `${toPx(lh.value, lh.unit)}px`;
  // Multiples snap to the 0.05 step, so 1.234 cannot sneak in through a typed value.
  const snapped = Math.round(lh.value / LINE_HEIGHT_MULTIPLE_STEP) * LINE_HEIGHT_MULTIPLE_STEP;
  return String(round2(lh.kind === 'preset' ? lh.value : snapped));
}

/** First-line or hanging indent. Characters are em of the paragraph. */
export type SpecialIndent =
  | { kind: 'none' }
  | { kind: 'firstLine' | 'hanging'; value: number; unit: 'char' | 'mm' };

/** The css declarations of a special indent: text-indent, and for hanging a matching start margin. */
export function specialIndentToCss(indent: SpecialIndent): Record<string, string> | null {
  if (indent.kind === 'none') return { 'text-indent': '', 'margin-inline-start': '' };
  if (!Number.isFinite(indent.value) || indent.value < 0) return null;
  const length = indent.unit === 'char' ? `${round2(indent.value)}em` : `${toPx(indent.value, 'mm')}px`;
  if (indent.kind === 'firstLine') return { 'text-indent': length, 'margin-inline-start': '' };
  return { 'text-indent': `-${length}`, 'margin-inline-start': length };
}

/**
 * 段前 / 段后: the space above or below a paragraph, in 磅 (pt) or in 行 (lines), as Word and WPS let the
 * user choose.
 */
export type SpacingUnit = 'pt' | 'line';
export interface ParagraphSpacing {
  value: number;
  unit: SpacingUnit;
}

/** The largest spacing Word accepts (1584 pt), and 100 lines. */
export const MAX_PARAGRAPH_SPACING: Record<SpacingUnit, number> = { pt: 1584, line: 100 };

/**
 * The css of a spacing, for `margin-block-start` / `margin-block-end` in the block style:
 * - 磅 as `12pt`, rounded to a twip (1/20 pt), so a value survives DOCX's w:before/w:after in twips;
 * - 行 as `0.5lh`, rounded to a hundredth (DOCX's w:beforeLines counts hundredths of a line). `lh` is the
 *   paragraph's own line height, so "1 行" is one line of that paragraph in the editor, and the PDF layout
 *   multiplies it by the line height it lays the paragraph out with. A plain length (no calc(), no custom
 *   property) is what the block style plugin can set through the CSSOM under the page's CSP, and what every
 *   reader here (DOCX export, PDF) parses back with one pattern.
 * Null when the value is not a number in range.
 */
export function spacingToCss(spacing: ParagraphSpacing): string | null {
  const { value, unit } = spacing;
  if (!Number.isFinite(value) || value < 0 || value > MAX_PARAGRAPH_SPACING[unit]) return null;
  return unit === 'pt' ? `${Math.round(value * 20) / 20}pt` : `${round2(value)}lh`;
}

/** A block style's margin-block-start/-end back as a spacing (px become pt); null when it is none of ours. */
export function spacingFromCss(css: string | null | undefined): ParagraphSpacing | null {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(pt|px|lh)\s*$/.exec(css ?? '');
  if (!match) return null;
  const n = Number(match[1]);
  if (match[2] === 'lh') return { value: n, unit: 'line' };
  return { value: match[2] === 'px' ? Math.round(n * 0.75 * 20) / 20 : n, unit: 'pt' };
}

/**
 * A paragraph's 段前 / 段后 from DOCX (w:spacing) as block style css: w:beforeLines / w:afterLines (hundredths
 * of a line), which Word uses when present, else w:before / w:after (twips). Nothing for a side DOCX leaves
 * unsaid, so the editor's default margins apply there.
 */
export function docxSpacingCss(props: {
  before?: number;
  after?: number;
  beforeLines?: number;
  afterLines?: number;
}): Record<string, string> {
  const css: Record<string, string> = {};
  const sides = [
    ['margin-block-start', props.beforeLines, props.before],
    ['margin-block-end', props.afterLines, props.after],
  ] as const;
  for (const [property, hundredths, twips] of sides) {
    const spacing: ParagraphSpacing | null =
      hundredths !== undefined && hundredths >= 0
        ? { value: hundredths / 100, unit: 'line' }
        : twips !== undefined && twips >= 0
          ? { value: twips / 20, unit: 'pt' }
          : null;
    const value = spacing && spacingToCss(spacing);
    if (value) css[property] = value;
  }
  return css;
}

/**
 * A block style's 段前 or 段后 for DOCX: twips always (what readers without line units use), and for 行 the
 * hundredths of a line too. `linePt` is the paragraph's line height in points, what one 行 is in the editor.
 */
export function spacingToDocx(
  css: string | undefined,
  linePt: number,
): { twips: number; lines?: number } | null {
  const spacing = spacingFromCss(css);
  if (!spacing) return null;
  if (spacing.unit === 'pt') return { twips: Math.round(spacing.value * 20) };
  return { twips: Math.round(spacing.value * linePt * 20), lines: Math.round(spacing.value * 100) };
}
