import { unzipSync, zipSync } from 'fflate';
import { bookmarkNode, type JsonNode, linkNode, textNode, walk, xrefNode } from '../convert/nodes';
import { t } from '../i18n/zh-CN';
import { BOOKMARK_NAME_MAX, cleanImportedName, isHiddenBookmark, REFERENCE_TEXT_MAX } from './names';
import { type ReferenceDisplay, UNKNOWN_PAGE } from './resolve';

/**
 * Bookmarks and cross-references in files. DOCX holds them as Word does (w:bookmarkStart/End and REF
 * fields with their result); Markdown as an HTML anchor and a link to it; both read back as the nodes.
 */

// DOCX.

/**
 * The field's instruction: REF for the target's text (`\r` for a heading's number), PAGEREF for its page
 * number; `\h` makes Word's result a link to the target.
 */
export function referenceInstruction(node: JsonNode): string {
  const name = String(node.target ?? '');
  if (node.display === 'page') return `PAGEREF ${name} \\h`;
  return `REF ${name}${node.display === 'number' ? ' \\r' : ''} \\h`;
}

/**
 * The field's result, what Word shows until it updates its fields: what the reference shows now (a page
 * reference the page it last knew, or UNKNOWN_PAGE).
 */
export const referenceResult = (node: {
  type?: string;
  display?: unknown;
  missing?: unknown;
  cached?: unknown;
}): string => {
  if (node.missing === true) return t.bookmarks.missing;
  const cached = String(node.cached ?? '');
  return node.display === 'page' && !cached ? UNKNOWN_PAGE : cached;
};

/**
 * A REF or PAGEREF field's target and what it shows, or null for any other field. A PAGEREF to a bookmark
 * the editor does not keep (Word's `_Toc…` anchors of a table of contents) is not a reference here: its
 * result stays plain text.
 */
export function parseReferenceInstruction(instr: string): { name: string; display: ReferenceDisplay } | null {
  const match = /^\s*(PAGEREF|REF)\s+"?([^\s"\\]+)"?(.*)$/i.exec(instr);
  if (!match?.[2]) return null;
  if (match[1]?.toUpperCase() === 'PAGEREF') {
    const name = keepImportedBookmark(match[2]);
    return name ? { name, display: 'page' } : null;
  }
  const name = cleanImportedName(match[2]);
  if (!name) return null;
  return { name, display: /\\[rnw]\b/i.test(match[3] ?? '') ? 'number' : 'text' };
}

/** A reference read from a file: to one of the editor's own heading anchors, it refers to the heading. */
export function importedReference(name: string, display: ReferenceDisplay, result: string): JsonNode {
  return xrefNode(name, isHiddenBookmark(name) ? 'heading' : 'bookmark', display, result.trim());
}

/** The bookmarks of a file the editor keeps: the user's, and Word's anchors of referenced headings. */
export function keepImportedBookmark(name: string): string | null {
  const clean = isHiddenBookmark(name) ? (/^_Ref\d{1,20}$/.test(name) ? name : '') : cleanImportedName(name);
  return clean && [...clean].length <= BOOKMARK_NAME_MAX ? clean : null;
}

/**
 * A heading's anchor is a point at its start in the editor; in the file it spans the heading's text, as
 * Word marks a heading it refers to, so that Word's own update of the field finds the heading's text.
 */
export function widenHeadingAnchor(children: JsonNode[]): JsonNode[] {
  const [first, ...rest] = children;
  if (
    first?.type === 'bookmark' &&
    typeof first.name === 'string' &&
    isHiddenBookmark(first.name) &&
    !first.children?.length
  )
    return [{ ...first, children: rest }];
  return children;
}

/** A bookmark's start read from a file, before it is given its text (foldBookmarks). */
export const bookmarkMark = (name: string): JsonNode => ({ type: 'wx-bookmark-mark', name });

const textLength = (node: JsonNode): number =>
  node.type === 'text' ? [...String(node.text ?? '')].length : node.type === 'xref' ? 0 : 1;

/**
 * Gives each bookmark mark in a paragraph's inline nodes the text it spans: `lengths` says how many
 * characters (from the package's XML); a bookmark that ends in a later paragraph takes the rest of this
 * one, one with no length is a point. Text nodes are split where a bookmark ends.
 */
export function foldBookmarks(nodes: JsonNode[], lengths: ReadonlyMap<string, number>): JsonNode[] {
  const out: JsonNode[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as JsonNode;
    if (node.type !== 'wx-bookmark-mark') {
      out.push(node);
      continue;
    }
    const name = String(node.name);
    let left = lengths.get(name) ?? 0;
    const inside: JsonNode[] = [];
    while (left > 0 && i + 1 < nodes.length) {
      const next = nodes[i + 1] as JsonNode;
      if (next.type === 'wx-bookmark-mark') {
        // Bookmarks do not nest here: an inner one's start ends the outer one.
        break;
      }
      const length = textLength(next);
      if (next.type === 'text' && length > left) {
        const chars = [...String(next.text ?? '')];
        inside.push({ ...next, text: chars.slice(0, left).join('') });
        nodes[i + 1] = { ...next, text: chars.slice(left).join('') };
        left = 0;
        break;
      }
      inside.push(next);
      left -= length;
      i++;
    }
    out.push(bookmarkNode(name, inside));
  }
  return out;
}

