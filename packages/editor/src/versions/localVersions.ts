/**
 * The versions of local documents, kept in this browser (IndexedDB, a database of its own beside the
 * documents'): the last 20 of each document. Saves made within five minutes of an unnamed autosave replace
 * it rather than pile up, so twenty versions reach back over a working session; named versions, restores
 * and the versions before them are kept as they are.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { DocumentContent } from '../documents/types';
import type { VersionEntry, VersionSource } from './types';

export const LOCAL_VERSIONS_KEPT = 20;
/** An autosave this close to the last unnamed autosave replaces it. */
export const LOCAL_VERSION_COALESCE_MS = 5 * 60_000;

export interface LocalVersion {
  id: string;
  docId: string;
  owner: string;
  createdAt: number;
  kind: VersionEntry['kind'];
  name: string | null;
  title: string;
  size: number;
  sizeDelta: number;
  content: DocumentContent;
}

interface VersionsDB extends DBSchema {
  versions: { key: string; value: LocalVersion; indexes: { byDoc: [string, string, number] } };
}

export const LOCAL_VERSIONS_DB_NAME = 'wanxiang-document-versions';

const bytesOf = (content: DocumentContent) => new TextEncoder().encode(JSON.stringify(content)).length;

/** The local versions of every document of this browser. */
export interface LocalVersionStore {
  /** Keeps a save as a version (or folds it into the last autosave). */
  record(
    docId: string,
    owner: string,
    save: { content: DocumentContent; title: string; kind?: VersionEntry['kind']; name?: string },
  ): Promise<void>;
  list(docId: string, owner: string): Promise<LocalVersion[]>;
  get(id: string, owner: string): Promise<LocalVersion | null>;
  rename(id: string, owner: string, name: string | null): Promise<void>;
}

export function createLocalVersionStore(
  options: { dbName?: string; now?: () => number } = {},
): LocalVersionStore {
  const now = options.now ?? Date.now;
  let dbPromise: Promise<IDBPDatabase<VersionsDB>> | null = null;
  const db = () => {
    dbPromise ??= openDB<VersionsDB>(options.dbName ?? LOCAL_VERSIONS_DB_NAME, 1, {
      upgrade(database) {
        const store = database.createObjectStore('versions', { keyPath: 'id' });
        store.createIndex('byDoc', ['owner', 'docId', 'createdAt']);
      },
    }).catch((error: unknown) => {
      dbPromise = null;
      throw error;
    });
    return dbPromise;
  };
  const range = (owner: string, docId: string) =>
    IDBKeyRange.bound([owner, docId, -Infinity], [owner, docId, Infinity]);

  return {
    async record(docId, owner, { content, title, kind = 'auto', name }) {
      const database = await db();
      const tx = database.transaction('versions', 'readwrite');
      const all = await tx.store.index('byDoc').getAll(range(owner, docId));
      const newest = all.at(-1);
      const size = bytesOf(content);
      const at = now();
      if (newest && JSON.stringify(newest.content) === JSON.stringify(content)) {
        // The same text again: a name names the version that has it, anything else keeps nothing new.
        if (name?.trim()) await tx.store.put({ ...newest, name: name.trim() });
        if (kind === 'auto' || name?.trim()) {
          await tx.done;
          return;
        }
      }
      const fold =
        kind === 'auto' &&
        !name &&
        newest?.kind === 'auto' &&
        newest.name === null &&
        at - newest.createdAt < LOCAL_VERSION_COALESCE_MS &&
        // The first version of a session stays: it is what the text was before this round of edits.
        all.length > 1;
      const before = fold ? all.at(-2) : newest;
      const version: LocalVersion = {
        id: fold && newest ? newest.id : crypto.randomUUID(),
        docId,
        owner,
        createdAt: at,
        kind,
        name: name?.trim() || null,
        title,
        size,
        sizeDelta: before ? size - before.size : size,
        content,
      };
      await tx.store.put(version);
      const kept = [...all.filter((v) => v.id !== version.id), version];
      for (const old of kept.slice(0, Math.max(0, kept.length - LOCAL_VERSIONS_KEPT)))
        await tx.store.delete(old.id);
      await tx.done;
    },
    async list(docId, owner) {
      const all = await (await db()).getAllFromIndex('versions', 'byDoc', range(owner, docId));
      return all.reverse();
    },
    async get(id, owner) {
      const found = await (await db()).get('versions', id);
      return found && found.owner === owner ? found : null;
    },
    async rename(id, owner, name) {
      const database = await db();
      const tx = database.transaction('versions', 'readwrite');
      const found = await tx.store.get(id);
      if (found && found.owner === owner) await tx.store.put({ ...found, name: name?.trim() || null });
      await tx.done;
    },
  };
}

const entryOf = (version: LocalVersion): VersionEntry => ({
  id: version.id,
  createdAt: version.createdAt,
  kind: version.kind,
  name: version.name,
  size: version.size,
  sizeDelta: version.sizeDelta,
});

/**
 * 版本历史 of a local document, over the store: `source` for the editor, `recordSave` for each save of the
 * document (a save after 恢复此版本 is kept as a restore).
 */
export function createLocalVersions(
  store: LocalVersionStore,
  docId: string,
  owner: string,
): { source: VersionSource; recordSave(content: DocumentContent, title: string): Promise<void> } {
  let restoring = false;
  const source: VersionSource = {
    place: 'local',
    async list() {
      return { entries: (await store.list(docId, owner)).map(entryOf), next: null };
    },
    async read(id) {
      const found = await store.get(id, owner);
      if (!found) throw new Error(`no local version ${id}`);
      return found.content;
    },
    name: (id, name) => store.rename(id, owner, name),
    nameCurrent: (name, { content, title }) =>
      store.record(docId, owner, { content, title, kind: 'manual', name }),
    willRestore() {
      restoring = true;
    },
  };
  return {
    source,
    recordSave(content, title) {
      const kind = restoring ? 'restore' : 'auto';
      restoring = false;
      return store.record(docId, owner, { content, title, kind });
    },
  };
}
