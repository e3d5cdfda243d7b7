import { $dfs } from '@lexical/utils';
import {
  $createRangeSelection,
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $setSelection,
  type ElementNode,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';
import type { JsonNode } from '../convert/nodes';
import { pageOfBlock, sheetCount } from '../pageView/sheetsOfBlocks';
import { $createBookmarkNode, $isBookmarkNode, type BookmarkNode } from './BookmarkNode';
import { headingAnchorName, isHiddenBookmark } from './names';
import {
  collectTargets,
  type PageOf,
  type ReferenceDisplay,
  type ReferenceKind,
  resolveReference,
  type Targets,
} from './resolve';
import { $createXrefNode, $isXrefNode, type XrefNode } from './XrefNode';

/** Every bookmark node, in document order. */
export function $bookmarkNodes(): BookmarkNode[] {
  return $dfs()
    .map(({ node }) => node)
    .filter($isBookmarkNode);
}

export function $xrefNodes(): XrefNode[] {
  return $dfs()
    .map(({ node }) => node)
    .filter($isXrefNode);
}

export const $bookmarkNames = (): Set<string> => new Set($bookmarkNodes().map((node) => node.getName()));

export function $findBookmark(name: string): BookmarkNode | null {
  return $bookmarkNodes().find((node) => node.getName() === name) ?? null;
}

/** A node as the converters see it (exportJSON leaves an element's children out). */
function $json(node: LexicalNode): JsonNode {
  const json = node.exportJSON() as unknown as JsonNode;
  if ($isElementNode(node)) json.children = node.getChildren().map($json);
  return json;
}

/** The targets of the document as it is now. */
export const $currentTargets = (): Targets => collectTargets($json($getRoot()));

/**
 * Bookmarks the selection (or the caret's place) under `name`: the selected text of one paragraph goes
 * inside the bookmark; a selection over several paragraphs keeps its first paragraph's part (a bookmark
 * here lives inside one paragraph). Returns false when there is no selection in the text.
 */
export function $addBookmark(name: string): boolean {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return false;
  const bookmark = $createBookmarkNode(name);
  if (selection.isCollapsed()) {
    selection.insertNodes([bookmark]);
    return true;
  }
  const nodes = selection.extract();
  const block = nodes[0]?.getTopLevelElement() ?? null;
  // The selected pieces of the first paragraph: inline nodes whose parent is not itself selected whole.
  const inline = nodes.filter(
    (node) =>
      (!$isElementNode(node) || node.isInline()) &&
      node.getTopLevelElement() === block &&
      !nodes.includes(node.getParent() as LexicalNode),
  );
  const first = inline[0];
  if (!first) {
    selection.insertNodes([bookmark]);
    return true;
  }
  // A bookmark does not hold another: one inside the selection gives way (its text stays).
  first.insertBefore(bookmark);
  for (const node of inline) {
    if ($isBookmarkNode(node)) {
      for (const child of node.getChildren()) bookmark.append(child);
      node.remove();
    } else bookmark.append(node);
  }
  bookmark.select(0, bookmark.getChildrenSize());
  return true;
}

export function $renameBookmark(from: string, to: string): void {
  const node = $findBookmark(from);
  if (!node) return;
  node.setName(to);
  // References follow their bookmark to its new name (Word's would break; here nothing is lost).
  for (const xref of $xrefNodes()) if (xref.getTarget() === from) xref.setTarget(to);
}

/** Deletes the bookmark, never its text: the text stays where it was. */
export function $deleteBookmark(name: string): void {
  const node = $findBookmark(name);
  if (!node) return;
  for (const child of node.getChildren()) node.insertBefore(child);
  node.remove();
}

/** Puts the selection on the bookmark's text (or the caret at its place) and returns its key. */
export function $selectBookmark(name: string): string | null {
  const node = $findBookmark(name);
  if (!node) return null;
  if (isHiddenBookmark(name)) {
    // A heading's anchor: the caret goes to the heading's start.
    const block = node.getTopLevelElement() as ElementNode | null;
    (block ?? node).selectStart();
    return (block ?? node).getKey();
  }
  if (node.getChildrenSize() === 0) {
    const selection = $createRangeSelection();
    const parent = node.getParentOrThrow();
    selection.anchor.set(parent.getKey(), node.getIndexWithinParent() + 1, 'element');
    selection.focus.set(parent.getKey(), node.getIndexWithinParent() + 1, 'element');
    $setSelection(selection);
  } else node.select(0, node.getChildrenSize());
  return node.getKey();
}

/**
 * The anchor bookmark of the heading at `index` among the document's headings, made when it has none (a
 * point at the heading's start, as Word marks a heading it is asked to refer to).
 */
export function $headingAnchor(index: number): string | null {
  const targets = $currentTargets();
  const heading = targets.headings[index];
  if (!heading) return null;
  const existing = heading.anchors.find(isHiddenBookmark);
  if (existing) return existing;
  // collectTargets counts headings in document order, as $dfs meets them.
  const block = $dfs()
    .map(({ node }) => node)
    .filter((node) => node.getType() === 'heading')[index];
  if (!$isElementNode(block)) return null;
  const name = headingAnchorName($bookmarkNames());
  const anchor = $createBookmarkNode(name);
  const first = block.getFirstChild();
  if (first) first.insertBefore(anchor);
  else block.append(anchor);
  return name;
}

/**
 * The page each bookmark is on in the page view's layout: the sheet its top-level block starts on, as a
 * table of contents reads it. Read in an editor read or update; outside the page view, no page is known.
 */
export function $pageOfBookmarks(editor: LexicalEditor): PageOf {
  let blocks: Map<string, string> | null = null;
  return (name) => {
    if (sheetCount(editor) === undefined) return undefined;
    if (!blocks) {
      blocks = new Map();
      for (const node of $bookmarkNodes()) {
        const block = node.getTopLevelElement();
        if (block && !blocks.has(node.getName())) blocks.set(node.getName(), block.getKey());
      }
    }
    const key = blocks.get(name);
    return key === undefined ? undefined : pageOfBlock(editor, editor.getElementByKey(key));
  };
}

/** Inserts a reference at the selection, showing its target's current value. */
export function $insertReference(
  target: string,
  kind: ReferenceKind,
  display: ReferenceDisplay,
  pageOf?: PageOf,
): boolean {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return false;
  const result = resolveReference($currentTargets(), { target, kind, display }, pageOf);
  const xref = $createXrefNode(target, kind, display, result ?? '', result === null);
  selection.insertNodes([xref]);
  return true;
}

export interface ReferenceResult {
  key: string;
  /** What it is to show, or null when its target is gone. */
  result: string | null;
}

/**
 * The references whose shown value no longer matches their target, with the value they are to show; a
 * page reference's page from `pageOf` (or the one it showed last, when `pageOf` knows none).
 */
export function $staleReferences(pageOf?: PageOf): ReferenceResult[] {
  const xrefs = $xrefNodes();
  if (!xrefs.length) return [];
  const targets = $currentTargets();
  const stale: ReferenceResult[] = [];
  for (const xref of xrefs) {
    const result = resolveReference(
      targets,
      {
        target: xref.getTarget(),
        kind: xref.getKind(),
        display: xref.getDisplay(),
        cached: xref.getCached(),
      },
      pageOf,
    );
    if (result === null ? !xref.isMissing() : xref.isMissing() || xref.getCached() !== result)
      stale.push({ key: xref.getKey(), result });
  }
  return stale;
}

export function $applyReferenceResults(results: readonly ReferenceResult[]): void {
  for (const { key, result } of results) {
    const node = $getNodeByKey(key);
    if ($isXrefNode(node)) node.setResult(result);
  }
}

/** Brings every reference up to date with its target; true when one changed. */
export function $refreshReferences(pageOf?: PageOf): boolean {
  const stale = $staleReferences(pageOf);
  $applyReferenceResults(stale);
  return stale.length > 0;
}

/**
 * Bookmarks that arrived under a name already in the document (a pasted copy of bookmarked text) lose
 * their name and become plain text again, as in Word: the first in the document keeps it.
 */
export function $dropDuplicateBookmarks(created: ReadonlySet<string>): void {
  const byName = new Map<string, BookmarkNode[]>();
  for (const node of $bookmarkNodes()) {
    const name = node.getName().toLowerCase();
    byName.set(name, [...(byName.get(name) ?? []), node]);
  }
  for (const nodes of byName.values()) {
    if (nodes.length < 2) continue;
    // The one that was there before keeps the name; among new ones only, the first in the document.
    const keeper = nodes.find((node) => !created.has(node.getKey())) ?? nodes[0];
    for (const node of nodes) {
      if (node === keeper) continue;
      for (const child of node.getChildren()) node.insertBefore(child);
      node.remove();
    }
  }
}

/** Scrolls the element of a node into the middle of the view. */
export function revealNode(editor: LexicalEditor, key: string): void {
  editor.getElementByKey(key)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
