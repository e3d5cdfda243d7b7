import PDFDocument from 'pdfkit';
import type { Align } from './blocks';
import { DEFAULT_FACE, PDF_FACES, type PdfFontFile } from './fontFiles';
import type { MathBox, MathPaint, MathShape } from './mathBox';
import { fontFileOf, RULE, type Style } from './styles';

/**
 * Everything that touches PDFKit: the document, its fonts, measuring text and drawing on the page. Layout
 * and pagination only compute where things go and call these.
 */

/** A line of laid-out text: pieces of one style each, measured. */
export interface TextLine {
  pieces: Array<{ text: string; style: Style; width: number }>;
  width: number;
  height: number;
  /** Baseline below the line's top. */
  baseline: number;
}

/** A picture PDFKit has opened: its size in pixels, and what `image` draws. */
export interface OpenedImage {
  width: number;
  height: number;
}

/** The parts of PDFKit's document the painter uses (a test passes a recorder of the same shape). */
export type PdfDoc = PDFKit.PDFDocument & {
  openImage(src: Uint8Array): OpenedImage;
};

const TEXT_OPTIONS = { lineBreak: false, baseline: 'alphabetic' } as const;

export class Painter {
  // Widths are measured once per (font, text): a Chinese document repeats its characters a lot.
  private readonly widths = new Map<string, number>();
  private currentFont: PdfFontFile | null = null;

  /**
   * registered: the font files the document has (by their names in fontFiles.ts). A style whose file is
   * missing is set in its face's regular, else in the sans of its weight, else in the first one there is.
   */
  constructor(
    readonly doc: PdfDoc,
    private readonly registered: ReadonlySet<PdfFontFile>,
  ) {}

  /** The registered file a style is set in. */
  fileOf(style: Pick<Style, 'face' | 'font'>): PdfFontFile {
    const wanted = fontFileOf(style);
    if (this.registered.has(wanted)) return wanted;
    for (const file of [PDF_FACES[style.face].regular, PDF_FACES.hei[style.font], PDF_FACES.hei.regular])
      if (this.registered.has(file)) return file;
    return this.registered.values().next().value ?? wanted;
  }

  private selectFont(style: Pick<Style, 'face' | 'font'>): void {
    const font = this.fileOf(style);
    if (this.currentFont !== font) {
      this.doc.font(font);
      this.currentFont = font;
    }
  }

  /** The text's width in points in the style's font and size. */
  readonly measure = (style: Style, text: string): number => {
    // A formula's piece is its box, whatever its (placeholder) text.
    if (style.math) return style.math.width * style.size;
    const key = `${this.fileOf(style)}\u0000${text}`;
    let unit = this.widths.get(key);
    if (unit === undefined) {
      this.selectFont(style);
      this.doc.fontSize(1000);
      unit = this.doc.widthOfString(text) / 1000;
      this.widths.set(key, unit);
    }
    return unit * style.size;
  };

  /** A single string at a baseline, without formatting (list markers, page numbers). */
  label(text: string, x: number, baselineY: number, style: Style): void {
    this.selectFont(style);
    this.doc.fontSize(style.size).fillColor(style.color);
    this.doc.text(text, x, baselineY, TEXT_OPTIONS);
  }

