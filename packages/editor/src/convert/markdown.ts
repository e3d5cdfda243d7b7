import type {
  Definition,
  FootnoteDefinition,
  List,
  ListItem,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from 'mdast';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkCjkFriendlyGfmStrikethrough from 'remark-cjk-friendly-gfm-strikethrough';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import {
  foldMarkdownAnchors,
  MARKDOWN_ANCHOR_CLOSE,
  markdownAnchorMark,
  markdownAnchorOpen,
  markdownReference,
  markdownReferenceTitle,
  referenceLinkUrl,
  referenceResult,
  settleMarkdownReferences,
} from '../bookmarks/formats';
import { FORMULA_TYPE, formulaNode, formulaTexOf } from '../formula/formulaModel';
import { t } from '../i18n/zh-CN';
import { isMarkdownPageBreak, MARKDOWN_PAGE_BREAK, pageBreakNode } from '../pages/pageBreakFormats';
import { PAGE_BREAK_TYPE } from '../pages/pageBreakType';
import { TOC_TYPE } from '../toc/entries';
import { tocFromMdast, tocToMdast } from '../toc/markdown';
import { ConvertError } from './errors';
import {
  codeLanguage,
  codeNode,
  documentTitleOf,
  editorState,
  footnoteNode,
  hasFormat,
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
  quoteNode,
  rootChildren,
  TEXT_FORMAT,
  tableCellNode,
  tableNode,
  tableRowNode,
  textNode,
} from './nodes';
import { decodeText } from './text';
import type { ConvertedDocument, ExportInput } from './types';

/*
 * Markdown in and out through remark (mdast), with GFM (tables, task lists, footnotes, strikethrough,
 * autolinks) and remark-cjk-friendly, so that `**“重点”**。` is bold as a Chinese writer means it — plain
 * CommonMark refuses emphasis that touches CJK punctuation.
 *
 * What Markdown cannot hold degrades as documented in the package README ("Markdown"): colours, font sizes
 * and families, alignment, line height and indents are dropped; underline is written as inline <u>…</u>;
 * a merged table cell keeps its text in its first cell and the cells it covered are left empty; a table
 * without a header row gets its first row as the header; images become reference-style links whose data
 * URLs are gathered at the end of the file, so the text stays readable. No text is ever dropped.
 */

const SAFE_URL = /^(https?:|mailto:|#|\/|\.{0,2}\/)/i;
const safeUrl = (url: string) => (SAFE_URL.test(url.trim()) ? url.trim() : null);

const parser = () =>
  unified()
    .use(remarkParse)
    .use(remarkGfm)
    // Formulas: `$…$` inline, `$$…$$` display (formula/).
    .use(remarkMath)
    .use(remarkCjkFriendly)
    .use(remarkCjkFriendlyGfmStrikethrough);

export interface MarkdownImportOptions {
  /**
   * Turns an image's relative path into a data URL (the CLI reads it beside the .md file). Without it, or
   * when it gives nothing, a picture that cannot be shown stays as a link with its alt text.
   */
  resolveImage?(url: string): string | undefined;
  /** A footnote id per note; default fn-md-<n>. */
  footnoteId?(n: number): string;
}

/** Markdown text (or bytes: UTF-8, else GB18030) as an editor state, titled by its first block. */
export function markdownToDocument(
  input: string | ArrayBuffer | Uint8Array,
  options: MarkdownImportOptions = {},
): ConvertedDocument {
  const markdown = typeof input === 'string' ? input : decodeText(input);
  if (!markdown.trim()) throw new ConvertError('EMPTY_FILE', t.convert.emptyFile);
  const tree = parser().parse(markdown) as Root;
  const state = editorState(new MdastReader(tree, options).blocks(tree.children));
  settleMarkdownReferences(state.root as unknown as JsonNode);
  return { editorState: state, title: documentTitleOf(state) };
}

class MdastReader {
  private readonly definitions = new Map<string, Definition>();
  private readonly notes = new Map<string, FootnoteDefinition>();
  private footnotes = 0;

  constructor(
    root: Root,
    private readonly options: MarkdownImportOptions,
  ) {
    for (const node of root.children) {
      if (node.type === 'definition') this.definitions.set(node.identifier, node);
      if (node.type === 'footnoteDefinition') this.notes.set(node.identifier, node);
    }
  }

  blocks(nodes: ReadonlyArray<RootContent>): JsonNode[] {
    const out: JsonNode[] = [];
    for (let i = 0; i < nodes.length; i++) {
      // A table of contents: its markers and the list of links between them (toc/markdown.ts).
      const toc = tocFromMdast(nodes, i);
      if (toc) {
        out.push(toc.node);
        i = toc.last;
      } else out.push(...this.block(nodes[i] as RootContent));
    }
    return out;
  }

  private block(node: RootContent): JsonNode[] {
    switch (node.type) {
      case 'paragraph':
        return [paragraphNode(this.inline(node.children))];
      case 'heading':
        return [headingNode(Math.min(node.depth, 3) as 1 | 2 | 3, this.inline(node.children))];
      case 'blockquote':
        // The editor's quote holds one paragraph's inline content: one quote per paragraph inside.
        return this.blocks(node.children).map((block) =>
          block.type === 'paragraph' || block.type === 'heading' ? quoteNode(block.children ?? []) : block,
        );
      case 'list':
        return [this.list(node)];
      case 'code':
        return [codeNode(node.value, node.lang)];
      case 'table':
        return [this.table(node)];
      case 'thematicBreak':
        return [horizontalRuleNode()];
      case 'math':
        return [formulaNode(node.value, true)];
      case 'html':
        if (isMarkdownPageBreak(node.value)) return [pageBreakNode()];
        return [paragraphNode(node.value ? [textNode(node.value)] : [])];
      case 'definition':
      case 'footnoteDefinition':
        return [];
      default:
        // Phrasing content at block level (never from remark-parse, but the types allow it).
        return [paragraphNode(this.inline([node as PhrasingContent]))];
    }
  }

  private list(node: List): JsonNode {
    const checkList = node.children.some((item) => typeof item.checked === 'boolean');
    const type: ListType = checkList ? 'check' : node.ordered ? 'number' : 'bullet';
    const start = node.start ?? 1;
    const items: JsonNode[] = [];
    node.children.forEach((item: ListItem, i) => {
      const value = start + i;
      const inline: JsonNode[] = [];
      const nested: JsonNode[] = [];
      for (const child of item.children) {
        if (child.type === 'list') nested.push(this.list(child));
        else
          for (const block of this.block(child)) {
            // A list item holds inline content; several paragraphs are joined by line breaks.
            if (inline.length) inline.push(lineBreakNode());
            inline.push(
              ...(block.type === 'paragraph' || block.type === 'heading'
                ? (block.children ?? [])
                : block.type === FORMULA_TYPE
                  ? [{ ...block, display: false }]
                  : [textNode(plainText(block))]),
            );
          }
      }
      items.push(listItemNode(inline, value, checkList ? item.checked === true : undefined));
      // Lexical nests a list in a list item of its own, right after the item it belongs to.
      for (const list of nested) items.push(listItemNode([list], value));
    });
    return listNode(type, items, start);
  }

  private table(node: Table): JsonNode {
    return tableNode(
      node.children.map((row: TableRow, r) =>
        tableRowNode(
          row.children.map((cell: TableCell) =>
            tableCellNode([paragraphNode(this.inline(cell.children))], r === 0),
          ),
        ),
      ),
    );
  }

  inline(nodes: ReadonlyArray<PhrasingContent>, format = 0): JsonNode[] {
    const out: JsonNode[] = [];
    let underline = 0;
    for (const node of nodes) {
      const bits = format | underline;
      switch (node.type) {
        case 'text':
          out.push(textNode(node.value.replace(/\n/g, ' '), bits));
          break;
        case 'strong':
          out.push(...this.inline(node.children, bits | TEXT_FORMAT.bold));
          break;
        case 'emphasis':
          out.push(...this.inline(node.children, bits | TEXT_FORMAT.italic));
          break;
        case 'delete':
          out.push(...this.inline(node.children, bits | TEXT_FORMAT.strikethrough));
          break;
        case 'inlineCode':
          out.push(textNode(node.value, bits | TEXT_FORMAT.code));
          break;
        case 'inlineMath':
          out.push(formulaNode(node.value, false));
          break;
        case 'break':
          out.push(lineBreakNode());
          break;
        case 'html': {
          // A bookmark's anchor, <a id="…">…</a> (bookmarks/formats.ts), folded at the end of this run.
          const anchor = markdownAnchorMark(node.value);
          if (anchor) {
            out.push(anchor);
            break;
          }
          // Inline HTML: <u> and <br> are what our own export writes; anything else stays as its text.
          const tag = /^<(\/?)(u|ins|br)\s*\/?>$/i.exec(node.value.trim());
          if (tag?.[2]?.toLowerCase() === 'br') out.push(lineBreakNode());
          else if (tag) underline = tag[1] ? 0 : TEXT_FORMAT.underline;
          else out.push(textNode(node.value, bits));
          break;
        }
        case 'link': {
          const url = safeUrl(node.url);
          const children = this.inline(node.children, bits);
          // A link to #name is a cross-reference to that bookmark (settled in markdownToDocument).
          const reference = markdownReference(node.url, node.title, plainText({ type: 'x', children }));
          if (reference) {
            out.push(reference);
            break;
          }
          out.push(...(url ? [linkNode(url, children, node.title)] : children));
          break;
        }
        case 'linkReference': {
          const definition = this.definitions.get(node.identifier);
          const url = definition ? safeUrl(definition.url) : null;
          const children = this.inline(node.children, bits);
          out.push(...(url ? [linkNode(url, children, definition?.title)] : children));
          break;
        }
        case 'image':
          out.push(this.image(node.url, node.alt ?? '', bits));
          break;
        case 'imageReference': {
          const definition = this.definitions.get(node.identifier);
          out.push(
            definition
              ? this.image(definition.url, node.alt ?? '', bits)
              : textNode(`![${node.alt ?? ''}]`, bits),
          );
          break;
        }
        case 'footnoteReference': {
          const note = this.notes.get(node.identifier);
          if (!note) {
            out.push(textNode(`[^${node.label ?? node.identifier}]`, bits));
            break;
          }
          this.footnotes += 1;
          const text = note.children
            .map((block) => plainText({ type: 'x', children: this.block(block) }))
            .join('\n')
            .trim();
          out.push(
            footnoteNode(this.options.footnoteId?.(this.footnotes) ?? `fn-md-${this.footnotes}`, text),
          );
          break;
        }
        default:
          break;
      }
    }
    return foldMarkdownAnchors(out);
  }

  private image(url: string, alt: string, bits: number): JsonNode {
    const src =
      /^data:image\/[a-z0-9.+-]+;/i.test(url) || /^https?:\/\//i.test(url)
        ? url
        : this.options.resolveImage?.(url);
    if (src) return imageNode(src, alt);
    return linkNode(safeUrl(url) ?? '#', [textNode(`[图片：${alt || url}]`, bits)]);
  }
}

// ————— out —————

type Phrasing = PhrasingContent;

class MdastWriter {
  private readonly images: Definition[] = [];
  private readonly imageIds = new Map<string, string>();
  private readonly notes: FootnoteDefinition[] = [];

  /** The document's top-level blocks, for a table of contents' links to its headings. */
  private top: JsonNode[] = [];

  root(nodes: JsonNode[]): Root {
    this.top = nodes;
    const children = nodes.flatMap((node) => this.block(node));
    return { type: 'root', children: [...children, ...this.notes, ...this.images] };
  }

  private block(node: JsonNode): RootContent[] {
    const children = node.children ?? [];
    switch (node.type) {
      case 'heading': {
        const depth = Number(String(node.tag ?? 'h1').slice(1)) as 1 | 2 | 3;
        return [{ type: 'heading', depth, children: this.inline(children) }];
      }
      case 'quote':
        return [{ type: 'blockquote', children: [{ type: 'paragraph', children: this.inline(children) }] }];
      case 'list':
        return [this.list(node)];
      case 'code': {
        const lang = codeLanguage(typeof node.language === 'string' ? node.language : undefined);
        return [{ type: 'code', lang: lang && lang !== 'plain' ? lang : null, value: plainText(node) }];
      }
      case 'table':
        return [this.table(node)];
      case 'paragraph':
        return [{ type: 'paragraph', children: this.inline(children) }];
      case 'horizontalrule':
        return [{ type: 'thematicBreak' }];
      case TOC_TYPE:
        return tocToMdast(node, this.top);
      case FORMULA_TYPE:
        return [{ type: 'math', value: formulaTexOf(node) }];
      case PAGE_BREAK_TYPE:
        return [{ type: 'html', value: MARKDOWN_PAGE_BREAK }];
      default:
        // Unknown blocks keep their text.
        return children.length || node.text ? [{ type: 'paragraph', children: this.inline([node]) }] : [];
    }
  }

  private list(node: JsonNode): List {
    const listType = node.listType as ListType;
    const items: ListItem[] = [];
    for (const child of node.children ?? []) {
      const nested = (child.children ?? []).filter((c) => c.type === 'list');
      const inline = (child.children ?? []).filter((c) => c.type !== 'list');
      const previous = items.at(-1);
      if (nested.length && !inline.length && previous) {
        // Lexical's nested list lives in a list item of its own; Markdown puts it in the previous item.
        previous.children.push(...nested.map((list) => this.list(list)));
        continue;
      }
      items.push({
        type: 'listItem',
        spread: false,
        checked: listType === 'check' ? child.checked === true : null,
        children: [
          { type: 'paragraph', children: this.inline(inline) },
          ...nested.map((list) => this.list(list)),
        ],
      });
    }
    return {
      type: 'list',
      ordered: listType === 'number',
      start: listType === 'number' ? Number(node.start ?? 1) : null,
      spread: false,
      children: items,
    };
  }

  private table(node: JsonNode): Table {
    // GFM has no merged cells: a merged cell keeps its text in its first cell, the covered ones are empty.
    const grid: Phrasing[][][] = [];
    (node.children ?? []).forEach((row, r) => {
      grid[r] ??= [];
      let c = 0;
      for (const cell of row.children ?? []) {
        while (grid[r]?.[c]) c++;
        const colSpan = Math.max(1, Number(cell.colSpan ?? 1));
        const rowSpan = Math.max(1, Number(cell.rowSpan ?? 1));
        const content: Phrasing[] = [];
        (cell.children ?? []).forEach((block, i) => {
          if (i > 0) content.push({ type: 'html', value: '<br>' });
          content.push(
            ...this.inline(
              block.type === 'paragraph' || block.type === 'heading' ? (block.children ?? []) : [block],
            ),
          );
        });
        for (let dr = 0; dr < rowSpan; dr++)
          for (let dc = 0; dc < colSpan; dc++) {
            grid[r + dr] ??= [];
            (grid[r + dr] as Phrasing[][])[c + dc] = dr === 0 && dc === 0 ? content : [];
          }
        c += colSpan;
      }
    });
    const width = Math.max(1, ...grid.map((row) => row.length));
    return {
      type: 'table',
      align: Array.from({ length: width }, () => null),
      children: grid.map((row) => ({
        type: 'tableRow',
        children: Array.from({ length: width }, (_, c) => ({ type: 'tableCell', children: row[c] ?? [] })),
      })),
    };
  }

  private inline(nodes: JsonNode[]): Phrasing[] {
    const out: Phrasing[] = [];
    // Adjacent runs with the same marks are one run in Markdown (their colours or sizes differ, which
    // Markdown does not hold): `**红****蓝**` would not read back as bold.
    const merged: JsonNode[] = [];
    for (const node of nodes) {
      const last = merged.at(-1);
      if (node.type === 'text' && last?.type === 'text' && last.format === node.format)
        merged[merged.length - 1] = { ...last, text: `${last.text ?? ''}${node.text ?? ''}` };
      else merged.push(node);
    }
    for (const node of merged) {
      switch (node.type) {
        case 'text':
        case 'code-highlight':
          out.push(...this.text(node));
          break;
        case 'linebreak':
          out.push({ type: 'break' });
          break;
        case 'tab':
          out.push({ type: 'text', value: '\t' });
          break;
        case 'link':
        case 'autolink':
          out.push({
            type: 'link',
            url: String(node.url ?? ''),
            title: typeof node.title === 'string' ? node.title : null,
            children: this.inline(node.children ?? []),
          });
          break;
        case 'image':
          out.push(this.image(node));
          break;
        // Markdown has no shapes: a shape's or text box's text is written as text, line by line (the
        // export tells the user so: shapes/formats.ts).
        case 'shape':
          String(node.text ?? '')
            .trim()
            .split('\n')
            .forEach((line, i) => {
              if (i) out.push({ type: 'break' });
              if (line) out.push({ type: 'text', value: line });
            });
          break;
        case FORMULA_TYPE:
          out.push({ type: 'inlineMath', value: formulaTexOf(node) });
          break;
        // A bookmark as an HTML anchor around its text, a reference as a link to it (bookmarks/formats.ts).
        case 'bookmark':
          out.push(
            { type: 'html', value: markdownAnchorOpen(String(node.name ?? '')) },
            ...this.inline(node.children ?? []),
            { type: 'html', value: MARKDOWN_ANCHOR_CLOSE },
          );
          break;
        case 'xref':
          out.push({
            type: 'link',
            url: referenceLinkUrl(node),
            title: markdownReferenceTitle(node),
            children: [{ type: 'text', value: referenceResult(node) }],
          });
          break;
        // Footnotes and endnotes (kind: 'endnote') alike: Markdown has one kind of note, `[^n]`, which
        // renderers list at the end; an endnote read back from Markdown is a footnote.
        case 'footnote': {
          const identifier = String(this.notes.length + 1);
          this.notes.push({
            type: 'footnoteDefinition',
            identifier,
            label: identifier,
            children: [{ type: 'paragraph', children: [{ type: 'text', value: String(node.text ?? '') }] }],
          });
          out.push({ type: 'footnoteReference', identifier, label: identifier });
          break;
        }
        default:
          if (node.children) out.push(...this.inline(node.children));
          else if (typeof node.text === 'string') out.push({ type: 'text', value: node.text });
      }
    }
    return out;
  }

  private text(node: JsonNode): Phrasing[] {
    const value = node.text ?? '';
    if (!value) return [];
    if (hasFormat(node, TEXT_FORMAT.code)) return [{ type: 'inlineCode', value }];
    let content: Phrasing[] = [{ type: 'text', value }];
    if (hasFormat(node, TEXT_FORMAT.strikethrough)) content = [{ type: 'delete', children: content }];
    if (hasFormat(node, TEXT_FORMAT.italic)) content = [{ type: 'emphasis', children: content }];
    if (hasFormat(node, TEXT_FORMAT.bold)) content = [{ type: 'strong', children: content }];
    if (hasFormat(node, TEXT_FORMAT.underline))
      content = [{ type: 'html', value: '<u>' }, ...content, { type: 'html', value: '</u>' }];
    return content;
  }

  private image(node: JsonNode): Phrasing {
    const src = String(node.src ?? '');
    const alt = String(node.altText ?? '');
    let identifier = this.imageIds.get(src);
    if (!identifier) {
      identifier = `image-${this.images.length + 1}`;
      this.imageIds.set(src, identifier);
      this.images.push({ type: 'definition', identifier, label: identifier, url: src, title: null });
    }
    return { type: 'imageReference', identifier, label: identifier, referenceType: 'full', alt };
  }
}

/** The document as GFM Markdown (see the degradations above); an empty document (no state yet) is ''. */
export function documentToMarkdown(input: {
  editorState: ExportInput['editorState'] | null | undefined;
}): string {
  if (!input.editorState) return '';
  const tree = new MdastWriter().root(rootChildren(input.editorState));
  return (
    unified()
      .use(remarkStringify, {
        bullet: '-',
        emphasis: '*',
        strong: '*',
        fence: '`',
        fences: true,
        rule: '-',
        listItemIndent: 'one',
        incrementListMarker: true,
      })
      // Later extensions win: GFM's list item handler (task boxes) must override the CJK plugin's.
      .use(remarkCjkFriendly)
      // Columns are not padded to one width: the padding counts a Chinese character as one column, so it
      // would not line up anyway, and any edit of a cell would rewrite the whole table.
      .use(remarkGfm, { tablePipeAlign: false })
      .use(remarkMath)
      .stringify(tree)
  );
}
