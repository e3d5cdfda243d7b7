import {
  AlignmentType,
  Bookmark,
  BorderStyle,
  Document,
  EndnoteReferenceRun,
  ExternalHyperlink,
  FootnoteReferenceRun,
  type IContext,
  ImageRun,
  ImportedXmlComponent,
  type INumberingOptions,
  type IParagraphOptions,
  type IRunOptions,
  type IXmlableObject,
  LevelFormat,
  LineRuleType,
  Packer,
  PageBreak,
  PageOrientation,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  SimpleField,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { imageSize } from 'image-size';
import { referenceInstruction, referenceResult, widenHeadingAnchor } from '../bookmarks/formats';
import { PAGE_TEXT_WIDTH_PX } from '../constants';
import { noteNumberFormatToDocx } from '../footnotes/noteDocx';
import { noteFormatsOf, noteKindOf } from '../footnotes/noteFormats';
import { FONT_FAMILIES, fontFamilyFromCss, spacingToDocx } from '../format/units';
import { FORMULA_TYPE, formulaTexOf } from '../formula/formulaModel';
import { latexToOmml } from '../formula/omml';
import { docxBands } from '../headerFooter/headerFooterDocx';
import { DEFAULT_HEADER_FOOTER, type HeaderFooter, headerFooterOf } from '../headerFooter/model';
import { t } from '../i18n/zh-CN';
import { hasBreakBefore } from '../pages/pageBreakFormats';
import { PAGE_BREAK_TYPE } from '../pages/pageBreakType';
import { DEFAULT_PAGE_SETUP, mmToTwips, PAPERS, type PageSetup, pageSetupOf } from '../pages/pageSetup';
import { shapeRunXml } from '../shapes/docxShapes';
import { normalizeShape } from '../shapes/shapeModel';
import { DEFAULT_STYLE_PRESETS, type StylePreset, type StylePresets } from '../styles/presets';
import { TOC_PARAGRAPH_STYLES, tocAnchors, tocToDocx, withTocAnchor } from '../toc/docx';
import { TOC_TYPE } from '../toc/entries';
import { DOCX_DEFAULT_FONTS } from './docxConstants';
import { ConvertError } from './errors';
import {
  blockStyleOf,
  cssDeclarations,
  hasFormat,
  type JsonNode,
  plainText,
  rootChildren,
  TEXT_FORMAT,
} from './nodes';
import type { ExportInput } from './types';

/*
 * The document as a Word file through `docx`, avoiding Word's known pitfalls:
 * - East Asian and Western fonts set separately (a CJK family goes to eastAsia, its Latin partner to
 *   ascii/hAnsi), never a css stack as a font name;
 * - sizes in half-points from the stored px (五号 14px → 10.5pt → 21);
 * - justify is Word's `both`, 分散对齐 (justify + a justified last line) is `distribute`;
 * - line height as 240ths (multiples) or exact twips;
 * - a first-line indent in characters as w:firstLineChars (with firstLine in twips for readers that
 *   ignore it);
 * - each list its own numbering instance, so numbers restart;
 * - merged table cells as columnSpan/rowSpan with the covered cells left out (as Lexical keeps them);
 * - footnotes as real Word footnotes; code blocks in a monospace font with the paragraph style "Code",
 *   which the DOCX importer reads back as a code block;
 * - a horizontal rule as an empty paragraph with a bottom border, what Word makes of `---`;
 * - Heading 1–3 (and Title, Heading 4–6) styled from the document's presets, not `docx`'s blue defaults,
 *   under Word's names and with outline levels, so navigation panes and tables of contents find them.
 */

/** Word font names of the editor's families: Chinese names as Chinese Word writes them. */
const WORD_FONT: Record<string, string> = {
  songti: '宋体',
  heiti: '黑体',
  kaiti: '楷体',
  fangsong: '仿宋',
  yahei: '微软雅黑',
  arial: 'Arial',
  times: 'Times New Roman',
  georgia: 'Georgia',
  verdana: 'Verdana',
  courier: 'Courier New',
};

export { DOCX_DEFAULT_FONTS };
export const CODE_STYLE_ID = 'Code';
const DEFAULT_SIZE_PT = 12;
const BULLETS = ['●', '○', '■'];

/**
 * A formula as an Office Math equation Word and WPS edit (formula/omml.ts), handed to `docx` as XML: its
 * Math classes have no matrices nor delimiters.
 */
const officeMath = (node: JsonNode, display = false): ParagraphChild =>
  ImportedXmlComponent.fromXmlString(latexToOmml(formulaTexOf(node), display)) as unknown as ParagraphChild;

const pxToHalfPoints = (px: number) => Math.round(px * 0.75 * 2);
const pxToTwips = (px: number) => Math.round(px * 15);

/** 段前 / 段后 in hundredths of a line (w:beforeLines, w:afterLines). */
interface SpacingLines {
  before?: number | undefined;
  after?: number | undefined;
}

type ParagraphOptions = Partial<IParagraphOptions> & { spacingLines?: SpacingLines };

/**
 * A paragraph with w:beforeLines / w:afterLines on its w:spacing, which `docx` has no option for: they are
 * added to the element `docx` itself builds (its object form of the XML, `{ 'w:spacing': { _attr } }`), so
 * everything else about the paragraph stays the library's.
 */
class LineSpacedParagraph extends Paragraph {
  constructor(
    options: IParagraphOptions,
    private readonly lines: SpacingLines,
  ) {
    super(options);
  }

  override prepForXml(context: IContext): IXmlableObject | undefined {
    const xml = super.prepForXml(context);
    const children = (xml?.['w:p'] ?? []) as Array<Record<string, unknown>>;
    const pPr = children.find((child) => 'w:pPr' in child)?.['w:pPr'] as
      | Array<Record<string, { _attr?: Record<string, unknown> }>>
      | undefined;
    const spacing = pPr?.find((child) => 'w:spacing' in child)?.['w:spacing'];
    if (spacing?._attr) {
      if (this.lines.before !== undefined) spacing._attr['w:beforeLines'] = this.lines.before;
      if (this.lines.after !== undefined) spacing._attr['w:afterLines'] = this.lines.after;
    }
    return xml;
  }
}

/** A `docx` paragraph, with 段前 / 段后 in lines when the options carry them. */
function paragraph({ spacingLines, ...options }: IParagraphOptions & { spacingLines?: SpacingLines }) {
  return spacingLines ? new LineSpacedParagraph(options, spacingLines) : new Paragraph(options);
}

/** A css colour (#rgb, #rrggbb, rgb()) as Word's RRGGBB, or undefined. */
export function wordColor(css: string | undefined): string | undefined {
  if (!css) return undefined;
  const value = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) return (hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex).toUpperCase();
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(value);
  if (rgb)
    return rgb
      .slice(1, 4)
      .map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase();
  return undefined;
}

