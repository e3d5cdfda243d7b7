import type { SerializedEditorState } from 'lexical';
import { describe, expect, it } from 'vitest';
import { ConvertError } from '../convert/errors';
import { buildLexdoc, decodeText, parseLexdoc } from './lexdoc';

const state = {
  root: {
    type: 'root',
    children: [
      { type: 'paragraph', format: 'center', children: [{ type: 'text', text: '你好', format: 1 }] },
      { type: 'table', children: [] },
      { type: 'paragraph', children: [{ type: 'image', src: 'data:image/png;base64,AAA' }] },
    ],
  },
} as unknown as SerializedEditorState;

describe('lexdoc', () => {
  it('packages a snapshot with statistics and assets', () => {
    const file = buildLexdoc({
      title: '周报',
      docId: 'local-doc-1',
      editorState: state,
      now: new Date('2026-01-01T00:00:00Z'),
    });
    expect(file).toMatchObject({ format: 'lexdoc', version: 2, savedAt: '2026-01-01T00:00:00.000Z' });
    expect(file.meta.statistics).toEqual({ nodeCount: 6, styledNodeCount: 2, tableCount: 1, imageCount: 1 });
    expect(file.assets).toEqual([{ id: 'img-1', type: 'image/png', src: 'data:image/png;base64,AAA' }]);
    expect(file.content.version).toBe('2.0.0');
  });
  it('reads back a lexdoc and plain snapshots', () => {
    const file = buildLexdoc({ title: '周报', docId: 'x', editorState: state });
    expect(parseLexdoc(JSON.stringify(file))).toMatchObject({
      title: '周报',
      editorState: { root: state.root },
    });
    expect(parseLexdoc(JSON.stringify(state)).editorState.root).toEqual(state.root);
    expect(parseLexdoc(JSON.stringify({ lexicalState: state })).editorState.root).toEqual(state.root);
  });
  it('refuses what is no document', () => {
    const codeOf = (text: string) => {
      try {
        parseLexdoc(text);
      } catch (error) {
        expect(error).toBeInstanceOf(ConvertError);
        return [(error as ConvertError).code, (error as ConvertError).message];
      }
      return null;
    };
    expect(codeOf('not json')).toEqual(['LEXDOC_PARSE_ERROR', '无效的文档格式：文件内容不是 JSON']);
    expect(codeOf('{"a":1}')).toEqual(['LEXDOC_INVALID_FORMAT', '无效的文档格式']);
    expect(codeOf('{"format":"docx","version":2}')).toEqual(['LEXDOC_INVALID_FORMAT', '无效的文档格式']);
    expect(codeOf('{"format":"lexdoc","version":"2"}')).toEqual(['LEXDOC_INVALID_FORMAT', '无效的文档格式']);
    expect(codeOf('{"format":"lexdoc","version":2,"content":{}}')).toEqual([
      'EMPTY_CONTENT',
      '文档内容为空或格式错误',
    ]);
    expect(codeOf('{"root":{"type":"paragraph"}}')).toEqual(['EMPTY_CONTENT', '文档内容为空或格式错误']);
  });
  it('decodes UTF-8 and falls back to GB18030', () => {
    expect(decodeText(new TextEncoder().encode('\uFEFF中文').buffer)).toBe('中文');
    // "中文" in GB18030.
    expect(decodeText(new Uint8Array([0xd6, 0xd0, 0xce, 0xc4]).buffer)).toBe('中文');
  });
});
