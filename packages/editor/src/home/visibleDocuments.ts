import type { DocumentRecord } from '../documents/types';

/** The recent documents the home shows without a search. */
export const RECENT_DOCUMENTS_LIMIT = 8;

export type DocumentSort = 'modified' | 'title';

/**
 * The cards the home shows: the documents matching the query (in the title or the first lines), by
 * modification time (newest first) or by title (in Chinese collation); the 8 most recent
 * unless the user searches or asks for all.
 */
export function visibleDocuments(
  docs: readonly DocumentRecord[],
  { query, sort, showAll }: { query: string; sort: DocumentSort; showAll: boolean },
): DocumentRecord[] {
  const needle = query.trim().toLocaleLowerCase('zh-CN');
  const matching = needle
    ? docs.filter((doc) => `${doc.title}\n${doc.preview ?? ''}`.toLocaleLowerCase('zh-CN').includes(needle))
    : [...docs];
  const collator = new Intl.Collator('zh-CN', { numeric: true });
  matching.sort((a, b) =>
    sort === 'title'
      ? collator.compare(a.title, b.title) || b.modifiedAt - a.modifiedAt
      : b.modifiedAt - a.modifiedAt,
  );
  return needle || showAll ? matching : matching.slice(0, RECENT_DOCUMENTS_LIMIT);
}
