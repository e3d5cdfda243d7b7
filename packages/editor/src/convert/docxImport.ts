import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import {
  bookmarkMark,
  foldBookmarks,
  importedReference,
  keepImportedBookmark,
  parseReferenceInstruction,
  settleImportedReferences,
  simpleFieldsAsComplex,
} from '../bookmarks/formats';
import { noteFormatsOfSection, withNoteFormats } from '../footnotes/noteDocx';
import { docxSpacingCss, FONT_FAMILIES } from '../format/units';
import { type DocxFormulas, equationsAsMarkers, placeFormulas } from '../formula/docxMath';
import { readDocxHeaderFooter } from '../headerFooter/headerFooterDocx';
import { withHeaderFooter } from '../headerFooter/model';
import { t } from '../i18n/zh-CN';
import { pageSetupOfSection } from '../pages/docxPageSetup';
import { pageBreakNode } from '../pages/pageBreakFormats';
import { PAGE_BREAK_TYPE } from '../pages/pageBreakType';
import { withPageSetup } from '../pages/pageSetup';
import { restoreDocxShapes, shapesAsMarkers } from '../shapes/docxShapes';
import type { ShapeData } from '../shapes/shapeModel';
import { DEFAULT_STYLE_PRESETS, type StylePresets } from '../styles/presets';
import { entryOfLine, tocLevelOfStyle, tocNode } from '../toc/entries';
import {
  DocxFormatting,
  headingLevelOfName,
  type RunProps,
  type XmlParagraph,
  type XmlRun,
} from './docxFormatting';
import { checkDocxParts } from './docxLimits';
import { CONVERT_LIMITS, ConvertError, checkSize } from './errors';
import {
  codeNode,
  cssText,
  documentTitleOf,
  editorState,
  footnoteNode,
  headingNode,
  horizontalRuleNode,
  imageNode,
  type JsonNode,
  type ListType,
  lineBreakNode,
  linkNode,
  listItemNode,
  listNode,
  paragraphNode,
  plainText,
  TEXT_FORMAT,
  tableCellNode,
  tableNode,
  tableRowNode,
  textNode,
} from './nodes';
import type { ConvertedDocument } from './types';
import { bodySection, parseWordXml, unpackWordParts, type WordParts } from './wordXml';

/*
 * DOCX in through mammoth, read from its document model rather than its HTML: mammoth's `transformDocument`
 * hook hands over the parsed document, which still has what the HTML drops —
 * paragraph alignment, first-line and hanging indents, run sizes and highlights — and keeps footnotes,
 * merged cells (colSpan/rowSpan, covered cells removed), images and list numbering. The model becomes
 * the editor's JSON here, without a DOM, so the same code runs in a worker and in Node.
 */

// Mammoth's document model (lib/documents.js): only what this importer reads.
interface MRun {
  type: 'run';
  children: MNode[];
  isBold: boolean;
  isItalic: boolean;
  isUnderline: boolean;
  isStrikethrough: boolean;
  verticalAlignment: 'baseline' | 'superscript' | 'subscript';
  font: string | null;
  fontSize: number | null;
  highlight: string | null;
}
interface MParagraph {
  type: 'paragraph';
  children: MNode[];
  styleId: string | null;
  styleName: string | null;
  numbering: { level: string | number; isOrdered: boolean } | null;
  alignment: string | null;
  indent: { start: string | null; end: string | null; firstLine: string | null; hanging: string | null };
}
interface MImage {
  type: 'image';
  altText?: string;
  contentType?: string;
  readAsBase64String(): Promise<string>;
}
interface MCell {
  type: 'tableCell';
  children: MNode[];
  colSpan: number;
  rowSpan: number;
}
interface MRow {
  type: 'tableRow';
  children: MCell[];
  isHeader: boolean;
}
type MNode =
  | MRun
  | MParagraph
  | MImage
  | MCell
  | MRow
  | { type: 'text'; value: string }
  | { type: 'tab' }
  | { type: 'break'; breakType: string }
  | { type: 'hyperlink'; children: MNode[]; href?: string; anchor?: string }
  | { type: 'noteReference'; noteType: string; noteId: string }
  | { type: 'table'; children: MRow[]; styleName: string | null }
  | { type: 'checkbox'; checked: boolean }
  | { type: string; children?: MNode[] };
