import { toPx } from '../../format/units';
import type { StylePreset, StylePresetKey, StylePresets } from '../../styles/presets';
import type { Block, Run } from './blocks';
import { DEFAULT_FACE, faceOfFamily, PDF_FACES, type PdfFace, type PdfFontFile } from './fontFiles';
import type { MathBox } from './mathBox';

/**
 * How text looks on the PDF's page: the looks a block's preset and a run's own formatting give, as plain
 * values. No PDFKit here, so the rules (which preset a block takes, what wins over what) are tested alone.
 */

// The indent step and the fallbacks; the text's own sizes and line heights come from the style presets.
export const BODY_PT = 12; // 小四, the editor's 16 px
export const LINE_HEIGHT = 1.5;
export const NOTE_PT = 9;
export const TEXT_COLOR = '#111111';
export const LINK_COLOR = '#1a56c4';
export const MUTED = '#555555';
export const RULE = '#999999';

/** The weight of a style's face. */
export type FontKey = 'regular' | 'bold';

/** The presets of a table's cells; other blocks take theirs from their kind. */
export type CellPreset = 'tableHeader' | 'tableBody';

/** One look of text on the page. */
export interface Style {
  /** The family: 黑体, 宋体, 楷体 or 仿宋 (fontFiles.ts gives each its file). */
  face: PdfFace;
  font: FontKey;
  size: number;
  color: string;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  link?: string;
  highlight?: string;
  /** Raised (superscript, footnote markers) or lowered, in points. */
  rise: number;
  /** A typeset inline formula: the piece is its box (`size` its font size), drawn as outlines. */
  math?: MathBox;
}

/** A CSS colour as PDFKit takes it (#rgb or #rrggbb); anything else (names, variables) is the fallback. */
export function cssColor(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  const v = value.trim();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v)) return v;
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(v);
  if (rgb) {
    return `#${[rgb[1], rgb[2], rgb[3]].map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0')).join('')}`;
  }
  return fallback;
}

/** The preset a block is styled by: the editor's stylesheet applies the same ones. */
export function presetKeyOf(block: Block, cell?: CellPreset): StylePresetKey {
  if (block.kind === 'heading') return block.level === 1 ? 'h1' : block.level === 2 ? 'h2' : 'h3';
  if (block.kind === 'code') return 'code';
  return cell ?? 'paragraph';
}

/** The font file a style is set in. */
export const fontFileOf = (style: Pick<Style, 'face' | 'font'>): PdfFontFile =>
  PDF_FACES[style.face][style.font];

/** The face of the paragraph preset: page numbers, footnotes and picture descriptions are set in it. */
export const bodyFace = (presets: StylePresets): PdfFace =>
  faceOfFamily(presets.paragraph.fontFamily) ?? DEFAULT_FACE;

/**
 * The font files the blocks' text is set in, and the body face's regular (page numbers), so that only those
 * are loaded and opened: opening a CJK font costs a few hundred milliseconds.
 */
export function fontsUsed(blocks: readonly Block[], presets: StylePresets): Set<PdfFontFile> {
  const files = new Set<PdfFontFile>([PDF_FACES[bodyFace(presets)].regular]);
  const visit = (list: readonly Block[], cell?: CellPreset) => {
    for (const block of list) {
      if (block.kind === 'table') {
        for (const row of block.rows)
          for (const c of row) visit(c.blocks, c.header ? 'tableHeader' : 'tableBody');
        continue;
      }
      if (block.kind === 'image' || block.kind === 'rule' || block.kind === 'pageBreak') continue;
      // A shape's text is set in the body's face (shapes/pdfShape.ts).
      if (block.kind === 'shape') {
        if (block.shape.text) files.add(fontFileOf(baseStyle(10.5, bodyFace(presets))));
        continue;
      }
      const base = presetStyle(presets[presetKeyOf(block, cell)]);
      if (block.kind === 'code') {
        files.add(fontFileOf(base));
        continue;
      }
      // A display formula's \text is set in the paragraph's face; its source, if it cannot be typeset, in
      // the code look.
      if (block.kind === 'formula') {
        files.add(fontFileOf(base));
        files.add(fontFileOf(presetStyle(presets.code)));
        continue;
      }
      if (block.kind === 'listitem') files.add(fontFileOf(base));
      for (const run of block.runs) if (run.text) files.add(fontFileOf(styleOf(run, base)));
    }
  };
  visit(blocks);
  return files;
}

/** A preset's line height as a multiple of its font size (an exact height divided by it). */
export function presetLineHeight(preset: StylePreset, sizePt: number): number {
  const lh = preset.lineHeightAdv;
  if (!Number.isFinite(lh.value) || lh.value <= 0) return LINE_HEIGHT;
  if (lh.kind === 'exact') return Math.max(0.5, (toPx(lh.value, lh.unit) * 0.75) / sizePt);
  return lh.value;
}

/** A preset's special indent in points: the first line's (negative: hanging) and the start margin. */
export function presetIndent(preset: StylePreset, sizePt: number): { first: number; start: number } {
  const indent = preset.specialIndent;
  if (indent.kind === 'none' || !Number.isFinite(indent.value) || indent.value <= 0)
    return { first: 0, start: 0 };
  const length = indent.unit === 'char' ? indent.value * sizePt : (indent.value * 72) / 25.4;
  return indent.kind === 'firstLine' ? { first: length, start: 0 } : { first: -length, start: length };
}

/** Plain text of a size: regular, the text colour, nothing else. */
export const baseStyle = (size: number, face: PdfFace = DEFAULT_FACE): Style => ({
  face,
  font: 'regular',
  size,
  color: TEXT_COLOR,
  italic: false,
  underline: false,
  strike: false,
  rise: 0,
});

/** The look a preset gives its blocks' text (a run's own formatting still wins, as in the editor). */
export const presetStyle = (preset: StylePreset): Style => ({
  face: faceOfFamily(preset.fontFamily) ?? DEFAULT_FACE,
  font: preset.bold ? 'bold' : 'regular',
  size: preset.fontSizePx * 0.75,
  color: cssColor(preset.color || undefined, TEXT_COLOR),
  italic: preset.italic,
  underline: preset.underline,
  strike: preset.strike,
  ...(preset.highlight ? { highlight: cssColor(preset.highlight, '#fff3a3') } : {}),
  rise: 0,
});

/** A run's look over its block's: links and inline code have their own colours, super/subscript are smaller. */
export const styleOf = (run: Run, base: Style): Style => {
  const size = run.fontSizePx ? run.fontSizePx * 0.75 : base.size;
  const small = run.superscript || run.subscript;
  return {
    face: faceOfFamily(run.fontFamily) ?? base.face,
    font: run.bold || base.font === 'bold' ? 'bold' : 'regular',
    size: small ? size * 0.7 : run.code ? size * 0.9 : size,
    color: run.link ? LINK_COLOR : run.code ? '#b4235a' : cssColor(run.color, base.color),
    italic: Boolean(run.italic) || base.italic,
    underline: Boolean(run.underline || run.link || base.underline),
    strike: Boolean(run.strike || base.strike),
    ...(run.link ? { link: run.link } : {}),
    ...(run.highlight
      ? { highlight: cssColor(run.highlight, '#fff3a3') }
      : run.code
        ? { highlight: '#f2f3f5' }
        : base.highlight
          ? { highlight: base.highlight }
          : {}),
    rise: run.superscript ? size * 0.35 : run.subscript ? -size * 0.15 : 0,
  };
};
