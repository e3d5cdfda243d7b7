import type { SerializedEditorState } from 'lexical';
import { DEFAULT_DOCUMENT_TITLE } from '../constants';
import type { DocumentContent, DocumentRecord } from './types';

/** The two stores older front ends kept in localStorage; migrated once into IndexedDB. */
export const LEGACY_RECORDS_KEY = 'lexical-local-documents';
export const LEGACY_DOCS_KEY = 'lexical-docs';

export interface LegacyDocument {
  record: DocumentRecord;
  content: DocumentContent;
}

interface ReadableStorage {
  getItem(key: string): string | null;
}

const toTime = (value: unknown, fallback: number): number => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    if (Number.isFinite(parsed)) return parsed;
    if (/^\d+$/.test(value)) return Number(value);
  }
  return fallback;
};

const parseJson = (text: string | null): unknown => {
  if (text == null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** A snapshot of one paragraph per line, for content that was stored as plain text. */
export function textToEditorState(text: string): SerializedEditorState {
  const paragraph = (line: string) => ({
    type: 'paragraph',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    textFormat: 0,
    textStyle: '',
    children: line
      ? [{ type: 'text', version: 1, text: line, format: 0, style: '', mode: 'normal', detail: 0 }]
      : [],
  });
  return {
    root: {
      type: 'root',
      version: 1,
      direction: null,
      format: '',
      indent: 0,
      children: text.split(/\r?\n/).map(paragraph),
    },
  } as unknown as SerializedEditorState;
}

/**
 * Whatever a legacy store held as content, as an editor snapshot: a snapshot itself, a JSON string of one,
 * a lexdoc package, a `{lexicalState}` / `{editorState}` wrapper, or plain text. Nothing is dropped: text
 * that is no snapshot becomes paragraphs.
 */
export function legacyContentToEditorState(value: unknown): SerializedEditorState | null {
  if (value == null || value === '') return null;
  if (typeof value === 'string') {
    const parsed = parseJson(value);
    if (typeof parsed === 'string') return textToEditorState(parsed);
    return legacyContentToEditorState(parsed);
  }
  if (typeof value !== 'object') return textToEditorState(String(value));
  const object = value as Record<string, unknown>;
  if (object.root && typeof object.root === 'object') return object as unknown as SerializedEditorState;
  for (const key of ['content', 'lexicalState', 'editorState', 'state']) {
    if (key in object) return legacyContentToEditorState(object[key]);
  }
  return textToEditorState(JSON.stringify(value));
}

/** Reads both legacy stores. `owner` claims the `lexical-docs` entries, which carry no owner. */
export function readLegacyDocuments(
  storage: ReadableStorage,
  owner: string,
  now = Date.now(),
): LegacyDocument[] {
  const found: LegacyDocument[] = [];
  const seen = new Set<string>();
  const add = (doc: LegacyDocument) => {
    if (seen.has(doc.record.id)) return;
    seen.add(doc.record.id);
    found.push(doc);
  };

  const records = parseJson(storage.getItem(LEGACY_RECORDS_KEY));
  if (Array.isArray(records)) {
    for (const raw of records) {
      if (!raw || typeof raw !== 'object') continue;
      const r = raw as Record<string, unknown>;
      if (typeof r.id !== 'string' || !r.id) continue;
      const createdAt = toTime(r.createdAt, now);
      add({
        record: {
          id: r.id,
          title: typeof r.title === 'string' && r.title.trim() ? r.title : DEFAULT_DOCUMENT_TITLE,
          createdAt,
          modifiedAt: toTime(r.modifiedAt ?? r.updatedAt, createdAt),
          owner: typeof r.owner === 'string' && r.owner ? r.owner : owner,
        },
        content: { version: '2.0.0', editorState: legacyContentToEditorState(storage.getItem(r.id)) },
      });
    }
  }

  const docs = parseJson(storage.getItem(LEGACY_DOCS_KEY));
  const entries: unknown[] = Array.isArray(docs)
    ? docs
    : docs && typeof docs === 'object'
      ? Object.entries(docs as Record<string, unknown>).map(([key, value]) =>
          value && typeof value === 'object' && !('id' in value) && !('meta' in value)
            ? { id: key, content: value }
            : value,
        )
      : [];
  for (const raw of entries) {
    if (!raw || typeof raw !== 'object') continue;
    const entry = raw as Record<string, unknown>;
    const meta = (entry.meta && typeof entry.meta === 'object' ? entry.meta : entry) as Record<
      string,
      unknown
    >;
    const id =
      typeof meta.id === 'string' && meta.id ? meta.id : typeof entry.id === 'string' ? entry.id : '';
    if (!id) continue;
    const createdAt = toTime(meta.createdAt, now);
    add({
      record: {
        id,
        title: typeof meta.title === 'string' && meta.title.trim() ? meta.title : DEFAULT_DOCUMENT_TITLE,
        createdAt,
        modifiedAt: toTime(meta.updatedAt ?? meta.modifiedAt, createdAt),
        owner: typeof meta.owner === 'string' && meta.owner ? meta.owner : owner,
      },
      content: { version: '2.0.0', editorState: legacyContentToEditorState(entry.content) },
    });
  }
  return found;
}
