import type { SerializedEditorState } from 'lexical';
import { referenceResult } from '../../bookmarks/formats';
import type { NoteNumberFormat } from '../../footnotes/numbering';
import { withNotes } from '../../footnotes/pdfNotes';
import { type ParagraphSpacing, spacingFromCss } from '../../format/units';
import { FORMULA_TYPE, formulaTexOf } from '../../formula/formulaModel';
import { parseStyle } from '../../model/blockStyle';
import { hasBreakBefore } from '../../pages/pageBreakFormats';
import { PAGE_BREAK_TYPE } from '../../pages/pageBreakType';
import type { FormulaSlot } from './mathBox';

type FormulaJson = Parameters<typeof formulaTexOf>[0];

import { normalizeShape, SHAPE_TYPE, type ShapeData } from '../../shapes/shapeModel';
import { cleanEntries, TOC_TYPE } from '../../toc/entries';
import { type TocBlock, tocBlock } from '../../toc/pdf';

/**
 * The editor's serialized state read as the blocks a printed page is made of. Pure: no editor, no DOM, so
 * the PDF export runs in a worker and in Node (the CLI) alike.
 */

/** One stretch of text with one look. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  code?: boolean;
  superscript?: boolean;
  subscript?: boolean;
  /** px, from the run's inline style. */
  fontSizePx?: number;
  /** The run's css font-family (an editor family's stack, or a name an imported document kept). */
  fontFamily?: string;
  color?: string;
  highlight?: string;
  link?: string;
  /** A footnote marker: its note's text (the number is given when the page is laid out). */
  footnote?: string;
  /** With `footnote`: the note is an endnote (尾注), and this is its marker (footnotes/pdfNotes.ts). */
  endnote?: string;
  /** A footnote's number style (①, 1, i, *), the document's. */
  noteFormat?: NoteNumberFormat;
  /**
   * An inline formula: typeset before the layout (formulas.ts), an unbreakable box on the line; `text` is
   * its LaTeX source, printed instead when it could not be typeset.
   */
  formula?: FormulaSlot;
  /** A bookmark's place (an empty run): its name, for page references to find its page (bookmarks/pdf.ts). */
  anchor?: string;
  /** A page reference: the bookmark whose page its text is set to once the pages are known. */
  pageRef?: string;
}

/** distribute: 分散对齐, justified lines and a justified last line (the editor's justify + text-align-last). */
export type Align = 'left' | 'center' | 'right' | 'justify' | 'distribute';

/** 段前 / 段后 of the paragraph a block is made of (on its first and its last block). */
export interface Spaced {
  spaceBefore?: ParagraphSpacing;
  spaceAfter?: ParagraphSpacing;
}

export interface TextBlock extends Spaced {
  kind: 'paragraph' | 'heading' | 'quote';
  runs: Run[];
  /** 1–6 for headings. */
  level?: number;
  align: Align;
  /** Left indent in steps (the editor's indent, 2 em each). */
  indent: number;
  /** First-line indent in em (首行缩进; negative: hanging). */
  firstLineEm: number;
  /** A multiple of the font size; 0: the default. */
  lineHeight: number;
  /** 段前分页: the block starts a page. */
  breakBefore?: boolean;
}

export interface ListItemBlock extends Spaced {
  kind: 'listitem';
  runs: Run[];
  marker: string;
  depth: number;
  /** The last item of its list (at its depth): the list's space below follows it. */
  listEnd?: boolean;
  align: Align;
  /** A multiple of the font size; 0: the default. */
  lineHeight: number;
}

export interface CodeBlock {
  kind: 'code';
  /** The code's lines, without their breaks. */
  lines: string[];
}

export interface ImageBlock extends Spaced {
  kind: 'image';
  src: string;
  altText: string;
  /** px, as the user sized it; unset: the picture's own width. */
  width?: number;
  /** 段前分页 of the paragraph the picture opens. */
  breakBefore?: boolean;
}

export interface TableCell {
  blocks: Block[];
  header: boolean;
  colSpan: number;
  rowSpan: number;
  background?: string;
}

export interface TableBlock {
  kind: 'table';
  rows: TableCell[][];
  /** px per column when the table was sized in the editor. */
  colWidths?: number[];
}

/** A horizontal rule (水平线), drawn as a line across the column. */
export interface RuleBlock {
  kind: 'rule';
}

/** A shape or 文本框, drawn on a line of its own with its text inside (shapes/pdfShape.ts). */
export interface ShapeBlock {
  kind: 'shape';
  shape: ShapeData;
}

/**
 * A display formula: a centred block, typeset before the layout (formulas.ts); printed as its LaTeX source
 * between $$ lines when it could not be.
 */