/**
 * The package with its simple fields (w:fldSimple, as this editor and many tools write a REF) written
 * as complex ones (begin, instruction, separate, result, end), as Word writes them: mammoth, which reads
 * the text, skips a simple field and its result, and reads a complex one's result as text. `documentXml`
 * is the package's body, already unpacked; the same bytes come back, untouched, when it has no simple
 * field (most files), so that only a file with one is unpacked and packed again.
 */
export function simpleFieldsAsComplex(bytes: Uint8Array, documentXml: string | undefined): Uint8Array {
  if (!documentXml?.includes('fldSimple')) return bytes;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    return bytes;
  }
  const char = (type: string) => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
  const rewritten = documentXml
    .replace(/<w:fldSimple\b[^>]*\/>/g, '')
    .replace(
      /<w:fldSimple\b[^>]*?w:instr="([^"]*)"[^>]*>([\s\S]*?)<\/w:fldSimple>/g,
      (_, instr: string, result: string) =>
        `${char('begin')}<w:r><w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r>${char('separate')}${result}${char('end')}`,
    );
  files['word/document.xml'] = new TextEncoder().encode(rewritten);
  return zipSync(files);
}

/** Drops what reading a file left on the references (the field each came from), and keeps them bounded. */
export function settleImportedReferences(blocks: JsonNode[]): JsonNode[] {
  for (const block of blocks)
    for (const node of walk(block))
      if (node.type === 'xref') {
        delete node.wxField;
        const chars = [...String(node.cached ?? '')];
        if (chars.length > REFERENCE_TEXT_MAX)
          node.cached = `${chars.slice(0, REFERENCE_TEXT_MAX).join('')}…`;
      }
  return blocks;
}

// Markdown.

/**
 * Markdown has no bookmarks: one is written as an HTML anchor around its text, `<a id="name">text</a>`,
 * which Markdown renderers keep as a link target and which the reader turns back into the bookmark. A
 * reference is a link to it, `[shown text](#name)`, titled `编号` when it shows a heading's number and
 * `页码` when it shows a page number (the one known when the file was written: Markdown has no pages).
 */
export const MARKDOWN_NUMBER_TITLE = '编号';
export const MARKDOWN_PAGE_TITLE = '页码';

/** The title of a reference's Markdown link, which says what it shows. */
export const markdownReferenceTitle = (node: JsonNode): string | null =>
  node.display === 'number' ? MARKDOWN_NUMBER_TITLE : node.display === 'page' ? MARKDOWN_PAGE_TITLE : null;

export const markdownAnchorOpen = (name: string) => `<a id="${name}">`;
export const MARKDOWN_ANCHOR_CLOSE = '</a>';

/** The markers the reader leaves for an anchor's start and end (html inline nodes), or null. */
export function markdownAnchorMark(html: string): JsonNode | null {
  const value = html.trim();
  const open = /^<a\s+(?:id|name)="([^"<>]{1,200})"\s*>$/i.exec(value);
  if (open?.[1]) {
    const name = keepImportedBookmark(open[1]);
    return name ? bookmarkMark(name) : { type: 'wx-bookmark-end' };
  }
  const both = /^<a\s+(?:id|name)="([^"<>]{1,200})"\s*>\s*<\/a>$/i.exec(value);
  if (both?.[1]) {
    const name = keepImportedBookmark(both[1]);
    return name ? bookmarkNode(name) : { type: 'wx-bookmark-skip' };
  }
  if (/^<\/a\s*>$/i.test(value)) return { type: 'wx-bookmark-end' };
  return null;
}

/** Folds the reader's anchor marks: what lies between `<a id>` and `</a>` becomes the bookmark's text. */
export function foldMarkdownAnchors(nodes: JsonNode[]): JsonNode[] {
  const out: JsonNode[] = [];
  let open: JsonNode | null = null;
  for (const node of nodes) {
    if (node.type === 'wx-bookmark-mark') {
      open = bookmarkNode(String(node.name));
      out.push(open);
    } else if (node.type === 'wx-bookmark-end' || node.type === 'wx-bookmark-skip') open = null;
    else if (open) open.children?.push(node);
    else out.push(node);
  }
  return out;
}

/** A link to `#name` read from Markdown, as a reference (settled against the document's bookmarks later). */
export function markdownReference(
  url: string,
  title: string | null | undefined,
  shown: string,
): JsonNode | null {
  const match = /^#(.+)$/.exec(url);
  if (!match?.[1]) return null;
  let name: string;
  try {
    name = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  if (!keepImportedBookmark(name)) return null;
  const display =
    title === MARKDOWN_NUMBER_TITLE ? 'number' : title === MARKDOWN_PAGE_TITLE ? 'page' : 'text';
  return importedReference(name, display, shown);
}

/**
 * A Markdown link to `#x` is a reference only where the document has the bookmark `x`; any other (a link
 * to a heading's slug, as many Markdown sites make) stays the link it was.
 */
export function settleMarkdownReferences(root: JsonNode): void {
  const names = new Set<string>();
  for (const node of walk(root)) if (node.type === 'bookmark') names.add(String(node.name));
  const fix = (node: JsonNode) => {
    if (!node.children) return;
    node.children = node.children.map((child) =>
      child.type === 'xref' && !names.has(String(child.target))
        ? linkNode(`#${String(child.target)}`, [textNode(String(child.cached ?? ''))])
        : child,
    );
    for (const child of node.children) fix(child);
  };
  fix(root);
}

/** Where a reference's Markdown link goes: the bookmark's anchor. */
export const referenceLinkUrl = (node: JsonNode) => `#${String(node.target ?? '')}`;
