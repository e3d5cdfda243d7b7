import type { SerializedEditorState } from 'lexical';
import PDFDocument from 'pdfkit';
import { footnoteMarker } from '../../footnotes/numbering';
import { toPx } from '../../format/units';
import { t } from '../../i18n/zh-CN';
import {
  DEFAULT_STYLE_PRESETS,
  normalizeStylePresets,
  type StylePreset,
  type StylePresetKey,
  type StylePresets,
} from '../../styles/presets';
import { type Align, type Block, blocksOf, type Run, type TableBlock, type TableCell } from './blocks';
import { embeddableImage, newImageBudget } from './images';
import { breakLines, type Fragment } from './lineBreaking';

/**
 * The document as a PDF: A4, margins and page numbers, Chinese text in an embedded subset of Noto Sans SC
 * (selectable and searchable), bold, italic (slanted), headings, lists, tables, pictures, code, footnotes at
 * the foot of their page. A pure function of the serialized editor state: no DOM, no editor, so it runs in
 * the browser (main thread or worker) and in Node (the CLI).
 *
 * PDFKit writes the file: it subsets CJK TrueType and CFF fonts with fontkit and writes a ToUnicode map,
 * so the text can be selected and searched; the layout (lines, pages, tables, footnotes) is ours, because
 * PDFKit's text flow breaks lines per call and has no footnotes.
 */

export interface PdfFonts {
  /** Noto Sans SC Regular (or another TrueType/OpenType font with Chinese), as bytes. */
  regular(): Promise<Uint8Array | ArrayBuffer>;
  /** Its bold; loaded only when the document has bold text or headings. */
  bold(): Promise<Uint8Array | ArrayBuffer>;
}

export interface PdfExportOptions {
  fonts: PdfFonts;
  /** The PDF's title (its metadata); the file name is the caller's. */
  title?: string;
  /** The document's style presets (spec 02 §3): fonts, sizes, colours, spacing of each kind of block. */
  styles?: StylePresets;
  /** Called with 0…1 as the pages are laid out. */
  onProgress?(fraction: number): void;
}

/** The message a failed export shows (spec 01 §8). */
export class PdfExportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfExportError';
  }
}

// Page geometry, in points: A4 with Word's default Chinese margins (2.54 cm top and bottom, 3.17 cm sides).
export const PAGE = { width: 595.28, height: 841.89, top: 72, bottom: 72, left: 90, right: 90 } as const;
const CONTENT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
const CONTENT_BOTTOM = PAGE.height - PAGE.bottom;

// The indent step and the fallbacks; the text's own sizes and line heights come from the style presets.
const BODY_PT = 12; // 小四, the editor's 16 px
const LINE_HEIGHT = 1.5;
const NOTE_PT = 9;
const TEXT_COLOR = '#111111';
const LINK_COLOR = '#1a56c4';
const MUTED = '#555555';
const RULE = '#999999';

type FontKey = 'regular' | 'bold';

/** One look of text on the page. */
interface Style {
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
}

/** A laid-out piece of the flow: a line, a picture, a table row. Drawn with its top at y. */
interface Item {
  height: number;
  spaceBefore: number;
  /** Footnotes whose markers are in this item: they go to the foot of the same page. */
  notes: Note[];
  keepWithNext?: boolean;
  /** A table's header row, drawn again at the top of a page that this row starts. */
  repeatAfterBreak?: Item;
  draw(x: number, y: number): void;
}

interface Note {
  marker: string;
  lines: TextLine[];
  height: number;
}

interface TextLine {
  pieces: Array<{ text: string; style: Style; width: number }>;
  width: number;
  height: number;
  /** Baseline below the line's top. */
  baseline: number;
}

function cssColor(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  const v = value.trim();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v)) return v;
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(v);
  if (rgb) {
    return `#${[rgb[1], rgb[2], rgb[3]].map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0')).join('')}`;
  }
  return fallback;
}

const toBytes = (data: Uint8Array | ArrayBuffer) =>
  data instanceof Uint8Array ? data : new Uint8Array(data);

