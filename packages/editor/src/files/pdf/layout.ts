import { noteMarker } from '../../footnotes/numbering';
import type { ParagraphSpacing } from '../../format/units';
import { t } from '../../i18n/zh-CN';
import { shapeItem } from '../../shapes/pdfShape';
import type { StylePresets } from '../../styles/presets';
import { tocItems } from '../../toc/pdf';
import type { Align, Block, Run } from './blocks';
import { embeddableImage, newImageBudget } from './images';
import { breakLines, type Fragment } from './lineBreaking';
import type { FormulaSlot } from './mathBox';
import { CONTENT_WIDTH, type Item, MAX_ITEM_HEIGHT, type Note } from './pagination';
import type { Painter, TextLine } from './painter';
import {
  BODY_PT,
  baseStyle,
  bodyFace,
  type CellPreset,
  cssColor,
  LINK_COLOR,
  MUTED,
  NOTE_PT,
  presetIndent,
  presetKeyOf,
  presetLineHeight,
  presetStyle,
  type Style,
  styleOf,
} from './styles';
import { tableItems } from './tables';

/**
 * Blocks laid out as flow items at a width: lines of text, pictures, code, table rows. Each item knows its
 * height and how to draw itself; where it lands is the flow's (pagination.ts). Footnotes are numbered here,
 * in the order their markers are laid out, so one layout serves one export.
 */

/** The character an inline formula stands on in the line breaking (U+FFFC, the object replacement). */
export const FORMULA_CHAR = '\uFFFC';
/** Room kept above and below a formula that sets its line's height, in ems. */
const FORMULA_ROOM = 0.15;

export interface TextOptions {
  width: number;
  indentLeft: number;
  firstIndent: number;
  align: Align;
  lineHeight: number;
  spaceBefore: number;
  /** 段后: room below the last line (pagination.ts). */
  spaceAfter?: number;
  keepWithNext?: boolean;
  decorate?: (x: number, y: number, height: number) => void;
  marker?: { text: string; style: Style };
}

/**
 * 段前 / 段后 in points: 磅 as they are, 行 as lines of `linePt` (the paragraph's line height, what the
 * editor's `lh` is); undefined when the paragraph has none of its own.
 */
export const spacingPt = (spacing: ParagraphSpacing | undefined, linePt: number): number | undefined =>
  spacing === undefined ? undefined : spacing.unit === 'pt' ? spacing.value : spacing.value * linePt;

export class Layout {
  private footnoteCount = 0;
  // The pictures' pixels are budgeted per export; a picture met twice (a table is laid out to measure it,
  // then again) is checked and counted once.
  private readonly imageBudget = newImageBudget();
  private readonly imageBytes = new Map<string, Uint8Array | null>();

  constructor(
    private readonly painter: Painter,
    private readonly presets: StylePresets,
    /** The page's text width (footnotes span it) and the tallest a picture may be, in points. */
    private readonly page: { contentWidth: number; maxItemHeight: number } = {
      contentWidth: CONTENT_WIDTH,
      maxItemHeight: MAX_ITEM_HEIGHT,
    },
  ) {}