export interface FormulaBlock {
  kind: 'formula';
  formula: FormulaSlot;
}

/** 分页符: what follows starts a new page. */
export interface PageBreakBlock {
  kind: 'pageBreak';
}

export type Block =
  | TextBlock
  | ListItemBlock
  | CodeBlock
  | ImageBlock
  | TableBlock
  | RuleBlock
  | ShapeBlock
  | TocBlock
  | FormulaBlock
  | PageBreakBlock;

interface JsonNode {
  type?: string;
  text?: string;
  format?: number | string;
  style?: string;
  tag?: string;
  indent?: number;
  listType?: string;
  start?: number;
  checked?: boolean;
  url?: string;
  src?: string;
  altText?: string;
  width?: number | null;
  headerState?: number;
  colSpan?: number;
  rowSpan?: number;
  backgroundColor?: string | null;
  colWidths?: number[];
  /** A note's kind: 'endnote' for an endnote. */
  kind?: string;
  /** A bookmark's name. */
  name?: string;
  /** A cross-reference's bookmark, what it shows, and whether that bookmark is gone. */
  target?: string;
  display?: string;
  missing?: boolean;
  $?: Record<string, unknown>;
  children?: JsonNode[];
}

// Lexical's text format bits (lexical/src/LexicalConstants.ts).
const IS_BOLD = 1;
const IS_ITALIC = 1 << 1;
const IS_STRIKETHROUGH = 1 << 2;
const IS_UNDERLINE = 1 << 3;
const IS_CODE = 1 << 4;
const IS_SUBSCRIPT = 1 << 5;
const IS_SUPERSCRIPT = 1 << 6;
const IS_HIGHLIGHT = 1 << 7;

function pxOf(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const match = /^(-?[\d.]+)\s*(px|pt)?$/.exec(value.trim());
  if (!match) return undefined;
  const n = Number.parseFloat(match[1] as string);
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return match[2] === 'pt' ? (n * 96) / 72 : n;
}

function textRun(node: JsonNode, inherited: Partial<Run>): Run {
  const format = typeof node.format === 'number' ? node.format : 0;
  const style = parseStyle(node.style ?? '');
  const run: Run = { ...inherited, text: node.text ?? '' };
  if (format & IS_BOLD) run.bold = true;
  if (format & IS_ITALIC) run.italic = true;
  if (format & IS_UNDERLINE) run.underline = true;
  if (format & IS_STRIKETHROUGH) run.strike = true;
  if (format & IS_CODE) run.code = true;
  if (format & IS_SUBSCRIPT) run.subscript = true;
  if (format & IS_SUPERSCRIPT) run.superscript = true;
  if (format & IS_HIGHLIGHT) run.highlight = '#fff3a3';
  const size = pxOf(style['font-size']);
  if (size) run.fontSizePx = size;
  const family = style['font-family']?.trim();
  if (family) run.fontFamily = family;
  if (style.color) run.color = style.color;
  if (style['background-color']) run.highlight = style['background-color'];
  return run;
}

/** The inline content of an element as runs; pictures found inline come out separately, in order. */
function inlineContent(
  children: JsonNode[] | undefined,
  inherited: Partial<Run> = {},
): Array<Run | ImageBlock | ShapeBlock> {
  const out: Array<Run | ImageBlock | ShapeBlock> = [];
  for (const child of children ?? []) {
    switch (child.type) {
      case 'text':
      case 'code-highlight':
        if (child.text) out.push(textRun(child, inherited));
        break;
      case 'tab':
        out.push({ ...inherited, text: '\t' });
        break;
      case 'linebreak':
        out.push({ ...inherited, text: '\n' });
        break;
      case 'link':
      case 'autolink':
        out.push(...inlineContent(child.children, { ...inherited, link: child.url }));
        break;
      case 'footnote':
        out.push({
          text: '',
          footnote: child.text ?? '',
          ...(child.kind === 'endnote' ? { endnote: '' } : {}),
        });
        break;
      case 'image':
        out.push(imageBlock(child));
        break;
      case SHAPE_TYPE:
        out.push({ kind: 'shape', shape: normalizeShape(child as Record<string, unknown>) });
        break;
      // A formula is typeset as vector outlines; its source between dollars, in the code look, is what
      // prints when it cannot be.
      case FORMULA_TYPE: {
        const tex = formulaTexOf(child as FormulaJson);
        out.push({ ...inherited, text: `$${tex}$`, code: true, formula: { tex } });
        break;
      }
      // A bookmark prints its text; its place is kept, for page references to it (bookmarks/pdf.ts).
      case 'bookmark':
        out.push({ ...inherited, text: '', anchor: String(child.name ?? '') });
        out.push(...inlineContent(child.children, inherited));
        break;
      // A cross-reference prints what it shows; a page reference the PDF's page, filled in once known.
      case 'xref':
        out.push({
          ...inherited,
          text: referenceResult(child),
          ...(child.display === 'page' && child.missing !== true
            ? { pageRef: String(child.target ?? '') }
            : {}),
        });
        break;
      default:
        // An inline element this exporter does not know still gives its text.
        if (child.children) out.push(...inlineContent(child.children, inherited));
        else if (child.text) out.push(textRun(child, inherited));
    }
  }
  return out;
}