function runFonts(cssFamily: string | undefined) {
  const family = fontFamilyFromCss(cssFamily);
  // A face the editor does not offer (one a DOCX named, such as 方正小标宋简体) goes back under its name.
  const other = family
    ? undefined
    : cssFamily
        ?.split(',')[0]
        ?.trim()
        .replace(/^["']|["']$/g, '');
  if (!family && !other) return undefined;
  const name = family ? (WORD_FONT[family.key] ?? family.label) : (other as string);
  const chinese = family ? family.script === 'zh' : /[^ -~]/.test(name);
  return chinese
    ? { eastAsia: name, ascii: DOCX_DEFAULT_FONTS.latin, hAnsi: DOCX_DEFAULT_FONTS.latin }
    : { ascii: name, hAnsi: name, cs: name, eastAsia: DOCX_DEFAULT_FONTS.eastAsia };
}

/**
 * Heading 1–3 as the document's presets draw them (face, East Asian face, size, colour, bold), in place of
 * the blue headings `docx` defines by default. They keep Word's names and an outline level, so that Word's
 * navigation pane, its table of contents and LibreOffice's navigator see them.
 */
function headingStyle(preset: StylePreset, outlineLevel?: number) {
  const fonts = runFonts(FONT_FAMILIES.find((f) => f.key === preset.fontFamily)?.stack);
  return {
    run: {
      ...(fonts ? { font: fonts } : {}),
      size: pxToHalfPoints(preset.fontSizePx),
      bold: preset.bold,
      italics: preset.italic,
      ...(preset.underline ? { underline: {} } : {}),
      ...(preset.strike ? { strike: true } : {}),
      // No colour in the preset is the paper's text colour: black, never docx's blue.
      color: wordColor(preset.color) ?? '000000',
    },
    // Line spacing and 段前/段后 stay the paragraph's own (written on it when the editor holds them).
    paragraph: outlineLevel === undefined ? { keepNext: true } : { outlineLevel, keepNext: true },
  };
}

interface ImageData {
  bytes: Uint8Array;
  type: 'png' | 'jpg' | 'gif' | 'bmp';
  width: number;
  height: number;
}

function decodeDataUrl(src: string): ImageData | null {
  const match = /^data:image\/([a-z0-9.+-]+);base64,(.*)$/is.exec(src);
  if (!match) return null;
  const mime = (match[1] ?? '').toLowerCase();
  const type =
    mime === 'png'
      ? 'png'
      : mime === 'jpeg' || mime === 'jpg'
        ? 'jpg'
        : mime === 'gif'
          ? 'gif'
          : mime === 'bmp'
            ? 'bmp'
            : null;
  if (!type) return null;
  const bytes = base64ToBytes(match[2] ?? '');
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) return null;
    return { bytes, type, width: size.width, height: size.height };
  } catch {
    return null;
  }
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

class DocxWriter {
  private readonly footnotes: Record<number, { children: Paragraph[] }> = {};
  private footnoteCount = 0;
  private readonly endnotes: Record<number, { children: Paragraph[] }> = {};
  private endnoteCount = 0;
  /** Each note kind's number style, the document's (written as w:footnotePr / w:endnotePr). */
  noteFormats = noteFormatsOf(null);
  /** 目录: the document's top-level blocks, its page, and the bookmark of each heading it lists (toc/docx.ts). */
  toc: { blocks: JsonNode[]; page: PageSetup; anchors: Map<JsonNode, string> } | null = null;
  private listCount = 0;
  private readonly numbering: INumberingOptions['config'][number][] = [];

  constructor(private readonly fetchImage?: (src: string) => ImageData | null) {}

  body(nodes: JsonNode[]): Array<Paragraph | Table> {
    return nodes.flatMap((node) => this.block(node));
  }

  document(
    title: string,
    body: Array<Paragraph | Table>,
    presets: StylePresets,
    page: PageSetup = DEFAULT_PAGE_SETUP,
    bands: HeaderFooter = DEFAULT_HEADER_FOOTER,
  ): Document {
    const sectionBands = docxBands(bands, page);
    const paragraph = presets.paragraph;
    const paragraphColor = wordColor(paragraph.color);
    return new Document({
      title,
      creator: '万象',
      styles: {
        default: {
          document: {
            run: {
              font: runFonts(FONT_FAMILIES.find((f) => f.key === paragraph.fontFamily)?.stack) ?? {
                ascii: DOCX_DEFAULT_FONTS.latin,
                hAnsi: DOCX_DEFAULT_FONTS.latin,
                eastAsia: DOCX_DEFAULT_FONTS.eastAsia,
              },
              size: pxToHalfPoints(paragraph.fontSizePx) || DEFAULT_SIZE_PT * 2,
              ...(paragraphColor ? { color: paragraphColor } : {}),
            },
          },
          heading1: headingStyle(presets.h1, 0),
          heading2: headingStyle(presets.h2, 1),
          heading3: headingStyle(presets.h3, 2),
          // The editor writes no Title nor Heading 4–6, but a reader who uses them gets them unblue too.
          title: headingStyle(presets.h1),
          heading4: headingStyle(presets.h3, 3),
          heading5: headingStyle(presets.h3, 4),
          heading6: headingStyle(presets.h3, 5),
        },
        paragraphStyles: [
          ...TOC_PARAGRAPH_STYLES,
          {
            id: CODE_STYLE_ID,
            name: 'Code',
            basedOn: 'Normal',
            run: {
              font: {
                ascii: DOCX_DEFAULT_FONTS.mono,
                hAnsi: DOCX_DEFAULT_FONTS.mono,
                eastAsia: DOCX_DEFAULT_FONTS.eastAsia,
              },
              size: 20,
            },
            paragraph: {
              spacing: { before: 0, after: 0 },
              shading: { type: ShadingType.CLEAR, fill: 'F5F5F5', color: 'auto' },
            },
          },
        ],
      },
      numbering: { config: this.numbering },
      footnotes: this.footnotes,
      endnotes: this.endnotes,
      sections: [
        {
          ...sectionBands.section,
          properties: {
            ...sectionBands.properties,
            page: {
              ...sectionPage(page),
              ...(sectionBands.pageNumbers ? { pageNumbers: sectionBands.pageNumbers } : {}),
            },
            footnoteProperties: { numberFormat: { type: noteNumberFormatToDocx(this.noteFormats.footnote) } },
            endnoteProperties: { numberFormat: { type: noteNumberFormatToDocx(this.noteFormats.endnote) } },
          },
          children: body.length ? body : [new Paragraph({})],
        },
      ],
    });
  }

  private paragraphOptions(node: JsonNode): ParagraphOptions {
    const css = cssDeclarations(blockStyleOf(node));
    const options: { -readonly [K in keyof ParagraphOptions]?: ParagraphOptions[K] } = {};
    const format = typeof node.format === 'string' ? node.format : '';
    if (format === 'center') options.alignment = AlignmentType.CENTER;
    else if (format === 'right' || format === 'end') options.alignment = AlignmentType.RIGHT;
    else if (format === 'justify')
      options.alignment =
        css['text-align-last'] === 'justify' ? AlignmentType.DISTRIBUTE : AlignmentType.JUSTIFIED;
    else if (format === 'left' || format === 'start') options.alignment = AlignmentType.LEFT;
    if (hasBreakBefore(blockStyleOf(node))) options.pageBreakBefore = true;

    const lineHeight = css['line-height'];
    if (lineHeight) {
      const px = /^([\d.]+)px$/.exec(lineHeight);
      const multiple = /^([\d.]+)$/.exec(lineHeight);
      if (px) options.spacing = { line: pxToTwips(Number(px[1])), lineRule: LineRuleType.EXACT };
      else if (multiple)
        options.spacing = { line: Math.round(Number(multiple[1]) * 240), lineRule: LineRuleType.AUTO };
    }
    const sizePt = this.dominantSizePt(node);
    // 段前 / 段后: in twips, and for 行 in hundredths of a line too (one 行 is the paragraph's line height,
    // as the editor draws it: its multiple of the size, its exact height, or the paper's 1.5).
    const multiple = /^([\d.]+)$/.exec(lineHeight ?? '');
    const exact = /^([\d.]+)px$/.exec(lineHeight ?? '');
    const linePt = exact ? Number(exact[1]) * 0.75 : sizePt * (multiple ? Number(multiple[1]) : 1.5);
    const before = spacingToDocx(css['margin-block-start'], linePt);
    const after = spacingToDocx(css['margin-block-end'], linePt);
    if (before || after) {
      options.spacing = {
        ...options.spacing,
        ...(before ? { before: before.twips } : {}),
        ...(after ? { after: after.twips } : {}),
      };
      if (before?.lines !== undefined || after?.lines !== undefined)
        options.spacingLines = { before: before?.lines, after: after?.lines };
    }
    const indent: Record<string, number> = {};
    const textIndent = css['text-indent'];
    const start = css['margin-inline-start'];
    const lengthTwips = (value: string) => {
      const em = /^(-?[\d.]+)em$/.exec(value);
      if (em)
        return { twips: Math.round(Number(em[1]) * sizePt * 20), chars: Math.round(Number(em[1]) * 100) };
      const px = /^(-?[\d.]+)px$/.exec(value);
      return px ? { twips: pxToTwips(Number(px[1])), chars: undefined } : null;
    };
    if (textIndent) {
      const length = lengthTwips(textIndent);
      if (length && length.twips > 0) {
        indent.firstLine = length.twips;
        if (length.chars) indent.firstLineChars = length.chars;
      } else if (length && length.twips < 0) {
        indent.hanging = -length.twips;
        if (length.chars) indent.hangingChars = -length.chars;
      }
    }
    const startTwips = start ? lengthTwips(start) : null;
    const levels = typeof node.indent === 'number' ? node.indent : 0;
    const left = (startTwips?.twips ?? 0) + levels * 2 * sizePt * 20;
    if (left > 0) indent.left = left;
    if (Object.keys(indent).length) options.indent = indent;
    return options;
  }

  /** The size of a block's first sized run, for indents given in characters. */
  private dominantSizePt(node: JsonNode): number {
    for (const child of node.children ?? []) {
      const px = /^([\d.]+)px$/.exec(cssDeclarations(child.style)['font-size'] ?? '');
      if (px) return Number(px[1]) * 0.75;
    }
    return DEFAULT_SIZE_PT;
  }

  private block(node: JsonNode): Array<Paragraph | Table> {
    const children = node.children ?? [];
    switch (node.type) {
      case 'heading': {
        const level = Number(String(node.tag ?? 'h1').slice(1));
        const heading = (['Heading1', 'Heading2', 'Heading3'] as const)[Math.min(3, Math.max(1, level)) - 1];
        return [
          paragraph({
            ...this.paragraphOptions(node),
            heading,
            children: this.inline(withTocAnchor(widenHeadingAnchor(children), this.toc?.anchors.get(node))),
          }),
        ];
      }
      case 'quote':
        return [
          new Paragraph({
            style: 'Quote',
            indent: { left: 480 },
            children: this.inline(children, { italics: true }),
          }),
        ];
      case 'list':
        return this.list(node, 0, this.newListReference(node.listType === 'number'));
      case 'code':
        return plainText(node)
          .split('\n')
          .map(
            (line) =>
              new Paragraph({
                style: CODE_STYLE_ID,
                children: [new TextRun({ text: line.replace(/\t/g, '    ') })],
              }),
          );
      case 'table':
        return [this.table(node)];
      case PAGE_BREAK_TYPE:
        // Word's own page break: a run holding <w:br w:type="page"/>, alone in its paragraph.
        return [new Paragraph({ children: [new PageBreak()] })];
      // A display formula: Word's equation on a line of its own (m:oMathPara), centred.
      case FORMULA_TYPE:
        return [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [officeMath(node, true)],
          }),
        ];
      // A table of contents: Word's TOC field in its content control, a block of its own (never in a table
      // cell), which the section takes as any other block.
      case TOC_TYPE:
        return this.toc
          ? [tocToDocx(node, this.toc.blocks, this.toc.anchors, this.toc.page) as unknown as Paragraph]
          : [];
      case 'horizontalrule':
        return [
          new Paragraph({
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'auto', space: 1 } },
            children: [],
          }),
        ];
      case 'paragraph':
        return [paragraph({ ...this.paragraphOptions(node), children: this.inline(children) })];
      default:
        return children.length ? [new Paragraph({ children: this.inline(children) })] : [];
    }
  }

  private newListReference(ordered: boolean): { reference: string; ordered: boolean } {
    this.listCount += 1;
    const reference = `wx-list-${this.listCount}`;
    this.numbering.push({
      reference,
      levels: Array.from({ length: 9 }, (_, level) => ({
        level,
        format: ordered
          ? [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN][level % 3]
          : LevelFormat.BULLET,
        text: ordered ? `%${level + 1}.` : (BULLETS[level % 3] as string),
        alignment: AlignmentType.LEFT,
        style: { paragraph: { indent: { left: 420 * (level + 1), hanging: 420 } } },
      })),
    });
    return { reference, ordered };
  }

  private list(
    node: JsonNode,
    level: number,
    numbering: { reference: string; ordered: boolean },
  ): Paragraph[] {
    const out: Paragraph[] = [];
    const check = node.listType === 'check';
    for (const item of node.children ?? []) {
      const inline = (item.children ?? []).filter((c) => c.type !== 'list');
      const nested = (item.children ?? []).filter((c) => c.type === 'list');
      if (inline.length || !nested.length) {
        const runs = this.inline(inline);
        // Word has no check list: a box character before the text (the importer reads it back).
        if (check) runs.unshift(new TextRun({ text: item.checked === true ? '☑ ' : '☐ ' }));
        // The item's line spacing goes with it; its indent is the numbering's.
        const { spacing, spacingLines } = this.paragraphOptions(item);
        out.push(
          paragraph({
            numbering: { reference: numbering.reference, level },
            ...(spacing ? { spacing } : {}),
            ...(spacingLines ? { spacingLines } : {}),
            children: runs,
          }),
        );
      }
      for (const list of nested) out.push(...this.list(list, Math.min(level + 1, 8), numbering));
    }
    return out;
  }

  private table(node: JsonNode): Table {
    const widths = Array.isArray(node.colWidths) ? (node.colWidths as number[]) : undefined;
    const rows = node.children ?? [];
    const columns =
      widths?.length ??
      Math.max(1, ...rows.map((row) => (row.children ?? []).reduce((n, c) => n + Number(c.colSpan ?? 1), 0)));
    const columnWidths = (widths ?? Array.from({ length: columns }, () => PAGE_TEXT_WIDTH_PX / columns)).map(
      pxToTwips,
    );
    return new Table({
      width: { size: columnWidths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
      columnWidths,
      rows: rows.map(
        (row) =>
          new TableRow({
            tableHeader: (row.children ?? []).every((cell) => Number(cell.headerState ?? 0) & 1),
            children: (row.children ?? []).map((cell) => {
              const colSpan = Math.max(1, Number(cell.colSpan ?? 1));
              const rowSpan = Math.max(1, Number(cell.rowSpan ?? 1));
              const header = (Number(cell.headerState ?? 0) & 3) !== 0;
              const blocks = this.body(cell.children ?? []);
              const fill = wordColor(
                typeof cell.backgroundColor === 'string' ? cell.backgroundColor : undefined,
              );
              return new TableCell({
                children: blocks.length ? blocks : [new Paragraph({})],
                ...(colSpan > 1 ? { columnSpan: colSpan } : {}),
                ...(rowSpan > 1 ? { rowSpan } : {}),
                ...(fill
                  ? { shading: { type: ShadingType.CLEAR, fill, color: 'auto' } }
                  : header
                    ? { shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' } }
                    : {}),
              });
            }),
          }),
      ),
    });
  }

  private inline(nodes: JsonNode[], extra: Partial<IRunOptions> = {}): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    for (const node of nodes) {
      switch (node.type) {
        case 'text':
        case 'code-highlight':
          out.push(...this.text(node, extra));
          break;
        case 'linebreak':
          out.push(new TextRun({ break: 1 }));
          break;
        case 'tab':
          out.push(new TextRun({ text: '\t' }));
          break;
        case 'link':
        case 'autolink': {
          const url = String(node.url ?? '');
          const children = this.inline(node.children ?? [], { ...extra, style: 'Hyperlink' });
          if (/^(https?:|mailto:)/i.test(url)) out.push(new ExternalHyperlink({ link: url, children }));
          else out.push(...children);
          break;
        }
        case 'image':
          out.push(this.image(node));
          break;
        // A shape or 文本框 as a VML shape in its run (shapes/docxShapes.ts).
        case 'shape':
          out.push(
            ImportedXmlComponent.fromXmlString(
              shapeRunXml(normalizeShape(node)),
            ) as unknown as ParagraphChild,
          );
          break;
        // A bookmark as Word's w:bookmarkStart/w:bookmarkEnd around its text; a reference as a REF field
        // holding what it shows now, so that Word shows it without updating its fields.
        case 'bookmark':
          out.push(
            new Bookmark({ id: String(node.name ?? ''), children: this.inline(node.children ?? [], extra) }),
          );
          break;
        case 'xref':
          out.push(new SimpleField(referenceInstruction(node), referenceResult(node)));
          break;
        case FORMULA_TYPE:
          out.push(officeMath(node));
          break;
        case 'footnote': {
          const children = String(node.text ?? '')
            .split('\n')
            .map((line) => new Paragraph({ children: [new TextRun(line)] }));
          // An endnote goes to word/endnotes.xml (w:endnoteReference), numbered apart from the footnotes.
          if (noteKindOf(node) === 'endnote') {
            this.endnoteCount += 1;
            this.endnotes[this.endnoteCount] = { children };
            out.push(new EndnoteReferenceRun(this.endnoteCount));
          } else {
            this.footnoteCount += 1;
            this.footnotes[this.footnoteCount] = { children };
            out.push(new FootnoteReferenceRun(this.footnoteCount));
          }
          break;
        }
        default:
          if (node.children) out.push(...this.inline(node.children, extra));
          else if (typeof node.text === 'string') out.push(new TextRun({ ...extra, text: node.text }));
      }
    }
    return out;
  }

  private text(node: JsonNode, extra: Partial<IRunOptions>): TextRun[] {
    const css = cssDeclarations(node.style);
    const code = hasFormat(node, TEXT_FORMAT.code);
    const size = /^([\d.]+)px$/.exec(css['font-size'] ?? '');
    const color = wordColor(css.color);
    const highlight = wordColor(css['background-color']);
    const fonts = code
      ? {
          ascii: DOCX_DEFAULT_FONTS.mono,
          hAnsi: DOCX_DEFAULT_FONTS.mono,
          eastAsia: DOCX_DEFAULT_FONTS.eastAsia,
        }
      : runFonts(css['font-family']);
    const options: IRunOptions = {
      ...extra,
      ...(hasFormat(node, TEXT_FORMAT.bold) ? { bold: true } : {}),
      ...(hasFormat(node, TEXT_FORMAT.italic) ? { italics: true } : {}),
      ...(hasFormat(node, TEXT_FORMAT.underline) ? { underline: {} } : {}),
      ...(hasFormat(node, TEXT_FORMAT.strikethrough) ? { strike: true } : {}),
      ...(hasFormat(node, TEXT_FORMAT.superscript) ? { superScript: true } : {}),
      ...(hasFormat(node, TEXT_FORMAT.subscript) ? { subScript: true } : {}),
      ...(size ? { size: pxToHalfPoints(Number(size[1])) } : {}),
      ...(color ? { color } : {}),
      ...(highlight && highlight !== 'FFFFFF'
        ? { shading: { type: ShadingType.CLEAR, fill: highlight, color: 'auto' } }
        : {}),
      ...(fonts ? { font: fonts } : {}),
    };
    // A tab or line break inside a text node becomes Word's own.
    const parts = (node.text ?? '').split('\n');
    return parts.map((part, i) => new TextRun({ ...options, text: part, ...(i > 0 ? { break: 1 } : {}) }));
  }

  private image(node: JsonNode): ParagraphChild {
    const src = String(node.src ?? '');
    const alt = String(node.altText ?? '');
    const data = decodeDataUrl(src) ?? this.fetchImage?.(src) ?? null;
    // A picture Word cannot hold (webp, svg, a remote address) keeps its place as its name.
    if (!data) return new TextRun({ text: `[图片：${alt || src.slice(0, 60)}]` });
    const wanted = typeof node.width === 'number' && node.width > 0 ? node.width : data.width;
    const width = Math.min(wanted, PAGE_TEXT_WIDTH_PX);
    const height = Math.round((data.height * width) / data.width);
    return new ImageRun({
      type: data.type,
      data: data.bytes,
      transformation: { width: Math.round(width), height },
      altText: { name: alt || 'image', description: alt, title: alt },
    });
  }
}

