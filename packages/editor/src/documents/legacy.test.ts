import { describe, expect, it } from 'vitest';
import {
  LEGACY_DOCS_KEY,
  LEGACY_RECORDS_KEY,
  legacyContentToEditorState,
  readLegacyDocuments,
} from './legacy';

const snapshot = { root: { type: 'root', children: [], direction: null, format: '', indent: 0, version: 1 } };
const storageOf = (entries: Record<string, unknown>) => ({
  getItem: (key: string) =>
    key in entries
      ? typeof entries[key] === 'string'
        ? (entries[key] as string)
        : JSON.stringify(entries[key])
      : null,
});

describe('legacyContentToEditorState', () => {
  it('accepts snapshots, their JSON, and wrappers', () => {
    expect(legacyContentToEditorState(snapshot)).toEqual(snapshot);
    expect(legacyContentToEditorState(JSON.stringify(snapshot))).toEqual(snapshot);
    expect(legacyContentToEditorState({ lexicalState: snapshot })).toEqual(snapshot);
    expect(legacyContentToEditorState({ format: 'lexdoc', content: snapshot })).toEqual(snapshot);
    expect(legacyContentToEditorState(null)).toBeNull();
  });
  it('keeps plain text as paragraphs', () => {
    const state = legacyContentToEditorState('第一行\n第二行') as unknown as {
      root: { children: Array<{ children: Array<{ text: string }> }> };
    };
    expect(state.root.children.map((p) => p.children[0]?.text)).toEqual(['第一行', '第二行']);
  });
});

describe('readLegacyDocuments', () => {
  it('reads lexical-local-documents records with content under their id', () => {
    const docs = readLegacyDocuments(
      storageOf({
        [LEGACY_RECORDS_KEY]: [
          {
            id: 'local-doc-1',
            title: '周报',
            createdAt: '2026-01-02T03:04:05Z',
            modifiedAt: 1767322000000,
            owner: 'u1',
          },
          { id: 'local-doc-2', createdAt: 5, owner: 'u2' },
        ],
        'local-doc-1': snapshot,
      }),
      'me',
      99,
    );
    expect(docs).toHaveLength(2);
    expect(docs[0]?.record).toEqual({
      id: 'local-doc-1',
      title: '周报',
      createdAt: Date.parse('2026-01-02T03:04:05Z'),
      modifiedAt: 1767322000000,
      owner: 'u1',
    });
    expect(docs[0]?.content.editorState).toEqual(snapshot);
    expect(docs[1]?.record).toMatchObject({ title: '未命名文档', createdAt: 5, modifiedAt: 5, owner: 'u2' });
    expect(docs[1]?.content.editorState).toBeNull();
  });

  it('reads lexical-docs entries (array or map) for the migrating owner', () => {
    const fromArray = readLegacyDocuments(
      storageOf({
        [LEGACY_DOCS_KEY]: [
          {
            meta: { id: 'a-uuid', title: '合同', createdAt: 1, updatedAt: 2, version: 3 },
            content: snapshot,
          },
        ],
      }),
      'me',
    );
    expect(fromArray[0]?.record).toEqual({
      id: 'a-uuid',
      title: '合同',
      createdAt: 1,
      modifiedAt: 2,
      owner: 'me',
    });
    const fromMap = readLegacyDocuments(storageOf({ [LEGACY_DOCS_KEY]: { 'b-uuid': snapshot } }), 'me');
    expect(fromMap[0]?.record.id).toBe('b-uuid');
    expect(fromMap[0]?.content.editorState).toEqual(snapshot);
  });

  it('survives garbage', () => {
    expect(
      readLegacyDocuments(storageOf({ [LEGACY_RECORDS_KEY]: '{not json', [LEGACY_DOCS_KEY]: 42 }), 'me'),
    ).toEqual([]);
  });
});
