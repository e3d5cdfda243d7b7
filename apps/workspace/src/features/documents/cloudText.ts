import { formatDocumentTime } from '@wanxiang/editor';

/**
 * A cloud document's time as every document's time is shown (今天 09:42, 11月20日), in the browser's time
 * zone, so that a document has one time wherever it is listed.
 */
export function formatCloudDate(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : formatDocumentTime(time, now);
}

/** The text of a stored editor document, paragraph by paragraph (for the conflict dialog's previews). */
export function contentText(content: unknown, maxLength = 400): string {
  const root = (content as { editorState?: { root?: unknown } } | null)?.editorState?.root;
  const blocks: string[] = [];
  const textOf = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const { text, children } = node as { text?: unknown; children?: unknown };
    if (typeof text === 'string') return text;
    return Array.isArray(children) ? children.map(textOf).join('') : '';
  };
  const children = (root as { children?: unknown } | undefined)?.children;
  if (Array.isArray(children)) for (const block of children) blocks.push(textOf(block));
  const text = blocks.filter((block) => block.trim()).join('\n');
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