interface MDocument {
  type: 'document';
  children: MNode[];
  notes: { resolve(ref: { noteType: string; noteId: string }): { body: MNode[] } | null };
}

/** Word's highlight colour names (w:highlight) as css colours. */
const HIGHLIGHT: Record<string, string> = {
  yellow: '#ffff00',
  green: '#00ff00',
  cyan: '#00ffff',
  magenta: '#ff00ff',
  blue: '#0000ff',
  red: '#ff0000',
  darkBlue: '#000080',
  darkCyan: '#008080',
  darkGreen: '#008000',
  darkMagenta: '#800080',
  darkRed: '#800000',
  darkYellow: '#808000',
  darkGray: '#808080',
  lightGray: '#c0c0c0',
  black: '#000000',
};

/**
 * Word font names (Chinese and English aliases) to the editor's families. A run's East Asian font
 * (w:eastAsia) is its font when its text is Chinese, or when its Latin font is only the Times New Roman
 * partner that Chinese fonts get (our export writes that pair).
 */
const FAMILY_BY_WORD_NAME: Record<string, string> = {
  宋体: 'songti',
  simsun: 'songti',
  新宋体: 'songti',
  黑体: 'heiti',
  simhei: 'heiti',
  楷体: 'kaiti',
  kaiti: 'kaiti',
  楷体_gb2312: 'kaiti',
  仿宋: 'fangsong',
  fangsong: 'fangsong',
  仿宋_gb2312: 'fangsong',
  微软雅黑: 'yahei',
  'microsoft yahei': 'yahei',
  arial: 'arial',
  georgia: 'georgia',
  verdana: 'verdana',
  'courier new': 'courier',
  nsimsun: 'songti',
  华文宋体: 'songti',
  华文楷体: 'kaiti',
  华文仿宋: 'fangsong',
  华文黑体: 'heiti',
};

/** Text with Chinese (or other East Asian) characters, which Word sets in the run's East Asian font. */
const EAST_ASIAN = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;

/**
 * The editor's css for a Word font name: the stack of one of its families, or for a face it does not offer
 * (方正小标宋简体, 华文中宋…) the name itself, so that a machine which has it shows it and the DOCX export
 * writes it back.
 */
