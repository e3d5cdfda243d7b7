import { describe, expect, it } from 'vitest';
import { documentToMarkdown } from '../convert/markdown';
import { emptyDocumentContent } from '../documents/indexedDbRepository';
import { documentToText } from './exportText';
import { documentFromMarkdown, documentFromText } from './importFile';

describe('documentToMarkdown and documentFromMarkdown', () => {
  it('give back the Markdown a host gave (headings, lists, bold, links)', () => {
    const markdown = '# 周报\n\n本周**完成**了[发布](https://example.com)。\n\n- 一\n- 二';
    const imported = documentFromMarkdown(markdown);
    expect(imported.title).toBe('周报');
    expect(documentToMarkdown(imported.content)).toBe(`${markdown}\n`);
  });
});

describe('documentToText and documentFromText', () => {
  it('keep one line a paragraph, blank lines included', () => {
    const text = '会议纪要\n\n第二行';
    const imported = documentFromText(text);
    expect(imported.title).toBe('会议纪要');
    expect(documentToText(imported.content)).toBe(text);
  });

  it('read Markdown content as its text without marks', () => {
    expect(documentToText(documentFromMarkdown('# 标题\n\n**粗体**正文').content)).toBe('标题\n粗体正文');
  });

  it('give an empty string for a new document', () => {
    expect(documentToText(emptyDocumentContent())).toBe('');
    expect(documentToMarkdown(emptyDocumentContent())).toBe('');
  });
});
