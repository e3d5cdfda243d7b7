import { describe, expect, it } from 'vitest';
import { normalizeTitle } from '../editor/useDocumentSave';
import { importDocumentFile } from './importFile';
import { buildLexdoc } from './lexdoc';

const paragraphTexts = (state: unknown) =>
  (state as { root: { children: { children: { text?: string }[] }[] } }).root.children.map((block) =>
    block.children.map((child) => child.text ?? '').join(''),
  );

describe('importDocumentFile', () => {
  it('reads a text file into a new snapshot, one paragraph a line, titled by its first line', async () => {
    const imported = await importDocumentFile(new File(['会议纪要\n\n第二行'], '纪要.txt'));
    expect(paragraphTexts(imported.content.editorState)).toEqual(['会议纪要', '', '第二行']);
    expect(imported.title).toBe('会议纪要');
    expect(imported.content.title).toBeUndefined();
  });

  it('reads Markdown headings and lists', async () => {
    const imported = await importDocumentFile(new File(['# 周报\n\n- 一\n- 二'], 'a.md'));
    const root = (imported.content.editorState as unknown as { root: { children: { type: string }[] } }).root;
    expect(root.children.map((block) => block.type)).toEqual(['heading', 'list']);
    expect(imported.title).toBe('周报');
  });

  it('keeps a lexdoc file’s own title as the document’s name', async () => {
    const editorState = (await importDocumentFile(new File(['正文'], 'x.txt'))).content.editorState;
    const file = buildLexdoc({ title: '年度计划', docId: 'd', editorState: editorState as never });
    const imported = await importDocumentFile(new File([JSON.stringify(file)], '年度计划.lexdoc'));
    expect(imported.title).toBe('年度计划');
    expect(imported.content.title).toBe('年度计划');
    expect(paragraphTexts(imported.content.editorState)).toEqual(['正文']);
  });

  it('refuses a lexdoc with nodes the editor does not know, and a file that is no DOCX', async () => {
    const bad = JSON.stringify({ root: { type: 'root', children: [{ type: 'mystery', children: [] }] } });
    await expect(importDocumentFile(new File([bad], 'bad.lexdoc'))).rejects.toMatchObject({
      code: 'EMPTY_CONTENT',
      message: '文档内容为空或格式错误',
    });
    await expect(importDocumentFile(new File(['x'], 'a.docx'))).rejects.toMatchObject({
      code: 'DOCX_INVALID',
    });
  });
});

describe('normalizeTitle', () => {
  it('trims and collapses a typed name; nothing left is 未命名文档', () => {
    expect(normalizeTitle('  季度   报告 ')).toBe('季度 报告');
    expect(normalizeTitle('   ')).toBe('未命名文档');
    expect(normalizeTitle('长'.repeat(100))).toHaveLength(80);
  });
});