  /**
   * Draws a line. Justified lines (all but a paragraph's last; every line when distributed, 分散对齐) share
   * the line's slack out between their characters, as Chinese typesetting does: PDFKit's character spacing
   * (Tc) after each character, so the text stays one string for search and copy.
   */
  drawLine(line: TextLine, x: number, y: number, align: Align, width: number, last = true): void {
    const { doc } = this;
    const extra = characterSpacing(line, align, width, last);
    const slack = width - line.width;
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
      if (style.math) {
        this.drawMath(
          style.math,
          cursor + spread / 2,
          y + line.baseline - style.rise,
          style.size,
          style.color,
        );
        cursor += piece.width + spread;
        continue;
      }
      this.selectFont(style);
      doc.fontSize(style.size).fillColor(style.color);
      doc.text(piece.text, cursor, y + line.baseline - style.rise, {
        ...TEXT_OPTIONS,
        underline: style.underline,
        strike: style.strike,
        ...(extra > 0 ? { characterSpacing: extra } : {}),
        ...(style.italic ? { oblique: 12 } : {}),
        ...(style.link ? { link: style.link } : {}),
      });
      cursor += piece.width + spread;
    }
  }

  /**
   * A typeset formula with its left edge at x and its baseline at baselineY, `size` points to the em, in
   * `color` where the formula does not set its own: its glyphs and rules as filled outlines.
   */
  drawMath(box: MathBox, x: number, baselineY: number, size: number, color: string): void {
    const { doc } = this;
    const unit = size / box.unitsPerEm;
    doc.save();
    doc.transform(unit, 0, 0, unit, x - box.left * unit, baselineY);
    this.drawMathShapes([box.root], color);
    doc.restore();
  }

  private drawMathShapes(shapes: readonly MathShape[], color: string): void {
    const { doc } = this;
    const paint = (p: MathPaint): string | null => (p === 'current' ? color : p);
    for (const shape of shapes) {
      if (shape.kind === 'group') {
        doc.save();
        if (shape.clip) doc.rect(shape.clip.x, shape.clip.y, shape.clip.width, shape.clip.height).clip();
        if (shape.transform) doc.transform(...shape.transform);
        this.drawMathShapes(shape.children, color);
        doc.restore();
      } else if (shape.kind === 'path') {
        const fill = paint(shape.fill);
        const stroke = paint(shape.stroke);
        if (fill && stroke) doc.path(shape.d).lineWidth(shape.strokeWidth).fillAndStroke(fill, stroke);
        else if (fill) doc.path(shape.d).fill(fill);
        else if (stroke) doc.path(shape.d).lineWidth(shape.strokeWidth).stroke(stroke);
      } else {
        // Text the maths fonts lack, in the document's face; the group above flipped y back to the page's.
        const fill = paint(shape.fill);
        if (!fill) continue;
        this.selectFont({ face: this.mathFace, font: shape.bold ? 'bold' : 'regular' });
        doc.fontSize(shape.size).fillColor(fill);
        doc.text(shape.text, 0, 0, TEXT_OPTIONS);
      }
    }
  }

  /** The face a formula's text (\text{…}) is set in: the paragraph's, given by the export. */
  mathFace: Style['face'] = DEFAULT_FACE;

  fillRect(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.save().rect(x, y, width, height).fill(color).restore();
  }

  /** The dashed frame of a picture shown by its description. */
  dashedFrame(x: number, y: number, width: number, height: number): void {
    this.doc
      .save()
      .lineWidth(0.5)
      .rect(x, y, width, height)
      .dash(3, { space: 2 })
      .stroke(RULE)
      .undash()
      .restore();
  }

  /** A thin horizontal rule (the one above a page's footnotes). */
  rule(x: number, y: number, length: number): void {
    this.doc
      .save()
      .lineWidth(0.5)
      .moveTo(x, y)
      .lineTo(x + length, y)
      .stroke(RULE)
      .restore();
  }

  /** A document's horizontal rule (水平线): a line across the column, darker than the footnotes' rule. */
  horizontalRule(x: number, y: number, length: number): void {
    this.doc
      .save()
      .lineWidth(0.75)
      .moveTo(x, y)
      .lineTo(x + length, y)
      .stroke('#8c8c8c')
      .restore();
  }

  /** The picture's size, or null when PDFKit cannot read it. */
  openImage(bytes: Uint8Array): OpenedImage | null {
    try {
      return this.doc.openImage(bytes);
    } catch {
      return null;
    }
  }

  image(image: OpenedImage, x: number, y: number, width: number, height: number): void {
    this.doc.image(image as never, x, y, { width, height });
  }

  /** A table row's drawing: thin rule lines in between `beginRow` and `endRow`. */
  beginRow(): void {
    this.doc.save().lineWidth(0.5).strokeColor(RULE);
  }

  /** A cell's frame, filled first when it has a background. */
  cellBox(x: number, y: number, width: number, height: number, background?: string): void {
    if (background) this.doc.rect(x, y, width, height).fill(background);
    this.doc.rect(x, y, width, height).stroke(RULE);
  }

  /** The side rules of a column a cell from a row above still covers. */
  sideRules(x: number, y: number, width: number, height: number): void {
    this.doc
      .moveTo(x, y)
      .lineTo(x, y + height)
      .moveTo(x + width, y)
      .lineTo(x + width, y + height)
      .stroke(RULE);
  }

  endRow(): void {
    this.doc.restore();
  }
}

/**
 * The spacing added after each character of a justified or distributed line, in points (0: none). A line
 * of one character, or one that already fills its width, is not spread.
 */
export function characterSpacing(line: TextLine, align: Align, width: number, last: boolean): number {
  const slack = width - line.width;
  if ((align === 'distribute' || (align === 'justify' && !last)) && slack > 0.01) {
    const lastPiece = line.pieces[line.pieces.length - 1];
    const trailing = lastPiece ? lastPiece.text.length - lastPiece.text.trimEnd().length : 0;
    const count = line.pieces.reduce((n, p) => n + Array.from(p.text).length, 0) - trailing;
    if (count > 1) return slack / (count - 1);
  }
  return 0;
}

export interface PdfMetadata {
  title?: string;
}

/**
 * An A4 document with the fonts registered (no default font: PDFKit would load Helvetica, ASCII only and one
 * more font to parse), and `finish` to end it and get its bytes. PDFKit opens a registered font when it is
 * first used, and embeds the subset of the glyphs written with it.
 */
export function openPdfDocument(
  page: { top: number; bottom: number; left: number; right: number; width?: number; height?: number },
  meta: PdfMetadata,
  fonts: ReadonlyMap<PdfFontFile, Uint8Array>,
): { painter: Painter; finish(): Promise<Uint8Array> } {
  const doc = new PDFDocument({
    // The document's page setup (points), else A4.
    size: page.width && page.height ? [page.width, page.height] : 'A4',
    margins: { top: page.top, bottom: page.bottom, left: page.left, right: page.right },
    bufferPages: true,
    autoFirstPage: true,
    lang: 'zh-CN',
    displayTitle: Boolean(meta.title),
    info: { Title: meta.title ?? '', Creator: '万象' },
    font: null as unknown as string,
  });
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  for (const [name, bytes] of fonts) doc.registerFont(name, bytes as unknown as string);
  return {
    painter: new Painter(doc as PdfDoc, new Set(fonts.keys())),
    finish: async () => {
      doc.end();
      await ended;
      const size = chunks.reduce((n, c) => n + c.length, 0);
      const out = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        out.set(chunk, offset);
        offset += chunk.length;
      }
      return out;
    },
  };
}