  /** Lays out runs in lines of `width`; footnote markers get their numbers and notes here, in order. */
  layoutRuns(
    runs: readonly Run[],
    base: Style,
    width: number,
    firstIndent: number,
    lineHeight: number,
  ): { lines: TextLine[]; notesByLine: Note[][] } {
    const fragments: Fragment<Style>[] = [];
    const noteAt = new Map<Style, Note>();
    for (const run of runs) {
      if (run.endnote !== undefined) {
        // An endnote's marker only: its text is printed at the end, under 尾注 (footnotes/pdfNotes.ts).
        fragments.push({
          text: run.endnote,
          style: { ...base, font: 'regular', size: base.size * 0.8, color: LINK_COLOR, rise: 0 },
        });
        continue;
      }
      if (run.footnote !== undefined) {
        this.footnoteCount++;
        const marker = noteMarker(this.footnoteCount, run.noteFormat);
        const style: Style = { ...base, font: 'regular', size: base.size * 0.8, color: LINK_COLOR, rise: 0 };
        const noteLines = this.layoutRuns(
          [{ text: `${marker} `, bold: false }, { text: run.footnote }],
          baseStyle(NOTE_PT, bodyFace(this.presets)),
          this.page.contentWidth,
          0,
          1.4,
        ).lines;
        noteAt.set(style, { marker, lines: noteLines, height: noteLines.reduce((h, l) => h + l.height, 0) });
        fragments.push({ text: marker, style });
        continue;
      }
      if (run.formula?.math) {
        // A typeset formula: one object character (UAX #14 allows a break on either side of it, none
        // inside), whose piece is the formula's box in the run's size and colour; one wider than the line
        // is set smaller to fit it.
        const { math } = run.formula;
        const style = styleOf({ ...run, code: false }, base);
        const size = math.width > 0 ? Math.min(style.size, width / math.width) : style.size;
        fragments.push({
          text: FORMULA_CHAR,
          style: { ...style, size, underline: false, strike: false, math },
        });
        continue;
      }
      const text = run.text.replace(/\t/g, '    ');
      if (text) fragments.push({ text, style: styleOf(run, base) });
    }
    const broken = breakLines(fragments, width, firstIndent, this.painter.measure);
    const lines: TextLine[] = [];
    const notesByLine: Note[][] = [];
    for (const line of broken) {
      const size = Math.max(base.size, ...line.pieces.map((p) => p.style.size));
      // The ideographic em box (−0.12…0.88 em) centred in the line.
      let above = (size * lineHeight - size) / 2 + size * 0.88;
      let below = size * lineHeight - above;
      // A formula taller or deeper than that pushes the line's top up or its bottom down, with a little room.
      for (const { style } of line.pieces) {
        if (!style.math) continue;
        above = Math.max(above, (style.math.height + FORMULA_ROOM) * style.size + style.rise);
        below = Math.max(below, (style.math.depth + FORMULA_ROOM) * style.size - style.rise);
      }
      lines.push({ pieces: line.pieces, width: line.width, height: above + below, baseline: above });
      notesByLine.push(line.pieces.flatMap((p) => noteAt.get(p.style) ?? []));
    }
    return { lines, notesByLine };
  }

  /** A paragraph's lines as flow items. */
  textItems(runs: readonly Run[], base: Style, opts: TextOptions): Item[] {
    const { painter } = this;
    const { lines, notesByLine } = this.layoutRuns(
      runs,
      base,
      opts.width - opts.indentLeft,
      opts.firstIndent,
      opts.lineHeight,
    );
    const items = lines.map(
      (line, index): Item => ({
        height: line.height,
        spaceBefore: index === 0 ? opts.spaceBefore : 0,
        notes: notesByLine[index] ?? [],
        ...(opts.keepWithNext && index === lines.length - 1 ? { keepWithNext: true } : {}),
        ...(opts.spaceAfter && index === lines.length - 1 ? { spaceAfter: opts.spaceAfter } : {}),
        draw: (x, y) => {
          opts.decorate?.(x, y, line.height);
          if (index === 0 && opts.marker)
            painter.label(opts.marker.text, x + opts.indentLeft - 18, y + line.baseline, opts.marker.style);
          const lineX = x + opts.indentLeft + (index === 0 ? opts.firstIndent : 0);
          painter.drawLine(
            line,
            lineX,
            y,
            opts.align,
            opts.width - opts.indentLeft - (index === 0 ? opts.firstIndent : 0),
            index === lines.length - 1,
          );
        },
      }),
    );
    // Widow and orphan control, as the page view cuts paragraphs: the first line keeps with the second,
    // the last but one with the last.
    const count = items.length;
    if (count >= 2) {
      (items[0] as Item).keepsWith = items[1] as Item;
      (items[count - 2] as Item).keepsWith = items[count - 1] as Item;
    }
    return items;
  }

