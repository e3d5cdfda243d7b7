/** An in-memory cloud document server for the sync and queue tests. */
import {
  type CloudDocument,
  type DocsApi,
  type DocumentSaveResult,
  NetworkError,
} from '@wanxiang/api-client';

/**
 * The server's versioning rules in memory (the server's own tests cover the real one): a save based on
 * an older version is refused with the newer one; `offline` makes every call fail as without a network.
 */
export function fakeCloud() {
  const docs = new Map<string, CloudDocument>();
  let next = 0;
  // loseAnswer: the next create is stored but its answer never arrives (the connection drops).
  // restores: for each save that landed, the version it put back (恢复此版本), or null.
  const state = { offline: false, saves: 0, loseAnswer: false, restores: [] as (number | null)[] };
  const reachable = () => {
    if (state.offline) throw new NetworkError();
  };
  const stamp = () => new Date(Date.UTC(2026, 10, 26, 1, 0, next)).toISOString();
  const api: Pick<DocsApi, 'create' | 'save' | 'get'> = {
    async create({ id, title, content }) {
      reachable();
      // The server's rule: a repeated id of the same account answers the document it already made.
      const made = id ? docs.get(id) : undefined;
      if (made) return structuredClone(made);
      next += 1;
      const doc: CloudDocument = {
        id: id ?? `00000000-0000-4000-8000-00000000000${next}`,
        title,
        version: 1,
        size: 1,
        created_at: stamp(),
        updated_at: stamp(),
        content: structuredClone(content),
      };
      docs.set(doc.id, doc);
      if (state.loseAnswer) {
        state.loseAnswer = false;
        throw new NetworkError();
      }
      return structuredClone(doc);
    },
    async save(id, { title, content, baseVersion, restoredFrom }): Promise<DocumentSaveResult> {
      reachable();
      state.saves += 1;
      const current = docs.get(id);
      if (!current) throw new Error('missing');
      if (current.version !== baseVersion) return { status: 'conflict', current: structuredClone(current) };
      next += 1;
      const saved = {
        ...current,
        title,
        content: structuredClone(content),
        version: current.version + 1,
        updated_at: stamp(),
      };
      docs.set(id, saved);
      state.restores.push(restoredFrom ?? null);
      return { status: 'saved', document: structuredClone(saved) };
    },
    async get(id) {
      reachable();
      const doc = docs.get(id);
      if (!doc) throw new Error('missing');
      return structuredClone(doc);
    },
  };
  return { api, docs, state };
}
