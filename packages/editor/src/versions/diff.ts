/**
 * The differences between two versions of a document, per paragraph and within one: the paragraphs'
 * texts are compared as lists (the `diff` package's Myers diff), and a paragraph that was changed rather
 * than added or removed is compared again word by word (words as Intl.Segmenter finds them in Chinese).
 */
import { diffArrays, diffWords } from 'diff';
import type { DocumentContent } from '../documents/types';

/** One stretch of a changed paragraph: kept, inserted or deleted. */
export interface DiffPart {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

/** One paragraph of the comparison. */
export type DiffRow =
  | { kind: 'same' | 'added' | 'removed'; text: string }
  | { kind: 'changed'; parts: DiffPart[] };

interface SerializedNode {
  type?: string;
  text?: string;
  children?: SerializedNode[];
  altText?: string;
}

/** Nodes that hold blocks rather than text: their children are paragraphs of their own. */
const CONTAINERS = new Set(['root', 'list', 'table', 'tablerow', 'tablecell', 'quote-container']);

function inlineText(node: SerializedNode): string {
  if (typeof node.text === 'string') return node.text;
  if (node.type === 'linebreak') return '\n';
  if (node.type === 'tab') return '\t';
  if (node.type === 'image') return node.altText ? `［图片：${node.altText}］` : '［图片］';
  if (!node.children) return '';
  return node.children
    .filter((child) => !CONTAINERS.has(child.type ?? ''))
    .map(inlineText)
    .join('');
}

function collect(node: SerializedNode, out: string[]) {
  if (CONTAINERS.has(node.type ?? '')) {
    for (const child of node.children ?? []) collect(child, out);
    return;
  }
  out.push(inlineText(node));
  // A list item may hold a nested list: its items are paragraphs of their own.
  for (const child of node.children ?? []) if (CONTAINERS.has(child.type ?? '')) collect(child, out);
}

/** A document's paragraphs as plain text, in reading order (list items and table cells each one). */
export function paragraphsOf(content: DocumentContent | { editorState: unknown }): string[] {
  const state = content.editorState as { root?: SerializedNode } | null;
  if (!state?.root) return [];
  const out: string[] = [];
  collect(state.root, out);
  return out;
}

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter('zh-CN', { granularity: 'word' })
    : undefined;

function withinParagraph(before: string, after: string): DiffPart[] {
  const changes = diffWords(before, after, segmenter ? { intlSegmenter: segmenter } : {});
  return changes.map((change) => ({
    text: change.value,
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
  }));
}

/**
 * The rows that turn `before` into `after`. A run of removed paragraphs followed by a run of added ones
 * is a run of changed paragraphs, paired in order (the rest of the longer run stays added or removed).
 */
export function diffParagraphs(before: readonly string[], after: readonly string[]): DiffRow[] {
  const rows: DiffRow[] = [];
  const changes = diffArrays([...before], [...after]);
  for (let index = 0; index < changes.length; index += 1) {
    const change = changes[index];
    if (!change) continue;
    const next = changes[index + 1];
    if (change.removed && next?.added) {
      const paired = Math.min(change.value.length, next.value.length);
      for (let i = 0; i < paired; i += 1)
        rows.push({ kind: 'changed', parts: withinParagraph(change.value[i] ?? '', next.value[i] ?? '') });
      for (const text of change.value.slice(paired)) rows.push({ kind: 'removed', text });
      for (const text of next.value.slice(paired)) rows.push({ kind: 'added', text });
      index += 1;
      continue;
    }
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    for (const text of change.value) rows.push({ kind, text });
  }
  return rows;
}

/** How much changed, for the list: characters inserted and deleted. */
export function changeSize(rows: readonly DiffRow[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  const count = (text: string) => Array.from(text).length;
  for (const row of rows) {
    if (row.kind === 'added') added += count(row.text);
    else if (row.kind === 'removed') removed += count(row.text);
    else if (row.kind === 'changed')
      for (const part of row.parts) {
        if (part.kind === 'added') added += count(part.text);
        else if (part.kind === 'removed') removed += count(part.text);
      }
  }
  return { added, removed };
}
