import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editorState, headingNode, paragraphNode, textNode } from '../convert/nodes';
import { exportPdf } from '../files/pdf/exportPdf';
import { nodePdfFonts } from '../files/pdf/nodeFonts';
import { pageBreakNode } from '../pages/pageBreakFormats';
import { tocNode } from './entries';

/* The PDF read back with poppler's pdftotext, page by page, as the PDF tests do (files/pdf/exportPdf.test.ts). */

const dir = mkdtempSync(path.join(tmpdir(), 'wx-toc-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pageText = (file: string, page: number) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-'], {
    encoding: 'utf8',
  });

// Exporting parses large CJK fonts: slow on a loaded machine.
describe('PDF', { timeout: 60_000 }, () => {
  it('prints the table with the pages its headings land on in the PDF', async () => {
    const long = Array.from({ length: 60 }, (_, i) =>
      paragraphNode([textNode(`第${i + 1}段正文，用来把标题推到后面的页上。`)]),
    );
    const state = editorState([
      // Entries as the editor last knew them, with stale page numbers: the PDF prints its own.
      tocNode([
        { text: '第一章 开始', level: 1, page: 9 },
        { text: '第二节 中段', level: 2, page: 9 },
        { text: '第三章 结尾', level: 1 },
      ]),
      pageBreakNode(),
      headingNode(1, [textNode('第一章 开始')]),
      ...long,
      headingNode(2, [textNode('第二节 中段')]),
      pageBreakNode(),
      headingNode(1, [textNode('第三章 结尾')]),
    ]);
    const file = path.join(dir, 'toc.pdf');
    writeFileSync(file, await exportPdf(state, { fonts: nodePdfFonts() }));
    // Where each heading really is.
    const pageOf = (heading: string) => {
      for (let page = 1; page <= 8; page++) {
        const lines = pageText(file, page).split('\n');
        if (page > 1 && lines.some((line) => line.trim() === heading)) return page;
      }
      return undefined;
    };
    const first = pageOf('第一章 开始');
    const second = pageOf('第二节 中段');
    const third = pageOf('第三章 结尾');
    expect([first, second, third].every((p) => p !== undefined)).toBe(true);
    expect(second).toBeGreaterThan(first as number);
    // The table on page 1: each entry, a dotted leader, and that page.
    const toc = pageText(file, 1);
    expect(toc).toContain('目录');
    expect(toc).toMatch(new RegExp(`第一章 开始\\s*\\.{5,}\\s*${first}\\s*\\n`));
    expect(toc).toMatch(new RegExp(`第二节 中段\\s*\\.{5,}\\s*${second}\\s*\\n`));
    expect(toc).toMatch(new RegExp(`第三章 结尾\\s*\\.{5,}\\s*${third}\\s*\\n`));
  });
});
