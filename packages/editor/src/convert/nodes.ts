import type { SerializedEditorState } from 'lexical';

/**
 * The serialized editor state as plain data: what the converters read and write. They work on this JSON,
 * never on live Lexical nodes, so that they run alike in the browser, in a worker and in Node (the CLI, the
 * server) without a DOM and without the editor's React views. The shapes are those of Lexical 0.52's
 * exportJSON for the nodes in model/config.ts; the editor checks a converted state by parsing it
 * (importFile.ts) before it is kept.
 */
export interface JsonNode {
  type: string;
  version?: number;
  children?: JsonNode[];
  /** Text. */
  text?: string;
  /** Text format bits (TEXT_FORMAT) or an element's alignment. */
  format?: number | string;
  style?: string;
  /** Node state; the paragraph style lives in `$.wxBlockStyle` (model/blockStyle.ts). */
  $?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Lexical's text format bits. */
export const TEXT_FORMAT = {
  bold: 1,
  italic: 2,
  strikethrough: 4,
  underline: 8,
  code: 16,
  subscript: 32,
  superscript: 64,
} as const;

export const hasFormat = (node: JsonNode, bit: number) =>
  typeof node.format === 'number' && (node.format & bit) !== 0;

export function textNode(text: string, format = 0, style = ''): JsonNode {
  return { type: 'text', version: 1, text, format, style, mode: 'normal', detail: 0 };
}

const element = (type: string, children: JsonNode[], extra: Record<string, unknown> = {}): JsonNode => ({
  type,
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  ...extra,
  children,
});

/** A paragraph; `blockStyle` is paragraph css (line-height, text-indent…), `align` Lexical's format. */
export function paragraphNode(children: JsonNode[], align = '', blockStyle = ''): JsonNode {
  return element('paragraph', children, {
    format: align,
    textFormat: 0,
    textStyle: '',
    ...(blockStyle ? { $: { wxBlockStyle: blockStyle } } : {}),
  });
}

export function headingNode(level: 1 | 2 | 3, children: JsonNode[], align = '', blockStyle = ''): JsonNode {
  return element('heading', children, {
    tag: `h${level}`,
    format: align,
    ...(blockStyle ? { $: { wxBlockStyle: blockStyle } } : {}),
  });
}

export const quoteNode = (children: JsonNode[]) => element('quote', children);

export type ListType = 'bullet' | 'number' | 'check';

export function listNode(listType: ListType, items: JsonNode[], start = 1): JsonNode {
  return element('list', items, { listType, start, tag: listType === 'number' ? 'ol' : 'ul' });
}

export function listItemNode(children: JsonNode[], value: number, checked?: boolean): JsonNode {
  return element('listitem', children, { value, ...(checked === undefined ? {} : { checked }) });
}

/** A code block; `language` is kept only when it is a valid name (codeLanguage). */
export function codeNode(code: string, language?: string | null): JsonNode {
  const lines = code.split('\n');
  const children: JsonNode[] = [];
  lines.forEach((line, i) => {
    if (i > 0) children.push(lineBreakNode());
    if (line)
      children.push({
        type: 'code-highlight',
        version: 1,
        text: line,
        format: 0,
        style: '',
        mode: 'normal',
        detail: 0,
      });
  });
  return element('code', children, { language: codeLanguage(language) ?? null });
}

export const lineBreakNode = (): JsonNode => ({ type: 'linebreak', version: 1 });

export function linkNode(url: string, children: JsonNode[], title?: string | null): JsonNode {
  return element('link', children, { url, rel: 'noreferrer', target: null, title: title ?? null });
}

export function imageNode(src: string, altText: string, width?: number | null): JsonNode {
  return { type: 'image', version: 1, src, altText, ...(width ? { width } : {}) };
}

/** A horizontal rule (水平线), a block of its own. */
export const horizontalRuleNode = (): JsonNode => ({ type: 'horizontalrule', version: 1 });

/** A bookmark (书签) around its text; with no children, a bookmark at a point (bookmarks/BookmarkNode.ts). */
export function bookmarkNode(name: string, children: JsonNode[] = []): JsonNode {
  return element('bookmark', children, { name });
}

/**
 * A cross-reference (交叉引用) to a bookmark (for a heading, its anchor bookmark), showing its text,
 * number or page number; `cached` is what it showed last, `missing` that its target is gone (bookmarks/XrefNode.tsx).
 */
export function xrefNode(
  target: string,
  kind: 'bookmark' | 'heading',
  display: 'text' | 'number' | 'page',
  cached: string,
  missing = false,
): JsonNode {
  return { type: 'xref', version: 1, target, kind, display, cached, missing };
}

/** A note: a footnote, or an endnote (尾注) when `kind` says so (the field is written for endnotes only). */
export function footnoteNode(id: string, text: string, kind: 'footnote' | 'endnote' = 'footnote'): JsonNode {
  return { type: 'footnote', version: 1, id, text, ...(kind === 'endnote' ? { kind } : {}) };
}

export function tableCellNode(children: JsonNode[], header: boolean, colSpan = 1, rowSpan = 1): JsonNode {
  return element('tablecell', children.length ? children : [paragraphNode([])], {
    headerState: header ? 1 : 0,
    colSpan,
    rowSpan,
    backgroundColor: null,
  });
}

export const tableRowNode = (cells: JsonNode[]) => element('tablerow', cells);

export function tableNode(rows: JsonNode[], colWidths?: number[]): JsonNode {
  return element('table', rows, colWidths ? { colWidths } : {});
}

export function editorState(children: JsonNode[]): SerializedEditorState {
  return {
    root: element('root', children.length ? children : [paragraphNode([])]),
  } as unknown as SerializedEditorState;
}

/**
 * One entry of the root's node state (`root.$`), where a document keeps what belongs to it as a whole: its
 * page setup, its headers and footers, its note styles. Undefined when the document keeps none.
 */
export const rootEntryOf = (state: SerializedEditorState, key: string): unknown =>
  (state as unknown as { root?: { $?: Record<string, unknown> } }).root?.$?.[key];

/** A copy of a serialized document with these entries set on its root's node state. */
export function withRootEntries<T extends SerializedEditorState>(
  state: T,
  entries: Record<string, unknown>,
): T {
  const root = state.root as unknown as { $?: Record<string, unknown> };
  return { ...state, root: { ...state.root, $: { ...(root.$ ?? {}), ...entries } } } as T;
}

export const rootChildren = (state: SerializedEditorState): JsonNode[] =>
  ((state.root as unknown as JsonNode).children ?? []) as JsonNode[];

/** A code-fence language name is 1–30 letters, digits or _ + # . - ; anything else is dropped. */
export function codeLanguage(name: string | null | undefined): string | undefined {
  const trimmed = name?.trim();
  return trimmed && /^[A-Za-z0-9_+#.-]{1,30}$/.test(trimmed) ? trimmed.toLowerCase() : undefined;
}

/** The plain text of a node (for titles, footnotes and tests). */
export function plainText(node: JsonNode): string {
  if (node.type === 'linebreak') return '\n';
  if (node.type === 'tab') return '\t';
  // A cross-reference reads as what it last showed.
  if (node.type === 'xref') return typeof node.cached === 'string' ? node.cached : '';
  if (typeof node.text === 'string') return node.text;
  return (node.children ?? []).map(plainText).join('');
}

/** Every node under (and including) a node, depth first. */
export function* walk(node: JsonNode): Generator<JsonNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}

/** The css of an element's block style (paragraph formatting kept in node state). */
export const blockStyleOf = (node: JsonNode): string =>
  typeof node.$?.wxBlockStyle === 'string' ? (node.$.wxBlockStyle as string) : '';

/** A css declaration list as an object (font-family values keep their quotes). */
export function cssDeclarations(css: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!css) return out;
  for (const part of css.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (property && value) out[property] = value;
  }
  return out;
}

export function cssText(style: Record<string, string | undefined | null>): string {
  return Object.entries(style)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v};`)
    .join(' ');
}

const TITLE_MAX = 40;

/** The title of a document without one of its own: its first non-empty block, as the editor names it. */
export function documentTitleOf(state: SerializedEditorState): string {
  for (const block of rootChildren(state)) {
    const text = plainText(block).replace(/\s+/g, ' ').trim();
    if (text) return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX)}…` : text;
  }
  return '';
}