/** The preset a block is styled by (spec 02 §3): the editor's stylesheet applies the same ones. */
function presetKeyOf(block: Block, cell?: 'tableHeader' | 'tableBody'): StylePresetKey {
  if (block.kind === 'heading') return block.level === 1 ? 'h1' : block.level === 2 ? 'h2' : 'h3';
  if (block.kind === 'code') return 'code';
  return cell ?? 'paragraph';
}

function needsBold(
  blocks: readonly Block[],
  presets: StylePresets,
  cell?: 'tableHeader' | 'tableBody',
): boolean {
  return blocks.some((block) => {
    if (block.kind === 'table')
      return block.rows.some((row) =>
        row.some((c) => needsBold(c.blocks, presets, c.header ? 'tableHeader' : 'tableBody')),
      );
    if (presets[presetKeyOf(block, cell)].bold && block.kind !== 'image') return true;
    return 'runs' in block && block.runs.some((run) => run.bold);
  });
}

/** A preset's line height as a multiple of its font size (an exact height divided by it). */
function presetLineHeight(preset: StylePreset, sizePt: number): number {
  const lh = preset.lineHeightAdv;
  if (!Number.isFinite(lh.value) || lh.value <= 0) return LINE_HEIGHT;
  if (lh.kind === 'exact') return Math.max(0.5, (toPx(lh.value, lh.unit) * 0.75) / sizePt);
  return lh.value;
}

/** A preset's special indent in points: the first line's (negative: hanging) and the start margin. */
function presetIndent(preset: StylePreset, sizePt: number): { first: number; start: number } {
  const indent = preset.specialIndent;
  if (indent.kind === 'none' || !Number.isFinite(indent.value) || indent.value <= 0)
    return { first: 0, start: 0 };
  const length = indent.unit === 'char' ? indent.value * sizePt : (indent.value * 72) / 25.4;
  return indent.kind === 'firstLine' ? { first: length, start: 0 } : { first: -length, start: length };
}

const YIELD_EVERY_MS = 40;
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function exportPdf(
  state: SerializedEditorState,
  options: PdfExportOptions,
): Promise<Uint8Array> {
  let blocks: Block[];
  try {
    blocks = blocksOf(state);
  } catch (error) {
    throw new PdfExportError(error instanceof Error ? error.message : t.pdf.failed, { cause: error });
  }
  const presets = options.styles ? normalizeStylePresets(options.styles) : DEFAULT_STYLE_PRESETS;
  let regular: Uint8Array;
  let bold: Uint8Array;
  try {
    regular = toBytes(await options.fonts.regular());
    bold = needsBold(blocks, presets) ? toBytes(await options.fonts.bold()) : regular;
  } catch (error) {
    throw new PdfExportError(t.pdf.fontFailed, { cause: error });
  }
  try {
    return await render(blocks, regular, bold, presets, options);
  } catch (error) {
    // PDFKit's own messages are English and technical: the user gets the catalogue's text, the cause is kept.
    throw new PdfExportError(t.pdf.failed, { cause: error });
  }
}