  imageItem(src: string, altText: string, widthPx: number | undefined, maxWidth: number): Item {
    const { painter } = this;
    let bytes = this.imageBytes.get(src);
    if (bytes === undefined) {
      bytes = embeddableImage(src, this.imageBudget);
      this.imageBytes.set(src, bytes);
    }
    const image = bytes ? painter.openImage(bytes) : null;
    if (!image) {
      // A picture PDF cannot hold (a GIF, WebP or a remote address): its description in a frame, so the
      // reader knows something was there.
      const base = { ...baseStyle(NOTE_PT, bodyFace(this.presets)), color: MUTED };
      const { lines } = this.layoutRuns(
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
          painter.dashedFrame(x, y, maxWidth, height);
          let top = y + 6;
          for (const line of lines) {
            painter.drawLine(line, x + 6, top, 'left', maxWidth - 12);
            top += line.height;
          }
        },
      };
    }
    let width = Math.min((widthPx ?? image.width) * 0.75, maxWidth);
    let height = (width * image.height) / image.width;
    const maxHeight = this.page.maxItemHeight;
    if (height > maxHeight) {
      width = (width * maxHeight) / height;
      height = maxHeight;
    }
    return {
      height,
      spaceBefore: 6,
      notes: [],
      draw: (x, y) => painter.image(image, x, y, width, height),
    };
  }

  /**
   * A display formula: centred on its own line in the paragraph's size and colour, made smaller to fit the
   * column or the page, so that it moves to the next page whole. One it could not typeset prints as its
   * source between $$ lines in the code look.
   */
  formulaItems(formula: FormulaSlot, width: number): Item[] {
    const { math } = formula;
    if (!math) return this.codeItems(['$$', ...formula.tex.split('\n'), '$$'], width);
    const base = presetStyle(this.presets.paragraph);
    const natural = math.height + math.depth;
    const size = Math.min(
      base.size,
      math.width > 0 ? width / math.width : base.size,
      natural > 0 ? this.page.maxItemHeight / natural : base.size,
    );
    const pad = size * 0.25;
    const boxWidth = math.width * size;
    return [
      {
        height: natural * size + 2 * pad,
        spaceBefore: 4,
        spaceAfter: 4,
        notes: [],
        draw: (x, y) =>
          this.painter.drawMath(
            math,
            x + (width - boxWidth) / 2,
            y + pad + math.height * size,
            size,
            base.color,
          ),
      },
    ];
  }

  codeItems(lines: readonly string[], width: number): Item[] {
    const { painter } = this;
    const pad = 8;
    const preset = this.presets.code;
    const base: Style = {
      ...presetStyle(preset),
      color: preset.color ? cssColor(preset.color, '#24292f') : '#24292f',
    };
    const lineHeight = presetLineHeight(preset, base.size);
    const out: Item[] = [];
    lines.forEach((source, index) => {
      const { lines: laid } = this.layoutRuns(
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
            painter.fillRect(x, y, width, height, '#f4f5f7');
            painter.drawLine(line, x + pad, y + (first ? pad : 0), 'left', width - 2 * pad);
          },
        });
      });
    });
    return out;
  }

  /**
   * A block's items. Its preset (paragraph, h1–h3, code, table header or body cells) gives the text's
   * look, line height and special indent; the block's own line height and first-line indent win over it.
   */
  blockItems(block: Block, width: number, cell?: CellPreset): Item[] {
    const preset = this.presets[presetKeyOf(block, cell)];
    switch (block.kind) {
      case 'heading': {
        const base = presetStyle(preset);
        const size = base.size;
        const indent = presetIndent(preset, size);
        const lineHeight = block.lineHeight || presetLineHeight(preset, size);
        return this.textItems(block.runs, base, {
          width,
          indentLeft: block.indent * 2 * BODY_PT + indent.start,
          firstIndent: block.firstLineEm ? block.firstLineEm * size : indent.first,
          align: block.align,
          lineHeight,
          // The editor's margins (WordEditor.css.ts): 0.9 em above a heading, 0.5 em below.
          spaceBefore: spacingPt(block.spaceBefore, size * lineHeight) ?? size * 0.9,
          spaceAfter: spacingPt(block.spaceAfter, size * lineHeight) ?? size * 0.5,
          keepWithNext: true,
        });
      }
      case 'paragraph':
      case 'quote': {
        const quote = block.kind === 'quote';
        const styled = presetStyle(preset);
        const base = quote && !preset.color ? { ...styled, color: MUTED } : styled;
        const indent = presetIndent(preset, base.size);
        const lineHeight = block.lineHeight || presetLineHeight(preset, base.size);
        return this.textItems(block.runs, base, {
          width,
          indentLeft: block.indent * 2 * BODY_PT + (quote ? 14 : 0) + indent.start,
          firstIndent: block.firstLineEm ? block.firstLineEm * base.size : indent.first,
          align: block.align,
          lineHeight,
          // The editor's margins: none above a paragraph, 0.6 em below; none in a table's cell.
          spaceBefore: spacingPt(block.spaceBefore, base.size * lineHeight) ?? 0,
          spaceAfter: spacingPt(block.spaceAfter, base.size * lineHeight) ?? (cell ? 0 : base.size * 0.6),
          ...(quote
            ? {
                decorate: (x: number, y: number, h: number) => this.painter.fillRect(x, y, 3, h, '#d0d4da'),
              }
            : {}),
        });
      }
      case 'listitem': {
        // The editor's list indent: 2 em of body text a level (WordEditor.css.ts).
        const indentLeft = (block.depth + 1) * 2 * BODY_PT;
        const base = presetStyle(preset);
        const lineHeight = block.lineHeight || presetLineHeight(preset, base.size);
        return this.textItems(block.runs, base, {
          width,
          indentLeft,
          firstIndent: 0,
          align: block.align,
          lineHeight,
          // The editor's margins: 0.15 em between items, the list's 0.6 em below its last.
          spaceBefore: spacingPt(block.spaceBefore, base.size * lineHeight) ?? base.size * 0.15,
          spaceAfter:
            spacingPt(block.spaceAfter, base.size * lineHeight) ??
            (block.listEnd ? base.size * 0.6 : undefined),
          marker: { text: block.marker, style: { ...base, underline: false, strike: false } },
        });
      }
      case 'code':
        return this.codeItems(block.lines, width);
      case 'formula':
        return this.formulaItems(block.formula, width);
      case 'image': {
        const item = this.imageItem(block.src, block.altText, block.width, width);
        // 行 of a picture's paragraph: lines of body text, as the paragraph's preset sets them.
        const linePt = presetStyle(preset).size * presetLineHeight(preset, presetStyle(preset).size);
        // A picture's paragraph has the editor's paragraph margins: none above, 0.6 em below.
        const before = spacingPt(block.spaceBefore, linePt) ?? 0;
        const after = spacingPt(block.spaceAfter, linePt) ?? (cell ? 0 : presetStyle(preset).size * 0.6);
        return [{ ...item, spaceBefore: before, ...(after ? { spaceAfter: after } : {}) }];
      }
      case 'shape':
        return [
          shapeItem(this.painter, block.shape, width, (text, w) => {
            // 10.5 pt, the paper's body size for the shape's 14 px text, in the dark text of the page.
            const base = { ...baseStyle(10.5, bodyFace(this.presets)), color: '#111111' };
            return this.layoutRuns([{ text }], base, w, 0, 1.4).lines;
          }),
        ];
      case 'pageBreak':
        return [{ height: 0, spaceBefore: 0, notes: [], pageBreak: true, draw: () => {} }];
      case 'toc': {
        const base = presetStyle(preset);
        return tocItems(this.painter, block, base, width, presetLineHeight(preset, base.size));
      }
      case 'rule':
        return [
          {
            height: 12,
            spaceBefore: 4,
            notes: [],
            draw: (x, y) => this.painter.horizontalRule(x, y + 6, width),
          },
        ];
      case 'table':
        return tableItems(block, width, {
          painter: this.painter,
          cellItems: (c, w) =>
            c.blocks.flatMap((b) => this.blockItems(b, w, c.header ? 'tableHeader' : 'tableBody')),
          minTextHeight: this.presets.tableBody.fontSizePx * 0.75 * 1.15,
        });
    }
  }
}
