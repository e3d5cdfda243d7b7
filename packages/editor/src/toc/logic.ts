import { $isHeadingNode } from '@lexical/rich-text';
import { toast } from '@wanxiang/ui';
import {
  $getNodeByKey,
  $getRoot,
  $isElementNode,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
} from 'lexical';
import { t } from '../i18n/zh-CN';
import { pageOfBlock } from '../pageView/sheetsOfBlocks';
import { entriesOf, type HeadingRef, matchEntries, TOC_TYPE, type TocEntry, tocLevelOf } from './entries';

/**
 * The headings 1–3 of the document, read as the outline panel reads them (panels/useOutline.ts): the
 * root's heading children, since headings are only ever top-level blocks.
 */
export function $headings(): HeadingRef<NodeKey>[] {
  const out: HeadingRef<NodeKey>[] = [];
  for (const node of $getRoot().getChildren()) {
    if (!$isHeadingNode(node)) continue;
    const level = tocLevelOf(node.getTag());
    if (level) out.push({ key: node.getKey(), text: node.getTextContent(), level });
  }
  return out;
}

/** The page view's page of a top-level block; undefined outside the page view. */
export const pageOfKey = (editor: LexicalEditor, key: NodeKey) =>
  pageOfBlock(editor, editor.getElementByKey(key));

/**
 * A table of contents as this module uses it. Read by its type rather than its class, so that the node's
 * view (TocView) can use these functions without an import cycle through the node.
 */
export interface TocLike extends LexicalNode {
  getEntries(): TocEntry[];
  setEntries(entries: TocEntry[]): unknown;
}

export const $isTocLike = (node: LexicalNode | null | undefined): node is TocLike =>
  node?.getType() === TOC_TYPE;

/** The tables of contents of the document. */
const $tocs = (): TocLike[] => $getRoot().getChildren().filter($isTocLike);

/**
 * 更新目录: every table of contents (or the one of `key`) lists the headings as they are now. One
 * update, so one undo step. Without a table, the user is told so.
 */
export function updateTocs(editor: LexicalEditor, key?: NodeKey): void {
  const found = editor.getEditorState().read(() => $tocs().length > 0);
  if (!found) {
    toast.error(t.toc.noneToUpdate);
    return;
  }
  editor.update(() => {
    const entries = entriesOf($headings(), (h) => pageOfKey(editor, h.key));
    for (const toc of $tocs()) if (key === undefined || toc.getKey() === key) toc.setEntries(entries);
  });
}

/**
 * The page numbers of a table's entries as the page view now lays them out, or null outside the page
 * view (where entries show none). An entry whose heading is gone keeps the page it had.
 */
export function livePages(editor: LexicalEditor, entries: readonly TocEntry[]): TocEntry[] | null {
  const matched = editor.getEditorState().read(() => matchEntries(entries, $headings()));
  let any = false;
  const next = entries.map((entry, i) => {
    const heading = matched[i];
    const page = heading ? pageOfKey(editor, heading.key) : undefined;
    if (page === undefined) return entry;
    any = true;
    return { ...entry, page };
  });
  return any ? next : null;
}

/** Goes to the heading an entry stands for: the caret at its start, scrolled into view. */
export function goToEntry(editor: LexicalEditor, entries: readonly TocEntry[], index: number): boolean {
  const heading = editor.getEditorState().read(() => matchEntries(entries, $headings())[index] ?? null);
  if (!heading) {
    toast.error(t.toc.headingGone);
    return false;
  }
  editor.update(() => {
    const node = $getNodeByKey(heading.key);
    if ($isElementNode(node)) node.selectStart();
  });
  editor.focus();
  editor.getElementByKey(heading.key)?.scrollIntoView({ block: 'center' });
  return true;
}
