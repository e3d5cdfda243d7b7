import type { DocumentContent } from './types';

export const PREVIEW_MAX = 120;

interface SerializedNodeLike {
  type?: string;
  text?: string;
  children?: SerializedNodeLike[];
}

/**
 * The first lines of a document for its card on the document home: the text of its blocks after the
 * first non-empty one (that one is the title), joined by spaces, at most 120 characters. Read from the
 * stored snapshot, with no editor.
 */
export function documentPreview(content: DocumentContent | null | undefined): string {
  const root = content?.editorState?.root as SerializedNodeLike | undefined;
  const lines: string[] = [];
  let length = 0;
  const textOf = (node: SerializedNodeLike): string =>
    typeof node.text === 'string'
      ? node.text
      : (node.children ?? []).map(textOf).join(node.type === 'tablerow' ? ' ' : '');
  for (const block of root?.children ?? []) {
    if (length > PREVIEW_MAX) break;
    const rows = block.type === 'list' || block.type === 'table' ? (block.children ?? []) : [block];
    for (const row of rows) {
      const line = textOf(row).replace(/\s+/g, ' ').trim();
      if (!line) continue;
      lines.push(line);
      length += line.length + 1;
    }
  }
  // With no title of its own, the first line is the title the card already shows.
  const body = content?.title ? lines : lines.slice(1);
  const text = body.join(' ');
  return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX)}…` : text;
}
