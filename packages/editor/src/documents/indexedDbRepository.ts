import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { DEFAULT_DOCUMENT_TITLE } from '../constants';
import { t } from '../i18n/zh-CN';
import { readLegacyDocuments } from './legacy';
import { documentPreview } from './preview';
import {
  type DocumentContent,
  type DocumentRecord,
  type DocumentRepository,
  DocumentStorageError,
  type LoadedDocument,
} from './types';

interface DocumentsDB extends DBSchema {
  records: { key: string; value: DocumentRecord; indexes: { byOwnerModified: [string, number] } };
  contents: { key: string; value: DocumentContent };
  meta: { key: string; value: { key: string; value: unknown } };
}

export const DOCUMENTS_DB_NAME = 'wanxiang-documents';
const MIGRATED_KEY = 'legacyLocalStorageMigrated';

export const emptyDocumentContent = (): DocumentContent => ({ version: '2.0.0', editorState: null });

function toStorageError(error: unknown): DocumentStorageError {
  if (error instanceof DocumentStorageError) return error;
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'QuotaExceededError')
    return new DocumentStorageError('quota', t.storage.quota, { cause: error });
  if (name === 'InvalidStateError' || name === 'SecurityError' || name === 'UnknownError')
    return new DocumentStorageError('unavailable', t.storage.unavailable, { cause: error });
  return new DocumentStorageError('failed', t.storage.failed, { cause: error });
}

export interface IndexedDbRepositoryOptions {
  dbName?: string;
  /** Where the legacy stores are read from. @default globalThis.localStorage */
  legacyStorage?: Pick<Storage, 'getItem'> | null;
  now?: () => number;
}

/**
 * The local document repository over IndexedDB. Records and contents are two
 * stores written in one transaction, so a record never points at missing content. The first use migrates
 * the legacy localStorage stores once; their keys are left in place, so nothing is ever dropped.
 */
export function createIndexedDbDocumentRepository(
  options: IndexedDbRepositoryOptions = {},
): DocumentRepository {
  const now = options.now ?? Date.now;
  const legacy =
    options.legacyStorage === undefined ? (globalThis.localStorage ?? null) : options.legacyStorage;
  let dbPromise: Promise<IDBPDatabase<DocumentsDB>> | null = null;
  let migration: Promise<void> | null = null;

  const db = () => {
    dbPromise ??= openDB<DocumentsDB>(options.dbName ?? DOCUMENTS_DB_NAME, 1, {
      upgrade(database) {
        const records = database.createObjectStore('records', { keyPath: 'id' });
        records.createIndex('byOwnerModified', ['owner', 'modifiedAt']);
        database.createObjectStore('contents');
        database.createObjectStore('meta', { keyPath: 'key' });
      },
    }).catch((error: unknown) => {
      dbPromise = null;
      throw toStorageError(error);
    });
    return dbPromise;
  };

  const migrate = (owner: string) => {
    migration ??= (async () => {
      const database = await db();
      if (await database.get('meta', MIGRATED_KEY)) return;
      const found = legacy ? readLegacyDocuments(legacy, owner, now()) : [];
      const tx = database.transaction(['records', 'contents', 'meta'], 'readwrite');
      for (const doc of found) {
        // A document already in IndexedDB (same id) wins: it is the newer copy.
        if (await tx.objectStore('records').get(doc.record.id)) continue;
        await tx.objectStore('records').put(doc.record);
        await tx.objectStore('contents').put(doc.content, doc.record.id);
      }
      await tx.objectStore('meta').put({ key: MIGRATED_KEY, value: now() });
      await tx.done;
    })().catch((error: unknown) => {
      migration = null;
      throw toStorageError(error);
    });
    return migration;
  };

  const ready = async (owner: string) => {
    await migrate(owner);
    return db();
  };

  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw toStorageError(error);
    }
  };

  return {
    listRecent: (owner, limit = Number.POSITIVE_INFINITY) =>
      run(async () => {
        const database = await ready(owner);
        const range = IDBKeyRange.bound([owner, Number.NEGATIVE_INFINITY], [owner, Number.POSITIVE_INFINITY]);
        const result: DocumentRecord[] = [];
        let cursor = await database
          .transaction('records')
          .store.index('byOwnerModified')
          .openCursor(range, 'prev');
        while (cursor && result.length < limit) {
          result.push(cursor.value);
          cursor = await cursor.continue();
        }
        return result;
      }),

    create: (owner, init = {}) =>
      run(async () => {
        const database = await ready(owner);
        const tx = database.transaction(['records', 'contents'], 'readwrite');
        let stamp = now();
        // Ids are local-doc-{timestamp}; two documents in one millisecond take the next one.
        while (await tx.objectStore('records').getKey(`local-doc-${stamp}`)) stamp += 1;
        const record: DocumentRecord = {
          id: `local-doc-${stamp}`,
          title: init.title?.trim() || DEFAULT_DOCUMENT_TITLE,
          createdAt: now(),
          modifiedAt: now(),
          owner,
          preview: documentPreview(init.content),
        };
        await tx.objectStore('records').put(record);
        await tx.objectStore('contents').put(init.content ?? emptyDocumentContent(), record.id);
        await tx.done;
        return record;
      }),

    load: (id, owner) =>
      run(async (): Promise<LoadedDocument | null> => {
        const database = await ready(owner);
        const tx = database.transaction(['records', 'contents']);
        const record = await tx.objectStore('records').get(id);
        if (!record || record.owner !== owner) return null;
        const content = (await tx.objectStore('contents').get(id)) ?? emptyDocumentContent();
        return { record, content };
      }),

    save: (id, owner, content, title) =>
      run(async () => {
        const database = await ready(owner);
        const tx = database.transaction(['records', 'contents'], 'readwrite');
        const existing = await tx.objectStore('records').get(id);
        if (existing && existing.owner !== owner) throw new DocumentStorageError('failed', t.storage.failed);
        const record: DocumentRecord = {
          id,
          owner,
          createdAt: existing?.createdAt ?? now(),
          modifiedAt: now(),
          title: title.trim() || DEFAULT_DOCUMENT_TITLE,
          preview: documentPreview(content),
        };
        await tx.objectStore('contents').put(content, id);
        await tx.objectStore('records').put(record);
        await tx.done;
        return record;
      }),

    remove: (id, owner) =>
      run(async () => {
        const database = await ready(owner);
        const tx = database.transaction(['records', 'contents'], 'readwrite');
        const existing = await tx.objectStore('records').get(id);
        if (!existing || existing.owner !== owner) return;
        await tx.objectStore('records').delete(id);
        await tx.objectStore('contents').delete(id);
        await tx.done;
      }),
  };
}