/** The section's page (w:pgSz, w:pgMar) from the document's page setup, in twips. */
function sectionPage(page: PageSetup) {
  const paper = PAPERS[page.paper];
  const m = page.margins;
  return {
    // Portrait sizes: docx swaps them for a landscape page (and writes w:orient).
    size: {
      width: mmToTwips(paper.widthMm),
      height: mmToTwips(paper.heightMm),
      orientation: page.orientation === 'landscape' ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
    },
    margin: {
      top: mmToTwips(m.top),
      bottom: mmToTwips(m.bottom),
      left: mmToTwips(m.left),
      right: mmToTwips(m.right),
    },
  };
}

/** The document as the bytes of a .docx file. */
export async function documentToDocx(input: ExportInput): Promise<Uint8Array> {
  try {
    const writer = new DocxWriter();
    writer.noteFormats = noteFormatsOf(input.editorState.root);
    const blocks = rootChildren(input.editorState);
    writer.toc = { blocks, page: pageSetupOf(input.editorState), anchors: tocAnchors(blocks) };
    const body = writer.body(blocks);
    const document = writer.document(
      input.title,
      body,
      input.styles ?? DEFAULT_STYLE_PRESETS,
      pageSetupOf(input.editorState),
      headerFooterOf(input.editorState),
    );
    return new Uint8Array(await Packer.toArrayBuffer(document));
  } catch (cause) {
    throw new ConvertError('EXPORT_FAILED', t.convert.exportFailed, { cause });
  }
}

/** For tests and the importer: the Word name of an editor family key. */
export const wordFontName = (key: string) =>
  WORD_FONT[key] ?? FONT_FAMILIES.find((f) => f.key === key)?.label;
