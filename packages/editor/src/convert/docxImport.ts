import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { FONT_FAMILIES } from '../format/units';
import { t } from '../i18n/zh-CN';
import { checkDocxParts } from './docxLimits';
import { CONVERT_LIMITS, ConvertError, checkSize } from './errors';
import {
  codeNode,
  cssText,
  documentTitleOf,
  editorState,
  footnoteNode,
  headingNode,
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
 * Word font names (Chinese and English aliases) to the editor's families. Mammoth reports only a run's
 * Western font (w:ascii), so Times New Roman — the Western partner our export gives every Chinese font —
 * is not mapped: it would put a Chinese run in a Latin family.
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
};

const HEADING_STYLE = /^(?:heading|标题)\s*([1-9])$/i;
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

class DocxReader {
  private footnotes = 0;
  private readonly images: Array<Promise<void>> = [];

  constructor(
    private readonly document: MDocument,
    private readonly footnoteId: (n: number) => string,
  ) {}

  async read(): Promise<JsonNode[]> {
    const blocks = this.blocks(this.document.children);
    await Promise.all(this.images);
    return blocks;
  }

  blocks(nodes: MNode[]): JsonNode[] {
    const out: JsonNode[] = [];
    let i = 0;
    while (i < nodes.length) {
      const node = nodes[i] as MNode;
      if (node.type === 'paragraph' && (node as MParagraph).numbering) {
        // Consecutive numbered paragraphs are one list, nested by their levels.
        const run: MParagraph[] = [];
        while (i < nodes.length && nodes[i]?.type === 'paragraph' && (nodes[i] as MParagraph).numbering)
          run.push(nodes[i++] as MParagraph);
        out.push(...this.lists(run));
        continue;
      }
      if (node.type === 'paragraph' && CODE_STYLE.test((node as MParagraph).styleName ?? '')) {
        const lines: string[] = [];
        while (
          i < nodes.length &&
          nodes[i]?.type === 'paragraph' &&
          CODE_STYLE.test((nodes[i] as MParagraph).styleName ?? '')
        )
          lines.push(plainText({ type: 'x', children: this.inline((nodes[i++] as MParagraph).children) }));
        out.push(codeNode(lines.join('\n')));
        continue;
      }
      out.push(...this.block(node));
      i++;
    }
    return out;
  }

  private block(node: MNode): JsonNode[] {
    if (node.type === 'paragraph') return [this.paragraph(node as MParagraph)];
    if (node.type === 'table') return [this.table(node as { children: MRow[] })];
    if ('children' in node && Array.isArray(node.children)) return this.blocks(node.children);
    return [];
  }

  private paragraph(p: MParagraph): JsonNode {
    const children = this.inline(p.children);
    const { align, style } = this.paragraphFormat(p);
    const level = p.styleName === 'Title' ? 1 : Number(HEADING_STYLE.exec(p.styleName ?? '')?.[1] ?? 0);
    if (level) return headingNode(Math.min(3, level) as 1 | 2 | 3, children, align, style);
    return paragraphNode(children, align, style);
  }

  /** Alignment and indents, which mammoth's HTML drops: Lexical's format plus the block style css. */
  private paragraphFormat(p: MParagraph): { align: string; style: string } {
    const css: Record<string, string> = {};
    let align = '';
    switch (p.alignment) {
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
    const firstLine = Number(p.indent.firstLine ?? 0);
    const hanging = Number(p.indent.hanging ?? 0);
    if (firstLine > 0) css['text-indent'] = asLength(firstLine);
    else if (hanging > 0) {
      css['text-indent'] = `-${asLength(hanging)}`;
      css['margin-inline-start'] = asLength(hanging);
    }
    return { align, style: cssText(css) };
  }

  private sizeOf(p: MParagraph): number | null {
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
      let children = this.inline(p.children);
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

  inline(nodes: MNode[], format = 0, style = ''): JsonNode[] {
    const out: JsonNode[] = [];
    for (const node of nodes) {
      switch (node.type) {
        case 'run': {
          const run = node as MRun;
          let bits = format;
          if (run.isBold) bits |= TEXT_FORMAT.bold;
          if (run.isItalic) bits |= TEXT_FORMAT.italic;
          if (run.isUnderline) bits |= TEXT_FORMAT.underline;
          if (run.isStrikethrough) bits |= TEXT_FORMAT.strikethrough;
          if (run.verticalAlignment === 'superscript') bits |= TEXT_FORMAT.superscript;
          if (run.verticalAlignment === 'subscript') bits |= TEXT_FORMAT.subscript;
          const family = FAMILY_BY_WORD_NAME[(run.font ?? '').toLowerCase()];
          const css = cssText({
            'font-family': family ? FONT_FAMILIES.find((f) => f.key === family)?.stack : undefined,
            'font-size': run.fontSize ? `${Math.round(((run.fontSize * 4) / 3) * 100) / 100}px` : undefined,
            'background-color': run.highlight ? HIGHLIGHT[run.highlight] : undefined,
          });
          out.push(...this.inline(run.children, bits, css));
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
        case 'noteReference': {
          const ref = node as { noteType: string; noteId: string };
          const note = this.document.notes.resolve(ref);
          if (!note) break;
          this.footnotes += 1;
          const text = note.body
            .map((block) => plainText({ type: 'x', children: this.block(block) }))
            .join('\n')
            .trim();
          out.push(footnoteNode(this.footnoteId(this.footnotes), text));
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
  let captured: MDocument | null = null;
  try {
    // In the browser mammoth reads {arrayBuffer}; in Node {buffer}. Both are given; each build takes its own.
    const arrayBuffer = bytes.buffer.slice(
      bytes.byteOffset,
      bytes.byteOffset + bytes.byteLength,
    ) as ArrayBuffer;
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
  const reader = new DocxReader(captured, options.footnoteId ?? ((n) => `fn-docx-${n}`));
  const blocks = await reader.read();
  const state = editorState(blocks);
  return { editorState: state, title: title || documentTitleOf(state) };
}