function fontCss(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const lower = name.trim().toLowerCase();
  // Times New Roman is a family here only when it is the run's face, never as a Chinese font's partner.
  const key = FAMILY_BY_WORD_NAME[lower] ?? (lower === 'times new roman' ? 'times' : undefined);
  if (key) return FONT_FAMILIES.find((f) => f.key === key)?.stack;
  const clean = name.replace(/["';{}<>\\]/g, '').trim();
  if (!clean) return undefined;
  return `"${clean}", ${/黑|等线|雅黑|hei|sans|gothic|dengxian|yahei|calibri|arial|helvetica|segoe/i.test(clean) ? 'sans-serif' : 'serif'}`;
}

const CODE_STYLE = /^(?:code|source code|html preformatted|代码)$/i;
const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * A zip that is not one, or that unpacks to far more than it weighs (a zip bomb), is refused before mammoth
 * reads it: fflate lists the entries with their declared sizes without inflating anything.
 */
function checkPackage(bytes: Uint8Array): { title: string } {
  checkSize(bytes, CONVERT_LIMITS.packageBytes);
  let unpacked = 0;
  let hasDocument = false;
  let core: Uint8Array | undefined;
  try {
    core = unzipSync(bytes, {
      filter(file) {
        unpacked += file.originalSize;
        if (file.name === 'word/document.xml') hasDocument = true;
        // The core properties (the document's title) are small; nothing else is inflated here.
        return file.name === 'docProps/core.xml' && file.originalSize < 64 * 1024;
      },
    })['docProps/core.xml'];
  } catch (cause) {
    throw new ConvertError('DOCX_INVALID', t.convert.badDocx, { cause });
  }
  if (unpacked > CONVERT_LIMITS.docxUnpackedBytes)
    throw new ConvertError('DOCX_TOO_LARGE', t.convert.docxBomb);
  if (!hasDocument) throw new ConvertError('DOCX_INVALID', t.convert.badDocx);
  const title = core ? /<dc:title>([^<]*)<\/dc:title>/.exec(new TextDecoder().decode(core))?.[1] : undefined;
  return { title: unescapeXml(title ?? '').trim() };
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The text mammoth holds for a node: its text and tabs, not those of a paragraph inside it. */
function mammothText(node: MNode, nested = false): string {
  if (node.type === 'text') return (node as { value: string }).value;
  if (node.type === 'tab') return '\t';
  if ((nested && node.type === 'paragraph') || !('children' in node) || !Array.isArray(node.children))
    return '';
  return node.children.map((child) => mammothText(child, true)).join('');
}

/** How far ahead a paragraph or run of mammoth's is looked for in the package's own XML. */
const LOOKAHEAD = 16;

/**
 * Pairs mammoth's paragraphs and runs with those read from the XML (docxFormatting.ts), walking both in
 * document order and checking that their texts agree. One that finds no partner keeps what mammoth says.
 */
function pairWithXml(
  document: MDocument,
  formatting: DocxFormatting,
): { paragraphs: Map<MParagraph, XmlParagraph>; runs: Map<MRun, XmlRun> } {
  const paragraphs = new Map<MParagraph, XmlParagraph>();
  const runs = new Map<MRun, XmlRun>();
  const xml = formatting.paragraphs;
  let next = 0;
  const runsOf = (nodes: MNode[], out: MRun[]) => {
    for (const node of nodes) {
      if (node.type === 'paragraph') continue;
      if (node.type === 'run') out.push(node as MRun);
      if ('children' in node && Array.isArray(node.children)) runsOf(node.children, out);
    }
    return out;
  };
  const visit = (nodes: MNode[]) => {
    for (const node of nodes) {
      if (node.type === 'paragraph') {
        const paragraph = node as MParagraph;
        const text = mammothText(paragraph);
        for (let k = next; k < Math.min(xml.length, next + LOOKAHEAD); k++) {
          const candidate = xml[k] as XmlParagraph;
          if (candidate.text !== text) continue;
          paragraphs.set(paragraph, candidate);
          next = k + 1;
          let r = 0;
          for (const run of runsOf(paragraph.children, [])) {
            const runText = mammothText(run);
            for (let j = r; j < candidate.runs.length; j++)
              if (candidate.runs[j]?.text === runText) {
                runs.set(run, candidate.runs[j] as XmlRun);
                r = j + 1;
                break;
              }
          }
          break;
        }
      }
      if ('children' in node && Array.isArray(node.children)) visit(node.children);
    }
  };
  visit(document.children);
  return { paragraphs, runs };
}

const roundPx = (px: number) => Math.round(px * 100) / 100;
/** Word's colours for plain text: the paper's own text colour does better (and follows a dark theme). */
const PLAIN_COLOR = /^(AUTO|000000)$/;

class DocxReader {
  private footnotes = 0;
  private readonly images: Array<Promise<void>> = [];
  private readonly xmlParagraphs = new Map<MParagraph, XmlParagraph>();
  private readonly xmlRuns = new Map<MRun, XmlRun>();
  /** The paragraph whose runs are being read, for the styles its runs inherit. */
  private current: XmlParagraph | undefined;
  /** Whether that paragraph is a heading, whose style's bold and italic are its preset's. */
  private currentIsHeading = false;

  constructor(
    private readonly document: MDocument,
    private readonly footnoteId: (n: number) => string,
    private readonly formatting: DocxFormatting | null,
  ) {
    if (formatting) {
      const paired = pairWithXml(document, formatting);
      this.xmlParagraphs = paired.paragraphs;
      this.xmlRuns = paired.runs;
    }
  }

  async read(): Promise<JsonNode[]> {
    const blocks = this.blocks(this.document.children);
    await Promise.all(this.images);
    return blocks;
  }

  /** The heading level (1–9) of a paragraph, or 0: by its outline level and style, however it is numbered. */
  private headingLevel(p: MParagraph): number {
    const xml = this.xmlParagraphs.get(p);
    if (xml && this.formatting) return this.formatting.headingLevel(xml);
    return headingLevelOfName(p.styleName ?? '');
  }

  /** A numbered paragraph that shows a number or bullet: numbering with no visible number is no list. */
  private isListItem(node: MNode | undefined): boolean {
    if (node?.type !== 'paragraph') return false;
    const p = node as MParagraph;
    if (!p.numbering || this.headingLevel(p)) return false;
    const xml = this.xmlParagraphs.get(p);
    return !(xml && this.formatting?.hasInvisibleNumbering(xml));
  }

  private tocLevel(node: MNode | undefined) {
    if (node?.type !== 'paragraph') return null;
    const p = node as MParagraph;
    return tocLevelOfStyle(p.styleName, p.styleId);
  }

  blocks(nodes: MNode[]): JsonNode[] {
    const out: JsonNode[] = [];
    let i = 0;
    while (i < nodes.length) {
      const node = nodes[i] as MNode;
      if (this.isListItem(node)) {
        // Consecutive numbered paragraphs are one list, nested by their levels.
        const run: MParagraph[] = [];
        while (i < nodes.length && this.isListItem(nodes[i])) run.push(nodes[i++] as MParagraph);
        out.push(...this.lists(run));
        continue;
      }
      // A table of contents: the TOC field's result, paragraphs in Word's toc 1–9 styles, is one TOC node.
      if (this.tocLevel(node)) {
        const entries = [];
        for (let level = this.tocLevel(nodes[i]); level; level = this.tocLevel(nodes[++i]))
          entries.push(entryOfLine(mammothText(nodes[i] as MParagraph), level));
        out.push(tocNode(entries));
        continue;
      }
      if (node.type === 'paragraph' && CODE_STYLE.test((node as MParagraph).styleName ?? '')) {
        const lines: string[] = [];
        while (
          i < nodes.length &&
          nodes[i]?.type === 'paragraph' &&
          CODE_STYLE.test((nodes[i] as MParagraph).styleName ?? '')
        )
          lines.push(plainText({ type: 'x', children: this.paragraphInline(nodes[i++] as MParagraph) }));
        out.push(codeNode(lines.join('\n')));
        continue;
      }
      out.push(...this.block(node));
      i++;
    }
    return out;
  }

  private block(node: MNode): JsonNode[] {
    if (node.type === 'paragraph') return this.paragraphWithBreaks(node as MParagraph);
    if (node.type === 'table') return [this.table(node as { children: MRow[] })];
    if ('children' in node && Array.isArray(node.children)) return this.blocks(node.children);
    return [];
  }

  /** A paragraph's inline content, its runs styled as the package's XML says where it is known. */
  private paragraphInline(p: MParagraph, heading = false, keepPageBreaks = false): JsonNode[] {
    const outer = [this.current, this.currentIsHeading] as const;
    this.current = this.xmlParagraphs.get(p);
    this.currentIsHeading = heading;
    try {
      const inline = foldBookmarks(this.inline(p.children), this.current?.bookmarks ?? new Map());
      // A page break is a block of the editor's: only a body paragraph splits at one (paragraphWithBreaks).
      return keepPageBreaks ? inline : inline.filter((n) => n.type !== PAGE_BREAK_TYPE);
    } finally {
      [this.current, this.currentIsHeading] = outer;
    }
  }

  /**
   * A body paragraph, split where Word breaks the page in it (<w:br w:type="page"/>): the text before and
   * after, each in the paragraph's format, with the editor's page break between. A paragraph holding only
   * the break, as Word and our export write it, is the break alone.
   */
  private paragraphWithBreaks(p: MParagraph): JsonNode[] {
    const level = this.headingLevel(p);
    const inline = this.paragraphInline(p, level > 0, true);
    if (!inline.some((n) => n.type === PAGE_BREAK_TYPE)) return [this.paragraph(p, inline)];
    const out: JsonNode[] = [];
    let segment: JsonNode[] = [];
    const flush = () => {
      if (segment.some((n) => n.type !== 'text' || n.text?.trim())) out.push(this.paragraph(p, segment));
      segment = [];
    };
    for (const node of inline) {
      if (node.type !== PAGE_BREAK_TYPE) segment.push(node);
      else {
        flush();
        out.push(pageBreakNode());
      }
    }
    flush();
    return out;
  }

  private paragraph(p: MParagraph, inline?: JsonNode[]): JsonNode {
    const level = this.headingLevel(p);
    const children = inline ?? this.paragraphInline(p, level > 0);
    if (!children.length && this.isRule(p)) return horizontalRuleNode();
    const { align, style } = this.paragraphFormat(p);
    if (level) {
      // A heading's visible number ("一、", "1.2 ") is Word's, not its text: it is kept as text here.
      const label = this.xmlParagraphs.get(p)?.label;
      const first = children[0];
      if (label && first?.type === 'text') first.text = `${label}${first.text}`;
      else if (label) children.unshift(textNode(label));
      return headingNode(Math.min(3, level) as 1 | 2 | 3, children, align, style);
    }
    return paragraphNode(children, align, style);
  }

  /** An empty paragraph with a border under it: what Word makes of `---` and of its horizontal line. */
  private isRule(p: MParagraph): boolean {
    const xml = this.xmlParagraphs.get(p);
    return Boolean(xml && this.formatting?.paragraphProps(xml).bottomBorder);
  }

  /** Alignment, line spacing and indents, which mammoth's HTML drops: Lexical's format plus the block style css. */
  private paragraphFormat(p: MParagraph): { align: string; style: string } {
    const xml = this.xmlParagraphs.get(p);
    const props = xml && this.formatting ? this.formatting.paragraphProps(xml) : undefined;
    const css: Record<string, string> = {};
    let align = '';
    switch (props ? props.jc : p.alignment) {
      case 'center':
        align = 'center';
        break;
      case 'right':
      case 'end':
        align = 'right';
        break;
      case 'both':
      case 'justify':
        align = 'justify';
        break;
      case 'distribute':
      case 'thaiDistribute':
        align = 'justify';
        css['text-align-last'] = 'justify';
        break;
    }
    // Indents are in twips; a character is the paragraph's size (its first sized run, else 12pt).
    const sizePt = this.sizeOf(p) ?? 12;
    const asLength = (twips: number) => {
      const chars = twips / 20 / sizePt;
      // Word writes "2 characters" as firstLineChars plus the twips at the paragraph's size: read it back
      // as characters when it is a whole or half number of them, else as px.
      return Math.abs(chars * 2 - Math.round(chars * 2)) < 0.05
        ? `${Math.round(chars * 2) / 2}em`
        : `${Math.round(twips / 15)}px`;
    };
    const chars = (hundredths: number) => `${Math.round(hundredths) / 100}em`;
    if (props) {
      if (props.line) {
        // Multiples are 240ths of a line; exact and at-least spacing are twips.
        if (props.lineRule === 'auto')
          css['line-height'] = String(Math.round((props.line / 240) * 100) / 100);
        else css['line-height'] = `${roundPx(props.line / 15)}px`;
      }
      const positive = (hundredths = 0, twips = 0) =>
        hundredths > 0 ? chars(hundredths) : twips > 0 ? asLength(twips) : '';
      const firstLine = positive(props.firstLineChars, props.firstLine);
      const hanging = positive(props.hangingChars, props.hanging);
      const left = positive(props.leftChars, props.left);
      if (firstLine) css['text-indent'] = firstLine;
      else if (hanging) css['text-indent'] = `-${hanging}`;
      // The start margin is Word's left indent; a hanging indent alone hangs from it.
      if (left) css['margin-inline-start'] = left;
      else if (hanging && !firstLine) css['margin-inline-start'] = hanging;
    } else {
      const firstLine = Number(p.indent.firstLine ?? 0);
      const hanging = Number(p.indent.hanging ?? 0);
      if (firstLine > 0) css['text-indent'] = asLength(firstLine);
      else if (hanging > 0) {
        css['text-indent'] = `-${asLength(hanging)}`;
        css['margin-inline-start'] = asLength(hanging);
      }
    }
    if (props?.pageBreakBefore) css['break-before'] = 'page';
    // 段前 / 段后, the paragraph's own or its style's.
    if (props) Object.assign(css, docxSpacingCss(props));
    return { align, style: cssText(css) };
  }

  private sizeOf(p: MParagraph): number | null {
    const xml = this.xmlParagraphs.get(p);
    if (xml && this.formatting) {
      const size = this.formatting.runProps(xml, xml.runs.find((r) => r.text) ?? xml.runs[0]).size;
      if (size) return size / 2;
    }
    for (const child of p.children)
      if (child.type === 'run' && (child as MRun).fontSize) return (child as MRun).fontSize;
    return null;
  }

  private lists(paragraphs: MParagraph[]): JsonNode[] {
    type Frame = { level: number; type: ListType; items: JsonNode[] };
    const out: JsonNode[] = [];
    const stack: Frame[] = [];
    const close = () => {
      const frame = stack.pop() as Frame;
      const list = listNode(frame.type, frame.items);
      const parent = stack.at(-1);
      if (parent) parent.items.push(listItemNode([list], parent.items.length + 1));
      else out.push(list);
    };
    for (const p of paragraphs) {
      const level = Math.max(0, Math.min(8, Number(p.numbering?.level ?? 0)));
      let children = this.paragraphInline(p);
      const first = children[0];
      let checked: boolean | undefined;
      // Our DOCX export writes a check list as ☐/☑ before the text.
      if (first?.type === 'text' && /^[☐☑☒]\s?/.test(first.text ?? '')) {
        checked = !(first.text ?? '').startsWith('☐');
        const rest = (first.text ?? '').replace(/^[☐☑☒]\s?/, '');
        children = rest ? [{ ...first, text: rest }, ...children.slice(1)] : children.slice(1);
      }
      const type: ListType = checked !== undefined ? 'check' : p.numbering?.isOrdered ? 'number' : 'bullet';
      while (stack.length && (stack.at(-1) as Frame).level > level) close();
      const top = stack.at(-1);
      if (top && top.level === level && top.type !== type) close();
      if (!stack.length || (stack.at(-1) as Frame).level < level) stack.push({ level, type, items: [] });
      const frame = stack.at(-1) as Frame;
      frame.items.push(
        listItemNode(children, frame.items.length + 1, type === 'check' ? checked : undefined),
      );
    }
    while (stack.length) close();
    return out;
  }

  private table(table: { children: MRow[] }): JsonNode {
    const rows = table.children.filter((row) => row.type === 'tableRow');
    return tableNode(
      rows.map((row, r) =>
        tableRowNode(
          row.children
            .filter((cell) => cell.type === 'tableCell')
            .map((cell) =>
              tableCellNode(
                this.blocks(cell.children),
                row.isHeader || (r === 0 && rows.length > 1 && row.isHeader),
                cell.colSpan,
                cell.rowSpan,
              ),
            ),
        ),
      ),
    );
  }

  /**
   * A run's text format bits and css: mammoth's reading, with what the XML adds where the run was paired
   * (its styles' and the document's defaults, the East Asian font, colour and shading).
   */
  private runFormat(run: MRun, format: number): { bits: number; css: string } {
    let bits = format;
    const xml = this.xmlRuns.get(run);
    const props: RunProps | undefined =
      this.current && this.formatting ? this.formatting.runProps(this.current, xml) : undefined;
    // A heading's bold and italic from its style are the document's heading preset (headingPresets):
    // only the run's own go on its text.
    const flags = this.currentIsHeading && this.formatting ? this.formatting.runOwnProps(xml) : props;
    if (run.isBold || flags?.bold) bits |= TEXT_FORMAT.bold;
    if (run.isItalic || flags?.italic) bits |= TEXT_FORMAT.italic;
    if (run.isUnderline || flags?.underline) bits |= TEXT_FORMAT.underline;
    if (run.isStrikethrough || flags?.strike) bits |= TEXT_FORMAT.strikethrough;
    if (run.verticalAlignment === 'superscript') bits |= TEXT_FORMAT.superscript;
    if (run.verticalAlignment === 'subscript') bits |= TEXT_FORMAT.subscript;
    if (!props) {
      const family = FAMILY_BY_WORD_NAME[(run.font ?? '').toLowerCase()];
      const css = cssText({
        'font-family': family ? FONT_FAMILIES.find((f) => f.key === family)?.stack : undefined,
        'font-size': run.fontSize ? `${roundPx((run.fontSize * 4) / 3)}px` : undefined,
        'background-color': run.highlight ? HIGHLIGHT[run.highlight] : undefined,
      });
      return { bits, css };
    }
    const text = mammothText(run);
    const latinPartner = !props.ascii || /^times new roman$/i.test(props.ascii);
    const face = EAST_ASIAN.test(text) || (latinPartner && props.eastAsia) ? props.eastAsia : props.ascii;
    const highlight =
      props.highlight && props.highlight !== 'none'
        ? HIGHLIGHT[props.highlight]
        : props.shading && props.shading !== 'FFFFFF'
          ? `#${props.shading.toLowerCase()}`
          : undefined;
    const css = cssText({
      'font-family': fontCss(face ?? props.ascii),
      'font-size': props.size ? `${roundPx((props.size / 2) * (4 / 3))}px` : undefined,
      color: props.color && !PLAIN_COLOR.test(props.color) ? `#${props.color.toLowerCase()}` : undefined,
      'background-color': highlight,
    });
    return { bits, css };
  }

  inline(nodes: MNode[], format = 0, style = ''): JsonNode[] {
    const out: JsonNode[] = [];
    for (const node of nodes) {
      switch (node.type) {
        case 'run': {
          const run = node as MRun;
          // A REF field's result (交叉引用): one reference however many runs Word split its result into.
          const field = this.xmlRuns.get(run)?.field;
          const ref = field ? parseReferenceInstruction(field.instr) : null;
          if (field && ref) {
            const last = out.at(-1);
            const text = mammothText(run);
            if (last?.type === 'xref' && last.wxField === field.index) last.cached = `${last.cached}${text}`;
            else out.push({ ...importedReference(ref.name, ref.display, text), wxField: field.index });
            break;
          }
          const { bits, css } = this.runFormat(run, format);
          // Runs Word split (spell checks, revisions) but formatted alike are one text.
          for (const child of this.inline(run.children, bits, css)) {
            const last = out.at(-1);
            if (
              child.type === 'text' &&
              last?.type === 'text' &&
              last.format === child.format &&
              last.style === child.style
            )
              last.text = `${last.text}${child.text}`;
            else out.push(child);
          }
          break;
        }
        case 'text': {
          const value = (node as { value: string }).value;
          if (!value) break;
          const last = out.at(-1);
          if (last?.type === 'text' && last.format === format && last.style === style)
            last.text = `${last.text}${value}`;
          else out.push(textNode(value, format, style));
          break;
        }
        case 'tab':
          out.push(textNode('\t', format, style));
          break;
        case 'break':
          if ((node as { breakType: string }).breakType === 'line') out.push(lineBreakNode());
          else if ((node as { breakType: string }).breakType === 'page') out.push(pageBreakNode());
          break;
        case 'checkbox':
          out.push(textNode((node as { checked: boolean }).checked ? '☑' : '☐', format, style));
          break;
        case 'hyperlink': {
          const link = node as { children: MNode[]; href?: string };
          const children = this.inline(link.children, format, style);
          out.push(...(link.href && SAFE_LINK.test(link.href) ? [linkNode(link.href, children)] : children));
          break;
        }
        case 'bookmarkStart': {
          const name = keepImportedBookmark(String((node as { name?: string }).name ?? ''));
          if (name) out.push(bookmarkMark(name));
          break;
        }
        case 'noteReference': {
          const ref = node as { noteType: string; noteId: string };
          const note = this.document.notes.resolve(ref);
          if (!note) break;
          this.footnotes += 1;
          const text = note.body
            .map((block) => plainText({ type: 'x', children: this.block(block) }))
            .join('\n')
            .trim();
          // mammoth reports both kinds as noteReference; an endnote stays an endnote.
          const kind = ref.noteType === 'endnote' ? 'endnote' : 'footnote';
          out.push(footnoteNode(this.footnoteId(this.footnotes), text, kind));
          break;
        }
        case 'image': {
          const image = node as MImage;
          const json = imageNode('', image.altText ?? '');
          out.push(json);
          this.images.push(
            image.readAsBase64String().then((base64) => {
              json.src = `data:${image.contentType ?? 'image/png'};base64,${base64}`;
            }),
          );
          break;
        }
        default:
          if ('children' in node && Array.isArray(node.children))
            out.push(...this.inline(node.children, format, style));
      }
    }
    return out;
  }
}

/**
 * The document's heading presets from its own heading styles (face, size, colour, bold…), so that the
 * editor draws its headings as Word did and its DOCX export writes them back alike; undefined when the
 * package defines none.
 */
function headingPresets(formatting: DocxFormatting | null): StylePresets | undefined {
  if (!formatting) return undefined;
  const presets = structuredClone(DEFAULT_STYLE_PRESETS);
  let found = false;
  for (const [key, level] of [
    ['h1', 1],
    ['h2', 2],
    ['h3', 3],
  ] as const) {
    const run = formatting.headingStyleRun(level);
    if (!run) continue;
    found = true;
    const preset = presets[key];
    preset.bold = run.bold ?? false;
    preset.italic = run.italic ?? false;
    preset.underline = run.underline ?? false;
    preset.strike = run.strike ?? false;
    const face = run.eastAsia ?? run.ascii;
    preset.fontFamily = FAMILY_BY_WORD_NAME[(face ?? '').trim().toLowerCase()] ?? '';
    if (run.size) preset.fontSizePx = roundPx((run.size / 2) * (4 / 3));
    preset.color = run.color && !PLAIN_COLOR.test(run.color) ? `#${run.color.toLowerCase()}` : '';
  }
  return found ? presets : undefined;
}

/**
 * What the package's own XML says beside mammoth: its formatting (null when it cannot be read: formatting
 * is a bonus over mammoth's reading, without it the document still comes in), and the page and note
 * styles, headers and footers of the body's last section. The body is parsed once for all, and let go on
 * return.
 */
function readPackageXml(parts: WordParts) {
  const body = parseWordXml(parts.document);
  const section = bodySection(body);
  let formatting: DocxFormatting | null = null;
  try {
    formatting = new DocxFormatting({ ...parts, document: body });
  } catch {
    // Left null: the document comes in as mammoth reads it.
  }
  return {
    formatting,
    page: pageSetupOfSection(section),
    noteFormats: noteFormatsOfSection(section, parseWordXml(parts.settings)),
    headerFooter: readDocxHeaderFooter(section, parts),
  };
}

export interface DocxImportOptions {
  /** A footnote id per note; default fn-docx-<n>. */
  footnoteId?(n: number): string;
}

/** A .docx file as an editor state, titled by its first block. */
export async function docxToDocument(
  input: ArrayBuffer | Uint8Array,
  options: DocxImportOptions = {},
): Promise<ConvertedDocument> {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const { title } = checkPackage(bytes);
  await checkDocxParts(bytes);
  // The parts read beside mammoth, unpacked once (their sizes were checked just above).
  let parts: WordParts;
  try {
    parts = unpackWordParts(bytes);
  } catch (cause) {
    throw new ConvertError('DOCX_INVALID', t.convert.badDocx, { cause });
  }
  let captured: MDocument | null = null;
  let equations: DocxFormulas = { formulas: [] };
  let shapes: ShapeData[] = [];
  try {
    // In the browser mammoth reads {arrayBuffer}; in Node {buffer}. Both are given; each build takes its own.
    // REF fields (交叉引用) written as simple fields keep their result for mammoth (bookmarks/formats.ts).
    // Word's equations, which mammoth skips, as markers it keeps (formula/docxMath.ts).
    // Shapes and text boxes, which mammoth reads partly or not at all, as markers too (shapes/docxShapes.ts).
    const shaped = shapesAsMarkers(bytes, parts.document);
    shapes = shaped.shapes;
    const math = equationsAsMarkers(shaped.bytes, shaped.documentXml);
    parts = { ...parts, document: math.documentXml };
    equations = math;
    const read = simpleFieldsAsComplex(math.bytes, parts.document);
    const arrayBuffer = read.buffer.slice(read.byteOffset, read.byteOffset + read.byteLength) as ArrayBuffer;
    const source = {
      arrayBuffer,
      ...(typeof Buffer === 'undefined' ? {} : { buffer: Buffer.from(arrayBuffer) }),
    };
    await mammoth.convertToHtml(
      source as { arrayBuffer: ArrayBuffer },
      {
        ignoreEmptyParagraphs: false,
        transformDocument: (document: unknown) => {
          captured = document as MDocument;
          // The HTML is not used: hand mammoth an empty body so that it does not render it.
          return { ...(document as MDocument), children: [] };
        },
      } as Parameters<typeof mammoth.convertToHtml>[1],
    );
  } catch (cause) {
    throw new ConvertError('DOCX_INVALID', t.convert.badDocx, { cause });
  }
  if (!captured) throw new ConvertError('IMPORT_FAILED', t.convert.importFailed);
  const { formatting, page, noteFormats, headerFooter } = readPackageXml(parts);
  const reader = new DocxReader(captured, options.footnoteId ?? ((n) => `fn-docx-${n}`), formatting);
  const blocks = restoreDocxShapes(placeFormulas(await reader.read(), equations), shapes);
  let state = editorState(settleImportedReferences(blocks));
  const styles = headingPresets(formatting);
  if (page) state = withPageSetup(state, page);
  state = withNoteFormats(state, noteFormats);
  state = withHeaderFooter(state, headerFooter);
  return { editorState: state, title: title || documentTitleOf(state), ...(styles ? { styles } : {}) };
}
