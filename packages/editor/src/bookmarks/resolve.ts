import type { JsonNode } from '../convert/nodes';
import { REFERENCE_TEXT_MAX } from './names';

/**
 * What a cross-reference (交叉引用) shows, worked out from the document itself, so that it follows its
 * target: a bookmark's or a heading's text, a heading's number, or the page either starts on. The page is
 * not in the document but in a layout (the page view's, the PDF's): the caller says where each bookmark
 * landed. It reads the serialized state (JsonNode), the
 * form the converters read too, so the editor, the DOCX/Markdown/PDF writers and the tests agree.
 */

/** What a reference shows of its target: its text, a heading's number, or its page number (页码). */
export type ReferenceDisplay = 'text' | 'number' | 'page';

/** The displays a stored or imported reference may have; anything else reads as text. */
export const referenceDisplayOf = (value: unknown): ReferenceDisplay =>
  value === 'number' || value === 'page' ? value : 'text';

/**
 * The page number a page reference shows when no layout knows one (continuous view, before the page view
 * first laid the target out): an honest unknown rather than a guess.
 */
export const UNKNOWN_PAGE = '?';

/** The page (1 is the first) a layout put a bookmark on, by the bookmark's name; undefined when unknown. */
export type PageOf = (name: string) => number | undefined;
/** What a reference points at: a bookmark of the user's, or a heading (through an anchor bookmark in it). */
export type ReferenceKind = 'bookmark' | 'heading';

export interface HeadingTarget {
  /** The heading's position among the document's headings (0-based). */
  index: number;
  level: number;
  /** Its text without the number typed before it. */
  text: string;
  /** The number typed before its text ("一、", "第二章", "1.2"), or its place in the outline ("2.1"). */
  number: string;
  /** The anchor bookmarks in it (a reference to the heading names one of them). */
  anchors: string[];
}

export interface BookmarkTarget {
  name: string;
  /** The bookmarked text; for a bookmark at a point, the text of its paragraph. */
  text: string;
  /** The heading the bookmark is in, if it is in one. */
  heading: HeadingTarget | null;
  /** Its position in the document, to list bookmarks in order. */
  order: number;
}

export interface Targets {
  bookmarks: Map<string, BookmarkTarget>;
  headings: HeadingTarget[];
}

/** A number typed before a heading's text: 第一章, 一、, （二）, 1.2, 1.2., 3) … */
const TYPED_NUMBER =
  /^\s*(第[一二三四五六七八九十百千零〇两\d]+[章节部篇条]|[一二三四五六七八九十百]+、|[（(][一二三四五六七八九十\d]+[)）]|\d+(?:\.\d+)*[.、)]?)\s*/u;

const clip = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > REFERENCE_TEXT_MAX ? `${chars.slice(0, REFERENCE_TEXT_MAX).join('')}…` : flat;
};

/** The text a reader sees in a node: references show what they last resolved to. */
function visibleText(node: JsonNode): string {
  if (node.type === 'linebreak') return ' ';
  if (node.type === 'xref') return typeof node.cached === 'string' ? node.cached : '';
  if (typeof node.text === 'string') return node.text;
  return (node.children ?? []).map(visibleText).join('');
}

const headingLevel = (node: JsonNode) =>
  node.type === 'heading' && typeof node.tag === 'string' ? Number(node.tag.slice(1)) || 1 : 0;

/** Every bookmark and heading of a document, in order. */
export function collectTargets(root: JsonNode): Targets {
  const bookmarks = new Map<string, BookmarkTarget>();
  const headings: HeadingTarget[] = [];
  const counters: number[] = [];
  let order = 0;

  const visitBlock = (block: JsonNode, heading: HeadingTarget | null) => {
    const inBlock = (node: JsonNode) => {
      if (node.type === 'bookmark' && typeof node.name === 'string') {
        const own = clip(visibleText(node));
        heading?.anchors.push(node.name);
        if (!bookmarks.has(node.name))
          bookmarks.set(node.name, {
            name: node.name,
            text: own || clip(visibleText(block)),
            heading,
            order: order++,
          });
      }
      for (const child of node.children ?? []) inBlock(child);
    };
    inBlock(block);
  };

  const visit = (node: JsonNode) => {
    const level = headingLevel(node);
    if (level) {
      counters.length = level;
      for (let i = 0; i < level; i++) counters[i] ??= 0;
      counters[level - 1] = (counters[level - 1] ?? 0) + 1;
      const full = clip(visibleText(node));
      const typed = TYPED_NUMBER.exec(full);
      const heading: HeadingTarget = {
        index: headings.length,
        level,
        text: typed && typed[0].length < full.length ? full.slice(typed[0].length).trim() : full,
        number: typed ? (typed[1] ?? '').replace(/[.、]$/u, '') : counters.map((n) => n || 1).join('.'),
        anchors: [],
      };
      headings.push(heading);
      visitBlock(node, heading);
      return;
    }
    if (
      node.type === 'paragraph' ||
      node.type === 'quote' ||
      node.type === 'listitem' ||
      node.type === 'code'
    ) {
      // A list item can hold a nested list: its own text is visited as a block, the nested items after.
      const own = { ...node, children: (node.children ?? []).filter((c) => c.type !== 'list') };
      visitBlock(own, null);
      for (const child of node.children ?? []) if (child.type === 'list') visit(child);
      return;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  return { bookmarks, headings };
}

/**
 * What a reference shows: the target's text or number, or null when its target is gone. A page reference
 * shows the page `pageOf` says its bookmark is on; when the layout knows none, the number it showed last
 * (`cached`), or UNKNOWN_PAGE when it never knew one.
 */
export function resolveReference(
  targets: Targets,
  reference: { target: string; kind: ReferenceKind; display: ReferenceDisplay; cached?: string },
  pageOf: PageOf = () => undefined,
): string | null {
  const bookmark = targets.bookmarks.get(reference.target);
  if (!bookmark) return null;
  if (reference.display === 'page') {
    // A heading's anchor that is no longer in a heading: the heading was deleted.
    if (reference.kind === 'heading' && !bookmark.heading) return null;
    const page = pageOf(bookmark.name);
    if (page !== undefined) return String(page);
    return reference.cached || UNKNOWN_PAGE;
  }
  if (reference.kind === 'heading' || reference.display === 'number') {
    const heading = bookmark.heading;
    // A heading's anchor outside any heading: the heading was deleted (its text merged into a paragraph).
    if (!heading)
      return reference.kind === 'heading' || reference.display === 'number' ? null : bookmark.text;
    return reference.display === 'number' ? heading.number : heading.text;
  }
  return bookmark.text;
}
