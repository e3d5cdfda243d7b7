/** Dates of cloud documents in the zh-CN locale, in Shanghai time. */
const dateTime = new Intl.DateTimeFormat('zh-CN', {
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Asia/Shanghai',
});

export function formatCloudDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dateTime.format(time);
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
