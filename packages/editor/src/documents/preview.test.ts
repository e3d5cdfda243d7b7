import type { SerializedEditorState } from 'lexical';
import { describe, expect, it } from 'vitest';
import { visibleDocuments } from '../home/visibleDocuments';
import { documentPreview } from './preview';
import type { DocumentRecord } from './types';

const text = (t: string) => ({ type: 'text', text: t });
const state = (...children: object[]) =>
  ({ root: { type: 'root', children } }) as unknown as SerializedEditorState;

describe('documentPreview', () => {
  it('gives the lines after the title, list items and table rows included', () => {
    const content = {
      version: '2.0.0' as const,
      editorState: state(
        { type: 'heading', children: [text('季度报告')] },
        { type: 'paragraph', children: [] },
        { type: 'paragraph', children: [text('本季度'), text('收入增长')] },
        { type: 'list', children: [{ type: 'listitem', children: [text('第一项')] }] },
        {
          type: 'table',
          children: [
            {
              type: 'tablerow',
              children: [
                { type: 'tablecell', children: [{ type: 'paragraph', children: [text('甲')] }] },
                { type: 'tablecell', children: [{ type: 'paragraph', children: [text('乙')] }] },
              ],
            },
          ],
        },
      ),
    };
    expect(documentPreview(content)).toBe('本季度收入增长 第一项 甲 乙');
  });

  it('keeps the first line when the document has a name of its own, and stops at 120 characters', () => {
    const content = {
      version: '2.0.0' as const,
      title: '改过的名字',
      editorState: state({ type: 'paragraph', children: [text('字'.repeat(200))] }),
    };
    expect(documentPreview(content)).toBe(`${'字'.repeat(120)}…`);
    expect(documentPreview({ version: '2.0.0', editorState: null })).toBe('');
  });
});

describe('visibleDocuments', () => {
  const doc = (id: number, title: string, preview = ''): DocumentRecord => ({
    id: `d${id}`,
    title,
    preview,
    owner: 'u',
    createdAt: 0,
    modifiedAt: id,
  });
  const docs = Array.from({ length: 10 }, (_, i) =>
    doc(i + 1, `文档${i + 1}`, i === 2 ? '关于预算的说明' : ''),
  );

  it('shows the 8 most recent unless asked for all', () => {
    expect(visibleDocuments(docs, { query: '', sort: 'modified', showAll: false }).map((d) => d.id)).toEqual([
      'd10',
      'd9',
      'd8',
      'd7',
      'd6',
      'd5',
      'd4',
      'd3',
    ]);
    expect(visibleDocuments(docs, { query: '', sort: 'modified', showAll: true })).toHaveLength(10);
  });

  it('finds by title or first lines, in every document, and sorts by title in numeric order', () => {
    expect(
      visibleDocuments(docs, { query: '预算', sort: 'modified', showAll: false }).map((d) => d.id),
    ).toEqual(['d3']);
    expect(
      visibleDocuments(docs, { query: '文档1', sort: 'title', showAll: false }).map((d) => d.title),
    ).toEqual(['文档1', '文档10']);
    expect(visibleDocuments(docs, { query: '', sort: 'title', showAll: true })[9]?.title).toBe('文档10');
  });
});
