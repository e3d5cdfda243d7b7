import type { List, ListItem, PhrasingContent, RootContent } from 'mdast';
import type { JsonNode } from '../convert/nodes';
import {
  entriesOfJson,
  entryText,
  headingsOfJson,
  markdownSlugs,
  matchEntries,
  TOC_MAX_ENTRIES,
  type TocEntry,
  tocNode,
} from './entries';

/*
 * A table of contents in Markdown: a nested list of links to the headings' anchors (GitHub's and most
 * sites' slugs of the heading text), between `<!-- toc -->` and `<!-- tocstop -->`, the markers of the
 * markdown-toc tool, so that the file reads well anywhere and comes back as the table, not as a list.
 */

export const MARKDOWN_TOC_OPEN = '<!-- toc -->';
export const MARKDOWN_TOC_CLOSE = '<!-- tocstop -->';

const isOpen = (node: RootContent | undefined) =>
  node?.type === 'html' && /^<!--\s*toc\s*-->$/i.test(node.value.trim());
const isClose = (node: RootContent | undefined) =>
  node?.type === 'html' && /^<!--\s*(tocstop|\/toc)\s*-->$/i.test(node.value.trim());

/** The table as Markdown blocks; `blocks` are the document's top-level blocks (for the anchors). */
export function tocToMdast(node: JsonNode, blocks: readonly JsonNode[]): RootContent[] {
  const entries = entriesOfJson(node);
  const headings = headingsOfJson({ type: 'root', children: [...blocks] });
  const slugs = new Map(headings.map((h, i) => [h.key, markdownSlugs(headings.map((x) => x.text))[i]]));
  const matched = matchEntries(entries, headings);
  const top: List = { type: 'list', ordered: false, spread: false, children: [] };
  // The open lists by level: an entry goes into the list of its level, under the last shallower item.
  const stack: Array<{ level: number; list: List }> = [{ level: 0, list: top }];
  entries.forEach((entry, i) => {
    while ((stack.at(-1)?.level ?? 0) >= entry.level) stack.pop();
    const parent = stack.at(-1) as { level: number; list: List };
    const heading = matched[i];
    const slug = heading ? slugs.get(heading.key) : undefined;
    const text: PhrasingContent = { type: 'text', value: entry.text };
    const item: ListItem = {
      type: 'listItem',
      spread: false,
      children: [
        {
          type: 'paragraph',
          children: slug !== undefined ? [{ type: 'link', url: `#${slug}`, children: [text] }] : [text],
        },
      ],
    };
    parent.list.children.push(item);
    const nested: List = { type: 'list', ordered: false, spread: false, children: [] };
    item.children.push(nested);
    stack.push({ level: entry.level, list: nested });
  });
  // Empty nested lists were only places to put deeper entries.
  const prune = (list: List) => {
    for (const item of list.children) {
      item.children = item.children.filter((c) => c.type !== 'list' || c.children.length > 0);
      for (const c of item.children) if (c.type === 'list') prune(c);
    }
  };
  prune(top);
  return [
    { type: 'html', value: MARKDOWN_TOC_OPEN },
    ...(top.children.length ? [top] : []),
    { type: 'html', value: MARKDOWN_TOC_CLOSE },
  ];
}

const phrasingText = (nodes: readonly PhrasingContent[]): string =>
  nodes.map((n) => ('value' in n ? n.value : 'children' in n ? phrasingText(n.children) : '')).join('');

/**
 * A table of contents starting at `nodes[i]` (its open marker), with the index of its last node; null
 * when none starts there.
 */
export function tocFromMdast(
  nodes: ReadonlyArray<RootContent>,
  i: number,
): { node: JsonNode; last: number } | null {
  if (!isOpen(nodes[i])) return null;
  const entries: TocEntry[] = [];
  const visit = (list: List, level: number) => {
    for (const item of list.children) {
      for (const child of item.children) {
        if (child.type === 'paragraph' && entries.length < TOC_MAX_ENTRIES)
          entries.push({
            text: entryText(phrasingText(child.children)),
            level: Math.min(3, level) as 1 | 2 | 3,
          });
        else if (child.type === 'list') visit(child, level + 1);
      }
    }
  };
  let last = i;
  const next = nodes[i + 1];
  if (next?.type === 'list') {
    visit(next, 1);
    last = i + 1;
  }
  if (isClose(nodes[last + 1])) last += 1;
  return { node: tocNode(entries), last };
}
