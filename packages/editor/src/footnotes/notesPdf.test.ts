/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editorState, footnoteNode, paragraphNode, textNode } from '../convert/nodes';
import { exportPdf } from '../files/pdf/exportPdf';
import { nodePdfFonts } from '../files/pdf/nodeFonts';

// The PDF is read back with poppler's pdftotext, as exportPdf.test.ts does.
const dir = mkdtempSync(path.join(tmpdir(), 'wx-notes-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pages' text without page numbers and white space, page by page. */
function pagesOf(pdf: Uint8Array): string[] {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .map((page) =>
      page
        .split('\n')
        .filter((line) => !/^第 \d+ 页，共 \d+ 页$/.test(line.trim()))
        .join('')
        .replace(/\s+/g, ''),
    )
    .filter(Boolean);
}

describe('PDF notes', { timeout: 60_000 }, () => {
  it('prints footnotes at their page’s foot and endnotes at the end under 尾注, each in its style', async () => {
    const long = Array.from({ length: 40 }, (_, i) => paragraphNode([textNode(`第${i + 1}段的正文。`)]));
    const state = editorState([
      paragraphNode([
        textNode('开头'),
        footnoteNode('fn-1', '页脚的注'),
        textNode('再有'),
        footnoteNode('fn-2', '文末的注', 'endnote'),
      ]),
      ...long,
      paragraphNode([textNode('结尾'), footnoteNode('fn-3', '第二条尾注', 'endnote')]),
    ]);
    const withStyles = {
      ...state,
      root: { ...state.root, $: { wxFootnoteFormat: 'decimal', wxEndnoteFormat: 'lowerRoman' } },
    };
    const pages = pagesOf(await exportPdf(withStyles, { fonts: nodePdfFonts() }));
    expect(pages.length).toBeGreaterThan(1);
    const first = pages[0] as string;
    const last = pages.at(-1) as string;
    // Markers in the text, each kind numbered on its own: footnote 1, endnotes i and ii.
    expect(first).toContain('开头1再有i');
    // The footnote at the foot of its page; the endnotes only at the end, after the last line of text.
    expect(first).toMatch(/1页脚的注$/);
    expect(first).not.toContain('文末的注');
    expect(last).toMatch(/结尾ii.*尾注i文末的注ii第二条尾注$/);
  });
});
