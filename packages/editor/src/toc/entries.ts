import type { JsonNode } from '../convert/nodes';
import { plainText } from '../convert/nodes';

/**
 * A table of contents (目录) as data: its entries, each a heading's text, level and page. Pure functions
 * over plain values and the serialized state (JsonNode), so that the editor, the DOCX, Markdown and PDF
 * writers and the tests read and bound them alike.
 */

/** The serialized node's type. */
export const TOC_TYPE = 'toc';
/** The most entries a table keeps (a longer outline is cut there, as the lexdoc format promises). */
export const TOC_MAX_ENTRIES = 500;
/** The most characters of an entry's text. */
export const TOC_TEXT_MAX = 300;

export type TocLevel = 1 | 2 | 3;

export interface TocEntry {
  text: string;
  level: TocLevel;
  /** The page its heading starts on, as last laid out; absent when no layout said (continuous view). */
  page?: number;
}

/** A heading as the table reads it: top-level h1–h3, as the outline panel lists them. */
export interface HeadingRef<K = string> {
  key: K;
  text: string;
  level: TocLevel;
}

/** A heading's text as an entry shows it: one line, trimmed, at most TOC_TEXT_MAX characters. */
export function entryText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > TOC_TEXT_MAX ? chars.slice(0, TOC_TEXT_MAX).join('') : flat;
}

export const tocLevelOf = (tag: unknown): TocLevel | null =>
  tag === 'h1' ? 1 : tag === 'h2' ? 2 : tag === 'h3' ? 3 : null;

/** The entries of a list of headings (bounded); pages are given by `pageOf` when it knows them. */
export function entriesOf<K>(
  headings: readonly HeadingRef<K>[],
  pageOf: (heading: HeadingRef<K>) => number | undefined = () => undefined,
): TocEntry[] {
  return headings.slice(0, TOC_MAX_ENTRIES).map((heading) => {
    const page = pageOf(heading);
    return {
      text: entryText(heading.text),
      level: heading.level,
      ...(page !== undefined ? { page } : {}),
    };
  });
}

/** The headings of a serialized document (top-level h1–h3), keyed by their node. */
export function headingsOfJson(root: JsonNode): HeadingRef<JsonNode>[] {
  const out: HeadingRef<JsonNode>[] = [];
  for (const node of root.children ?? []) {
    if (node.type !== 'heading') continue;
    const level = tocLevelOf(node.tag);
    if (level) out.push({ key: node, text: plainText(node), level });
  }
  return out;
}

/**
 * Which heading each entry stands for: the next heading (after the previous entry's) of the same level
 * and text; else any heading of that text; else none (the heading was deleted or renamed since the table
 * was updated, which 更新目录 mends). A table is stale until updated, as in Word, so the entries and the
 * headings may differ.
 */
export function matchEntries<K>(
  entries: readonly TocEntry[],
  headings: readonly HeadingRef<K>[],
): Array<HeadingRef<K> | null> {
  const texts = headings.map((h) => entryText(h.text));
  const used = new Set<number>();
  let from = 0;
  return entries.map((entry) => {
    let found = -1;
    for (let i = from; i < headings.length; i++)
      if (!used.has(i) && texts[i] === entry.text && headings[i]?.level === entry.level) {
        found = i;
        break;
      }
    if (found < 0) found = texts.findIndex((text, i) => !used.has(i) && text === entry.text);
    if (found < 0) return null;
    used.add(found);
    from = found + 1;
    return headings[found] ?? null;
  });
}

/** Entries read from a file or a stored document, bounded and checked; anything malformed is left out. */
export function cleanEntries(value: unknown): TocEntry[] {
  if (!Array.isArray(value)) return [];
  const out: TocEntry[] = [];
  for (const item of value) {
    if (out.length >= TOC_MAX_ENTRIES) break;
    if (!item || typeof item !== 'object') continue;
    const { text, level, page } = item as Record<string, unknown>;
    if (typeof text !== 'string') continue;
    const lvl = level === 1 || level === 2 || level === 3 ? level : 1;
    const entry: TocEntry = { text: entryText(text), level: lvl };
    if (typeof page === 'number' && Number.isInteger(page) && page > 0 && page < 1_000_000) entry.page = page;
    out.push(entry);
  }
  return out;
}

/** A table of contents as the converters build it (serialized TocNode). */
export const tocNode = (entries: readonly TocEntry[]): JsonNode => ({
  type: TOC_TYPE,
  version: 1,
  entries: cleanEntries(entries),
});

/** The entries of a serialized table. */
export const entriesOfJson = (node: JsonNode): TocEntry[] => cleanEntries(node.entries);

/** Whether two lists of entries read the same (pages included). */
export function sameEntries(a: readonly TocEntry[], b: readonly TocEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((e, i) => e.text === b[i]?.text && e.level === b[i]?.level && e.page === b[i]?.page)
  );
}

/**
 * A heading's anchor as GitHub and most Markdown sites make it from its text: lower case, punctuation
 * dropped (CJK kept), spaces as hyphens; a repeated one numbered -1, -2 …
 */
export function markdownSlugs(texts: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const base = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  });
}

/**
 * The level of a paragraph in Word's table-of-contents styles ("toc 1"…"toc 9", id TOC1…), or null:
 * what a TOC field's result (Word's, WPS's, ours) is made of, in a content control or not. Levels past 3
 * are shown as 3.
 */
export function tocLevelOfStyle(styleName: string | null, styleId: string | null): TocLevel | null {
  const match = /^toc\s*([1-9])$/i.exec(styleName?.trim() ?? '') ?? /^TOC([1-9])$/i.exec(styleId ?? '');
  if (!match?.[1]) return null;
  return Math.min(3, Number(match[1])) as TocLevel;
}

/** An entry from a result paragraph's text: the heading's text, a tab, the page number (when there is one). */
export function entryOfLine(line: string, level: TocLevel): TocEntry {
  const tab = line.lastIndexOf('\t');
  const tail = tab >= 0 ? line.slice(tab + 1).trim() : '';
  const page = /^\d{1,6}$/.test(tail) ? Number(tail) : undefined;
  const text = entryText(
    (tab >= 0 && (page !== undefined || !tail) ? line.slice(0, tab) : line).replace(/\t/g, ' '),
  );
  return { text, level, ...(page ? { page } : {}) };
}