async function render(
  blocks: Block[],
  regular: Uint8Array,
  bold: Uint8Array,
  presets: StylePresets,
  options: PdfExportOptions,
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right },
    bufferPages: true,
    autoFirstPage: true,
    lang: 'zh-CN',
    displayTitle: Boolean(options.title),
    info: { Title: options.title ?? '', Creator: '万象' },
    // No default font: PDFKit would load Helvetica (ASCII only, and one more font to parse).
    font: null as unknown as string,
  });
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular as unknown as string);
  // Opening a CJK font costs a few hundred milliseconds: without bold text, bold is never opened.
  const hasBold = bold !== regular;
  if (hasBold) doc.registerFont('bold', bold as unknown as string);

  // Widths are measured once per (font, text): a Chinese document repeats its characters a lot.
  const widths = new Map<string, number>();
  let currentFont: FontKey | null = null;
  const selectFont = (wanted: FontKey) => {
    const font = hasBold ? wanted : 'regular';
    if (currentFont !== font) {
      doc.font(font);
      currentFont = font;
    }
  };
  const measure = (style: Style, text: string): number => {
    const key = `${style.font}\u0000${text}`;
    let unit = widths.get(key);
    if (unit === undefined) {
      selectFont(style.font);
      doc.fontSize(1000);
      unit = doc.widthOfString(text) / 1000;
      widths.set(key, unit);
    }
    return unit * style.size;
  };

  let footnoteCount = 0;
  const baseStyle = (size: number): Style => ({
    font: 'regular',
    size,
    color: TEXT_COLOR,
    italic: false,
    underline: false,
    strike: false,
    rise: 0,
  });

  /** The look a preset gives its blocks' text (a run's own formatting still wins, as in the editor). */
  const presetStyle = (preset: StylePreset): Style => ({
    font: preset.bold ? 'bold' : 'regular',
    size: preset.fontSizePx * 0.75,
    color: cssColor(preset.color || undefined, TEXT_COLOR),
    italic: preset.italic,
    underline: preset.underline,
    strike: preset.strike,
    ...(preset.highlight ? { highlight: cssColor(preset.highlight, '#fff3a3') } : {}),
    rise: 0,
  });

  const styleOf = (run: Run, base: Style): Style => {
    const size = run.fontSizePx ? run.fontSizePx * 0.75 : base.size;
    const small = run.superscript || run.subscript;
    return {
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

  /** Lays out runs in lines of `width`; footnote markers get their numbers and notes here, in order. */
  const layoutRuns = (
    runs: readonly Run[],
    base: Style,
    width: number,
    firstIndent: number,
    lineHeight: number,
  ): { lines: TextLine[]; notesByLine: Note[][] } => {
    const fragments: Fragment<Style>[] = [];
    const noteAt = new Map<Style, Note>();
    for (const run of runs) {
      if (run.footnote !== undefined) {
        footnoteCount++;
        const marker = footnoteMarker(footnoteCount);
        const style: Style = { ...base, font: 'regular', size: base.size * 0.8, color: LINK_COLOR, rise: 0 };
        const noteBase = baseStyle(NOTE_PT);
        const noteLines = layoutRuns(
          [{ text: `${marker} `, bold: false }, { text: run.footnote }],
          noteBase,
          CONTENT_WIDTH,
          0,
          1.4,
        ).lines;
        noteAt.set(style, { marker, lines: noteLines, height: noteLines.reduce((h, l) => h + l.height, 0) });
        fragments.push({ text: marker, style });
        continue;
      }
      const text = run.text.replace(/\t/g, '    ');
      if (text) fragments.push({ text, style: styleOf(run, base) });
    }
    const broken = breakLines(fragments, width, firstIndent, measure);
    const lines: TextLine[] = [];
    const notesByLine: Note[][] = [];
    for (const line of broken) {
      const size = Math.max(base.size, ...line.pieces.map((p) => p.style.size));
      const height = size * lineHeight;
      lines.push({
        pieces: line.pieces,
        width: line.width,
        height,
        // The ideographic em box (−0.12…0.88 em) centred in the line.
        baseline: (height - size) / 2 + size * 0.88,
      });
      notesByLine.push(line.pieces.flatMap((p) => noteAt.get(p.style) ?? []));
    }
    return { lines, notesByLine };
  };

  /**
   * Draws a line. Justified lines (all but a paragraph's last; every line when distributed, 分散对齐) share
   * the line's slack out between their characters, as Chinese typesetting does: PDFKit's character spacing
   * (Tc) after each character, so the text stays one string for search and copy.
   */
  const drawLine = (line: TextLine, x: number, y: number, align: Align, width: number, last = true) => {
    const slack = width - line.width;
    let extra = 0;
    if ((align === 'distribute' || (align === 'justify' && !last)) && slack > 0.01) {
      const lastPiece = line.pieces[line.pieces.length - 1];
      const trailing = lastPiece ? lastPiece.text.length - lastPiece.text.trimEnd().length : 0;
      const count = line.pieces.reduce((n, p) => n + Array.from(p.text).length, 0) - trailing;
      if (count > 1) extra = slack / (count - 1);
    }
    let cursor =
      x +
      (extra > 0
        ? 0
        : align === 'center'
          ? slack / 2
          : align === 'right'
            ? slack
            : align === 'distribute'
              ? slack / 2
              : 0);
    for (const piece of line.pieces) {
      const { style } = piece;
      const spread = extra * Array.from(piece.text).length;
      if (style.highlight) {
        doc.save();
        doc
          .rect(cursor, y + (line.height - style.size * 1.2) / 2, piece.width + spread, style.size * 1.2)
          .fill(style.highlight);
        doc.restore();
      }
      selectFont(style.font);
      doc.fontSize(style.size).fillColor(style.color);
      doc.text(piece.text, cursor, y + line.baseline - style.rise, {
        lineBreak: false,
        baseline: 'alphabetic',
        underline: style.underline,
        strike: style.strike,
        ...(extra > 0 ? { characterSpacing: extra } : {}),
        ...(style.italic ? { oblique: 12 } : {}),
        ...(style.link ? { link: style.link } : {}),
      });
      cursor += piece.width + spread;
    }
  };

  /** A paragraph's lines as flow items. */
  const textItems = (
    runs: readonly Run[],
    base: Style,
    opts: {
      width: number;
      indentLeft: number;
      firstIndent: number;
      align: Align;
      lineHeight: number;
      spaceBefore: number;
      keepWithNext?: boolean;
      decorate?: (x: number, y: number, height: number) => void;
      marker?: { text: string; style: Style };
    },
  ): Item[] => {
    const { lines, notesByLine } = layoutRuns(
      runs,
      base,
      opts.width - opts.indentLeft,
      opts.firstIndent,
      opts.lineHeight,
    );
    return lines.map((line, index) => ({
      height: line.height,
      spaceBefore: index === 0 ? opts.spaceBefore : 0,
      notes: notesByLine[index] ?? [],
      ...(opts.keepWithNext && index === lines.length - 1 ? { keepWithNext: true } : {}),
      draw: (x, y) => {
        opts.decorate?.(x, y, line.height);
        if (index === 0 && opts.marker) {
          selectFont(opts.marker.style.font);
          doc.fontSize(opts.marker.style.size).fillColor(opts.marker.style.color);
          doc.text(opts.marker.text, x + opts.indentLeft - 18, y + line.baseline, {
            lineBreak: false,
            baseline: 'alphabetic',
          });
        }
        const lineX = x + opts.indentLeft + (index === 0 ? opts.firstIndent : 0);
        drawLine(
          line,
          lineX,
          y,
          opts.align,
          opts.width - opts.indentLeft - (index === 0 ? opts.firstIndent : 0),
          index === lines.length - 1,
        );
      },
    }));
  };

  // The pictures' pixels are budgeted per export; a picture met twice (a table is laid out to measure it,
  // then again) is checked and counted once.
  const imageBudget = newImageBudget();
  const imageBytes = new Map<string, Uint8Array | null>();
  const imageItem = (src: string, altText: string, widthPx: number | undefined, maxWidth: number): Item => {
    let image: { width: number; height: number } | null = null;
    let bytes = imageBytes.get(src);
    if (bytes === undefined) {
      bytes = embeddableImage(src, imageBudget);
      imageBytes.set(src, bytes);
    }
    try {
      if (bytes)
        image = (
          doc as unknown as { openImage(src: Uint8Array): { width: number; height: number } }
        ).openImage(bytes);
    } catch {
      image = null;
    }
    if (!image) {
      // A picture PDF cannot hold (a GIF, WebP or a remote address): its description in a frame, so the
      // reader knows something was there.
      const base = { ...baseStyle(NOTE_PT), color: MUTED };
      const { lines } = layoutRuns(
        [{ text: `${t.pdf.imagePlaceholder}${altText}` }],
        base,
        maxWidth - 12,
        0,
        1.4,
      );
      const height = lines.reduce((h, l) => h + l.height, 0) + 12;
      return {
        height,
        spaceBefore: 6,
        notes: [],
        draw: (x, y) => {
          doc
            .save()
            .lineWidth(0.5)
            .rect(x, y, maxWidth, height)
            .dash(3, { space: 2 })
            .stroke(RULE)
            .undash()
            .restore();
          let top = y + 6;
          for (const line of lines) {
            drawLine(line, x + 6, top, 'left', maxWidth - 12);
            top += line.height;
          }
        },
      };
    }
    const loaded = image;
    let width = Math.min((widthPx ?? loaded.width) * 0.75, maxWidth);
    let height = (width * loaded.height) / loaded.width;
    const maxHeight = CONTENT_BOTTOM - PAGE.top - 24;
    if (height > maxHeight) {
      width = (width * maxHeight) / height;
      height = maxHeight;
    }
    return {
      height,
      spaceBefore: 6,
      notes: [],
      draw: (x, y) => {
        doc.image(loaded as never, x, y, { width, height });
      },
    };
  };

  const codeItems = (lines: readonly string[], width: number): Item[] => {
    const pad = 8;
    const preset = presets.code;
    const base: Style = {
      ...presetStyle(preset),
      color: preset.color ? cssColor(preset.color, '#24292f') : '#24292f',
    };
    const lineHeight = presetLineHeight(preset, base.size);
    const out: Item[] = [];
    lines.forEach((source, index) => {
      const { lines: laid } = layoutRuns(
        [{ text: source.replace(/\t/g, '    ') || ' ' }],
        base,
        width - 2 * pad,
        0,
        lineHeight,
      );
      laid.forEach((line, part) => {
        const first = index === 0 && part === 0;
        const last = index === lines.length - 1 && part === laid.length - 1;
        const height = line.height + (first ? pad : 0) + (last ? pad : 0);
        out.push({
          height,
          spaceBefore: first ? 8 : 0,
          notes: [],
          draw: (x, y) => {
            doc.save().rect(x, y, width, height).fill('#f4f5f7').restore();
            drawLine(line, x + pad, y + (first ? pad : 0), 'left', width - 2 * pad);
          },
        });
      });
    });
    return out;
  };

  /**
   * A block's items. Its preset (paragraph, h1–h3, code, table header or body cells) gives the text's
   * look, line height and special indent; the block's own line height and first-line indent win over it.
   */
  const blockItems = (block: Block, width: number, cell?: 'tableHeader' | 'tableBody'): Item[] => {
    const preset = presets[presetKeyOf(block, cell)];
    switch (block.kind) {
      case 'heading': {
        const base = presetStyle(preset);
        const size = base.size;
        const indent = presetIndent(preset, size);
        return textItems(block.runs, base, {
          width,
          indentLeft: block.indent * 2 * BODY_PT + indent.start,
          firstIndent: block.firstLineEm ? block.firstLineEm * size : indent.first,
          align: block.align,
          lineHeight: block.lineHeight || presetLineHeight(preset, size),
          spaceBefore: size * 0.8,
          keepWithNext: true,
        });
      }
      case 'paragraph':
      case 'quote': {
        const quote = block.kind === 'quote';
        const styled = presetStyle(preset);
        const base = quote && !preset.color ? { ...styled, color: MUTED } : styled;
        const indent = presetIndent(preset, base.size);
        return textItems(block.runs, base, {
          width,
          indentLeft: block.indent * 2 * BODY_PT + (quote ? 14 : 0) + indent.start,
          firstIndent: block.firstLineEm ? block.firstLineEm * base.size : indent.first,
          align: block.align,
          lineHeight: block.lineHeight || presetLineHeight(preset, base.size),
          spaceBefore: cell ? 2 : 4,
          ...(quote
            ? {
                decorate: (x: number, y: number, h: number) =>
                  void doc.save().rect(x, y, 3, h).fill('#d0d4da').restore(),
              }
            : {}),
        });
      }
      case 'listitem': {
        const indentLeft = 22 + block.depth * 22;
        const base = presetStyle(preset);
        return textItems(block.runs, base, {
          width,
          indentLeft,
          firstIndent: 0,
          align: block.align,
          lineHeight: block.lineHeight || presetLineHeight(preset, base.size),
          spaceBefore: 2,
          marker: { text: block.marker, style: { ...base, underline: false, strike: false } },
        });
      }
      case 'code':
        return codeItems(block.lines, width);
      case 'image':
        return [imageItem(block.src, block.altText, block.width, width)];
      case 'table':
        return tableItems(block, width);
    }
  };

  /** Cell contents laid out at a width, as a stack of items. */
  const stack = (cell: TableCell, width: number): { items: Item[]; height: number } => {
    const items = cell.blocks.flatMap((b) => blockItems(b, width, cell.header ? 'tableHeader' : 'tableBody'));
    const height = items.reduce((h, item, i) => h + item.height + (i > 0 ? item.spaceBefore : 0), 0);
    return { items, height };
  };

  const tableItems = (table: TableBlock, width: number): Item[] => {
    const columnCount = Math.max(
      1,
      ...table.rows.map((row) => row.reduce((n, cell) => n + cell.colSpan, 0)),
      table.colWidths?.length ?? 0,
    );
    const given = table.colWidths && table.colWidths.length === columnCount ? table.colWidths : null;
    const total = given ? given.reduce((a, b) => a + b, 0) : columnCount;
    const columns = Array.from(
      { length: columnCount },
      (_, i) => (given ? (given[i] as number) : 1) * (width / total),
    );
    const pad = 4;
    // Which columns a row's cells start at, skipping those a cell above still covers (rowSpan).
    const covered: number[] = new Array(columnCount).fill(0);
    const items: Item[] = [];
    let headerRow: Item | undefined;
    for (const [rowIndex, row] of table.rows.entries()) {
      const placed: Array<{
        cell: TableCell;
        col: number;
        w: number;
        laid: { items: Item[]; height: number };
      }> = [];
      let col = 0;
      const coveredNow = covered.map((n) => n > 0);
      for (const cell of row) {
        while (col < columnCount && coveredNow[col]) col++;
        if (col >= columnCount) break;
        const span = Math.min(cell.colSpan, columnCount - col);
        const w = columns.slice(col, col + span).reduce((a, b) => a + b, 0);
        placed.push({ cell, col, w, laid: stack(cell, w - 2 * pad) });
        for (let c = col; c < col + span; c++) covered[c] = Math.max(covered[c] as number, cell.rowSpan);
        col += span;
      }
      const height =
        Math.max(presets.tableBody.fontSizePx * 0.75 * 1.15, ...placed.map((p) => p.laid.height)) + 2 * pad;
      const covers = coveredNow;
      for (let c = 0; c < columnCount; c++) covered[c] = Math.max(0, (covered[c] as number) - 1);
      const notes = placed.flatMap((p) => p.laid.items.flatMap((item) => item.notes));
      if (height > CONTENT_BOTTOM - PAGE.top - 24) {
        // A row taller than a page cannot be drawn as a row: its cells follow one another instead, so that
        // nothing of it is lost.
        for (const p of placed) items.push(...p.laid.items);
        continue;
      }
      const xs = columns.map((_, i) => columns.slice(0, i).reduce((a, b) => a + b, 0));
      const rowItem: Item = {
        height,
        spaceBefore: items.length === 0 ? 8 : 0,
        notes,
        ...(headerRow ? { repeatAfterBreak: headerRow } : {}),
        draw: (x, y) => {
          doc.save().lineWidth(0.5).strokeColor(RULE);
          for (const p of placed) {
            const cx = x + (xs[p.col] as number);
            if (p.cell.header || p.cell.background) {
              doc.rect(cx, y, p.w, height).fill(cssColor(p.cell.background, '#f2f3f5'));
            }
            doc.rect(cx, y, p.w, height).stroke(RULE);
            let top = y + pad;
            p.laid.items.forEach((item, i) => {
              if (i > 0) top += item.spaceBefore;
              item.draw(cx + pad, top);
              top += item.height;
            });
          }
          // The parts of cells from rows above that reach into this one.
          for (let c = 0; c < columnCount; c++) {
            if (!covers[c]) continue;
            const cx = x + (xs[c] as number);
            doc
              .moveTo(cx, y)
              .lineTo(cx, y + height)
              .moveTo(cx + (columns[c] as number), y)
              .lineTo(cx + (columns[c] as number), y + height)
              .stroke(RULE);
          }
          doc.restore();
        },
      };
      items.push(rowItem);
      // A first row of header cells only, without footnotes, is the one repeated on each new page.
      if (
        rowIndex === 0 &&
        row.length > 0 &&
        row.every((c) => c.header && c.rowSpan === 1) &&
        notes.length === 0
      )
        headerRow = rowItem;
    }
    return items;
  };

  // The flow: items placed top to bottom; a new page when the next one (with its footnotes) does not fit.
  let y = PAGE.top;
  let pageNotes: Note[] = [];
  let pageHasContent = false;
  const notesHeight = (notes: readonly Note[]) =>
    notes.length === 0 ? 0 : 14 + notes.reduce((h, n) => h + n.height, 0);
  const drawNotes = () => {
    if (pageNotes.length === 0) return;
    let top = CONTENT_BOTTOM - notesHeight(pageNotes) + 8;
    doc
      .save()
      .lineWidth(0.5)
      .moveTo(PAGE.left, top - 4)
      .lineTo(PAGE.left + CONTENT_WIDTH / 3, top - 4)
      .stroke(RULE)
      .restore();
    for (const note of pageNotes) {
      for (const line of note.lines) {
        drawLine(line, PAGE.left, top, 'left', CONTENT_WIDTH);
        top += line.height;
      }
    }
  };
  const newPage = () => {
    drawNotes();
    doc.addPage();
    y = PAGE.top;
    pageNotes = [];
    pageHasContent = false;
  };
  const place = (item: Item, next: Item | undefined) => {
    const gap = pageHasContent ? item.spaceBefore : 0;
    let needed = gap + item.height + notesHeight([...pageNotes, ...item.notes]) - notesHeight(pageNotes);
    if (item.keepWithNext && next) needed += next.spaceBefore + next.height;
    if (pageHasContent && y + needed > CONTENT_BOTTOM - notesHeight(pageNotes)) {
      newPage();
      if (item.repeatAfterBreak) {
        item.repeatAfterBreak.draw(PAGE.left, y);
        y += item.repeatAfterBreak.height;
      }
    }
    y += pageHasContent ? item.spaceBefore : 0;
    item.draw(PAGE.left, y);
    y += item.height;
    pageNotes.push(...item.notes);
    pageHasContent = true;
  };

  const total = blocks.length;
  let lastYield = performance.now();
  let pending: Item[] = [];
  for (let i = 0; i < total; i++) {
    const block = blocks[i] as Block;
    pending.push(...blockItems(block, CONTENT_WIDTH));
    // Items are placed once the next block is laid out, so that a heading can keep with what follows it.
    const keep = i < total - 1 ? 1 : 0;
    while (pending.length > keep) {
      const item = pending.shift() as Item;
      place(item, pending[0]);
    }
    // On the browser's main thread the page stays responsive (and the progress notice painted): the
    // layout lets the event loop run every few dozen milliseconds.
    if (performance.now() - lastYield > YIELD_EVERY_MS) {
      options.onProgress?.((i + 1) / total);
      await yieldToEventLoop();
      lastYield = performance.now();
    }
  }
  for (let i = 0; i < pending.length; i++) place(pending[i] as Item, pending[i + 1]);
  pending = [];
  drawNotes();

  // Page numbers, now that the count is known.
  const range = doc.bufferedPageRange();
  const pageStyle = { ...baseStyle(NOTE_PT), color: MUTED };
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const label = t.pdf.pageNumber(i + 1, range.count);
    const w = measure(pageStyle, label);
    selectFont('regular');
    doc.fontSize(NOTE_PT).fillColor(MUTED);
    doc.text(label, (PAGE.width - w) / 2, PAGE.height - PAGE.bottom / 2, {
      lineBreak: false,
      baseline: 'alphabetic',
    });
  }
  doc.end();
  await ended;
  options.onProgress?.(1);
  const size = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