function imageBlock(node: JsonNode): ImageBlock {
  return {
    kind: 'image',
    src: node.src ?? '',
    altText: node.altText ?? '',
    ...(node.width ? { width: node.width } : {}),
  };
}

function alignOf(format: JsonNode['format'], node?: JsonNode): Align {
  if (format === 'justify' && node && blockCss(node)['text-align-last']?.trim() === 'justify')
    return 'distribute';
  switch (format) {
    case 'center':
      return 'center';
    case 'right':
    case 'end':
      return 'right';
    case 'justify':
      return 'justify';
    default:
      return 'left';
  }
}

const blockStyleCss = (node: JsonNode): string =>
  typeof node.$?.wxBlockStyle === 'string' ? node.$.wxBlockStyle : (node.style ?? '');

const blockCss = (node: JsonNode) =>
  parseStyle(typeof node.$?.wxBlockStyle === 'string' ? node.$.wxBlockStyle : (node.style ?? ''));

function blockStyle(node: JsonNode): { firstLineEm: number; lineHeight: number } {
  const style = blockCss(node);
  let firstLineEm = 0;
  const indent = style['text-indent']?.trim();
  if (indent) {
    const match = /^(-?[\d.]+)\s*(em|px|pt|mm|ch)?$/.exec(indent);
    if (match) {
      const n = Number.parseFloat(match[1] as string);
      const unit = match[2] ?? 'px';
      // An em is the paragraph's font size; px are converted at the default 16 px.
      firstLineEm =
        unit === 'em' || unit === 'ch'
          ? n
          : unit === 'mm'
            ? (n * 96) / 25.4 / 16
            : unit === 'pt'
              ? (n * 96) / 72 / 16
              : n / 16;
    }
  }
  const lineHeight = Number.parseFloat(style['line-height'] ?? '');
  return {
    firstLineEm,
    lineHeight: Number.isFinite(lineHeight) && lineHeight > 0 && lineHeight < 6 ? lineHeight : 0,
  };
}

/** Splits inline content at pictures: text before, the picture, text after. */
function withImagesSplit(
  content: Array<Run | ImageBlock | ShapeBlock>,
  make: (runs: Run[]) => Block,
  out: Block[],
): void {
  let runs: Run[] = [];
  let sawImage = false;
  for (const item of content) {
    if ('kind' in item) {
      if (runs.some((r) => r.text.trim() || r.footnote !== undefined)) out.push(make(runs));
      out.push(item);
      runs = [];
      sawImage = true;
    } else runs.push(item);
  }
  if (!sawImage || runs.some((r) => r.text.trim() || r.footnote !== undefined)) out.push(make(runs));
}

function listMarker(listType: string | undefined, index: number, depth: number, checked?: boolean): string {
  if (listType === 'check') return checked ? '☑' : '☐';
  if (listType === 'number') return `${index}.`;
  return ['•', '◦', '▪'][depth % 3] as string;
}

function listBlocks(node: JsonNode, depth: number, out: Block[]): void {
  let index = node.start ?? 1;
  let lastItem: Block | undefined;
  for (const item of node.children ?? []) {
    const nested = (item.children ?? []).filter((c) => c.type === 'list');
    if (nested.length > 0 && nested.length === (item.children ?? []).length) {
      // Lexical nests a list inside an item of its own, with no text.
      for (const list of nested) listBlocks(list, depth + 1, out);
      continue;
    }
    const inline = (item.children ?? []).filter((c) => c.type !== 'list');
    const content = inlineContent(inline);
    const marker = listMarker(node.listType, index, depth, item.checked);
    const start = out.length;
    withImagesSplit(
      content,
      (runs) => ({
        kind: 'listitem',
        runs,
        marker,
        depth,
        align: alignOf(item.format, item),
        lineHeight: blockStyle(item).lineHeight,
      }),
      out,
    );
    markSpacing(item, out, start);
    lastItem = out.at(-1);
    for (const list of nested) listBlocks(list, depth + 1, out);
    index++;
  }
  if (lastItem?.kind === 'listitem') lastItem.listEnd = true;
}

