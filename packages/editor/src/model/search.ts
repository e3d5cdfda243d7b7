import {
  $createRangeSelection,
  $getRoot,
  $isElementNode,
  $isLineBreakNode,
  $isTextNode,
  $setSelection,
  type ElementNode,
  type LexicalNode,
  type TextNode,
} from 'lexical';

export interface SearchOptions {
  caseSensitive: boolean;
  regex: boolean;
  wholeWord: boolean;
}

/** The pattern for a query, or an Error for a bad regular expression. */
export function buildSearchPattern(query: string, options: SearchOptions): RegExp | Error {
  const source = options.regex ? query : query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Whole word for Latin words; Chinese has no spaces, so a CJK query matches as it stands.
  const bounded = options.wholeWord ? `(?<![\\p{L}\\p{N}_])(?:${source})(?![\\p{L}\\p{N}_])` : source;
  try {
    return new RegExp(bounded, `gu${options.caseSensitive ? '' : 'i'}`);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

interface Segment {
  node: TextNode;
  start: number;
  end: number;
}

export interface TextMatch {
  blockKey: string;
  segments: Segment[];
  start: number;
  end: number;
}

/** Blocks whose direct children are text: paragraphs, headings, list items, quotes, code, cell paragraphs. */
function $textBlocks(): ElementNode[] {
  const blocks: ElementNode[] = [];
  const visit = (node: LexicalNode) => {
    if (!$isElementNode(node)) return;
    const children = node.getChildren();
    if (
      children.some((c) => $isTextNode(c) || $isLineBreakNode(c)) ||
      (!node.isInline() && children.length === 0)
    ) {
      blocks.push(node);
    }
    for (const child of children) if ($isElementNode(child)) visit(child);
  };
  visit($getRoot());
  return blocks;
}

/** All matches in document order; a match may span differently formatted runs of one block. */
export function $findMatches(pattern: RegExp): TextMatch[] {
  const matches: TextMatch[] = [];
  for (const block of $textBlocks()) {
    const segments: Segment[] = [];
    let text = '';
    for (const child of block.getChildren()) {
      if ($isTextNode(child)) {
        const t = child.getTextContent();
        segments.push({ node: child, start: text.length, end: text.length + t.length });
        text += t;
      } else if ($isLineBreakNode(child)) {
        text += '\n';
      } else if ($isElementNode(child) && child.isInline()) {
        // Links: their text runs are part of the sentence.
        for (const inner of child.getChildren()) {
          if (!$isTextNode(inner)) continue;
          const t = inner.getTextContent();
          segments.push({ node: inner, start: text.length, end: text.length + t.length });
          text += t;
        }
      } else {
        text += '\u0000';
      }
    }
    if (!text) continue;
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      if (match[0].length === 0) continue;
      const start = match.index ?? 0;
      matches.push({ blockKey: block.getKey(), segments, start, end: start + match[0].length });
    }
  }
  return matches;
}

function $pointFor(
  segments: Segment[],
  offset: number,
  preferEnd: boolean,
): { key: string; offset: number } | null {
  for (const s of segments) {
    if (preferEnd ? offset > s.start && offset <= s.end : offset >= s.start && offset < s.end) {
      return { key: s.node.getKey(), offset: offset - s.start };
    }
  }
  return null;
}

/** Selects a match; returns false when its nodes are gone. */
export function $selectMatch(match: TextMatch): boolean {
  const anchor = $pointFor(match.segments, match.start, false);
  const focus = $pointFor(match.segments, match.end, true);
  if (!anchor || !focus) return false;
  const selection = $createRangeSelection();
  selection.anchor.set(anchor.key, anchor.offset, 'text');
  selection.focus.set(focus.key, focus.offset, 'text');
  $setSelection(selection);
  return true;
}

/** Replaces one match (selected first), keeping the formatting of its first run. */
export function $replaceMatch(match: TextMatch, replacement: string): boolean {
  if (!$selectMatch(match)) return false;
  const selection = $createRangeSelection();
  const anchor = $pointFor(match.segments, match.start, false);
  const focus = $pointFor(match.segments, match.end, true);
  if (!anchor || !focus) return false;
  selection.anchor.set(anchor.key, anchor.offset, 'text');
  selection.focus.set(focus.key, focus.offset, 'text');
  $setSelection(selection);
  selection.insertText(replacement);
  return true;
}

/** Replaces every match; returns how many. Works block by block, last match first, so offsets hold. */
export function $replaceAll(pattern: RegExp, replacement: string): number {
  const matches = $findMatches(pattern);
  let count = 0;
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i] as TextMatch;
    if ($replaceMatch(match, replacement)) count += 1;
  }
  return count;
}
