/**
 * How search results reach the model: one system message listing the sources by number, asking for
 * [n] citations. The offline model reads the same message back (parseSearchContext) to summarize the
 * results it was given, so the whole path works without a model provider.
 */
import type { SearchSource } from '@wanxiang/api-client/contract';

const HEADER = '【联网搜索结果】';

export function searchContextText(query: string, sources: SearchSource[], now = new Date()): string {
  const date = now.toISOString().slice(0, 10);
  const lines = [
    `${HEADER}搜索词：${query}（搜索于 ${date}）`,
    '回答用户的问题时请参考下面的搜索结果。引用某条结果时，在相应句子末尾用方括号标注它的编号，如 [1]、[2]；只使用下面列出的编号，不要编造链接或编号。' +
      '结果与问题无关或不足时，可以按你自己的知识回答，并说明这一点。',
    '',
  ];
  for (const source of sources) {
    lines.push(`[${source.index}] ${source.title}`);
    lines.push(`网址：${source.url}`);
    if (source.published_at) lines.push(`发布时间：${source.published_at}`);
    if (source.snippet) lines.push(`摘要：${source.snippet}`);
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

export interface ParsedSearchContext {
  query: string;
  sources: { index: number; title: string; url: string; snippet: string }[];
}

/** The query and sources of a message made by {@link searchContextText}; null for any other text. */
export function parseSearchContext(text: string): ParsedSearchContext | null {
  if (!text.startsWith(HEADER)) return null;
  const query = /^【联网搜索结果】搜索词：(.*)（搜索于 [\d-]+）$/m.exec(text)?.[1] ?? '';
  const sources: ParsedSearchContext['sources'] = [];
  for (const block of text.split(/\n\n+/)) {
    const head = /^\[(\d+)\] (.*)$/m.exec(block);
    if (!head?.[1]) continue;
    sources.push({
      index: Number(head[1]),
      title: head[2] ?? '',
      url: /^网址：(.*)$/m.exec(block)?.[1] ?? '',
      snippet: /^摘要：(.*)$/m.exec(block)?.[1] ?? '',
    });
  }
  return { query, sources };
}
