import { DEFAULT_DOCUMENT_TITLE } from '../constants';
import { documentPreview } from './preview';
import type { DocumentContent, DocumentRecord, DocumentRepository, LoadedDocument } from './types';

/**
 * The repository contract kept in memory: for stories, tests and embedding the editor where nothing must
 * persist. Same semantics as the IndexedDB one (owner scoping, newest first, local-doc-{timestamp} ids).
 */
export function createMemoryDocumentRepository(
  seed: ReadonlyArray<{ record: DocumentRecord; content?: DocumentContent }> = [],
  now: () => number = Date.now,
): DocumentRepository {
  const records = new Map<string, DocumentRecord>();
  const contents = new Map<string, DocumentContent>();
  for (const doc of seed) {
    records.set(doc.record.id, { ...doc.record });
    contents.set(doc.record.id, structuredClone(doc.content ?? { version: '2.0.0', editorState: null }));
  }
  return {
    async listRecent(owner, limit = Number.POSITIVE_INFINITY) {
      return [...records.values()]
        .filter((r) => r.owner === owner)
        .sort((a, b) => b.modifiedAt - a.modifiedAt)
        .slice(0, limit)
        .map((r) => ({ ...r }));
    },
    async create(owner, init = {}) {
      let stamp = now();
      while (records.has(`local-doc-${stamp}`)) stamp += 1;
      const record: DocumentRecord = {
        id: `local-doc-${stamp}`,
        title: init.title?.trim() || DEFAULT_DOCUMENT_TITLE,
        createdAt: now(),
        modifiedAt: now(),
        owner,
        preview: documentPreview(init.content),
      };
      records.set(record.id, record);
      contents.set(record.id, structuredClone(init.content ?? { version: '2.0.0', editorState: null }));
      return { ...record };
    },
    async load(id, owner): Promise<LoadedDocument | null> {
      const record = records.get(id);
      if (!record || record.owner !== owner) return null;
      return {
        record: { ...record },
        content: structuredClone(contents.get(id) ?? { version: '2.0.0', editorState: null }),
      };
    },
    async save(id, owner, content, title) {
      const existing = records.get(id);
      if (existing && existing.owner !== owner) throw new Error('not the owner');
      const record: DocumentRecord = {
        id,
        owner,
        createdAt: existing?.createdAt ?? now(),
        modifiedAt: now(),
        title: title.trim() || DEFAULT_DOCUMENT_TITLE,
        preview: documentPreview(content),
      };
      records.set(id, record);
      contents.set(id, structuredClone(content));
      return { ...record };
    },
    async remove(id, owner) {
      if (records.get(id)?.owner !== owner) return;
      records.delete(id);
      contents.delete(id);
    },
  };
}