function codeLines(node: JsonNode): string[] {
  const text = inlineContent(node.children)
    .map((item) => ('kind' in item ? '' : item.text))
    .join('');
  return text.split('\n');
}

function tableBlock(node: JsonNode): TableBlock {
  const rows = (node.children ?? [])
    .filter((row) => row.type === 'tablerow')
    .map((row) =>
      (row.children ?? [])
        .filter((cell) => cell.type === 'tablecell')
        .map(
          (cell): TableCell => ({
            blocks: toBlocks(cell.children ?? []),
            header: (cell.headerState ?? 0) !== 0,
            colSpan: Math.max(1, cell.colSpan ?? 1),
            rowSpan: Math.max(1, cell.rowSpan ?? 1),
            ...(cell.backgroundColor ? { background: cell.backgroundColor } : {}),
          }),
        ),
    );
  return { kind: 'table', rows, ...(node.colWidths?.length ? { colWidths: node.colWidths } : {}) };
}

/** 段前分页 on a paragraph or heading: the first block made of it (its text, or a picture) starts a page. */
function markBreakBefore(node: JsonNode, out: Block[], start: number): void {
  const first = out[start];
  if (first && hasBreakBefore(blockStyleCss(node))) (first as { breakBefore?: boolean }).breakBefore = true;
  markSpacing(node, out, start);
}

/** A paragraph's 段前 on the first block made of it (from `start`), its 段后 on the last. */
function markSpacing(node: JsonNode, out: Block[], start: number): void {
  const css = blockCss(node);
  const before = spacingFromCss(css['margin-block-start']);
  const after = spacingFromCss(css['margin-block-end']);
  const spaced = (block: Block | undefined): block is Block & Spaced =>
    block !== undefined && (block.kind === 'image' || 'runs' in block);
  const first = out[start];
  const last = out.length > start ? out.at(-1) : undefined;
  if (before && spaced(first)) first.spaceBefore = before;
  if (after && spaced(last)) last.spaceAfter = after;
}

function toBlocks(nodes: JsonNode[]): Block[] {
  const out: Block[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'heading': {
        const level = Number.parseInt((node.tag ?? 'h1').slice(1), 10) || 1;
        const { firstLineEm, lineHeight } = blockStyle(node);
        const start = out.length;
        // A heading's text is bold when its preset is (presetStyle) or its run is, as the editor draws it.
        withImagesSplit(
          inlineContent(node.children),
          (runs) => ({
            kind: 'heading',
            runs,
            level,
            align: alignOf(node.format, node),
            indent: node.indent ?? 0,
            firstLineEm,
            lineHeight,
          }),
          out,
        );
        markBreakBefore(node, out, start);
        break;
      }
      case 'list':
        listBlocks(node, 0, out);
        break;
      case 'code':
        out.push({ kind: 'code', lines: codeLines(node) });
        break;
      case 'table':
        out.push(tableBlock(node));
        break;
      case 'image':
        out.push(imageBlock(node));
        break;
      case 'horizontalrule':
        out.push({ kind: 'rule' });
        break;
      // A display formula: a centred block of its own (its source between $$ lines when it cannot be set).
      case FORMULA_TYPE:
        out.push({ kind: 'formula', formula: { tex: formulaTexOf(node as FormulaJson) } });
        break;
      // 目录: its entries; the PDF's page numbers are filled in once the document is laid out (toc/pdf.ts).
      case TOC_TYPE:
        out.push(tocBlock(cleanEntries((node as { entries?: unknown }).entries)));
        break;
      case PAGE_BREAK_TYPE:
        out.push({ kind: 'pageBreak' });
        break;
      default: {
        // paragraph, quote, and any block this exporter does not know: its text as a paragraph.
        const { firstLineEm, lineHeight } = blockStyle(node);
        const kind = node.type === 'quote' ? 'quote' : 'paragraph';
        const start = out.length;
        withImagesSplit(
          inlineContent(node.children),
          (runs) => ({
            kind,
            runs,
            align: alignOf(node.format, node),
            indent: node.indent ?? 0,
            firstLineEm,
            lineHeight,
          }),
          out,
        );
        markBreakBefore(node, out, start);
      }
    }
  }
  return out;
}

/** The document's blocks, top to bottom. */
export function blocksOf(state: SerializedEditorState): Block[] {
  const root = (state as unknown as { root?: JsonNode }).root;
  if (!root || !Array.isArray(root.children)) throw new Error('文档内容为空或格式错误');
  return withNotes(toBlocks(root.children), root);
}
