/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { SerializedEditorState } from 'lexical';
import { afterAll, describe, expect, it } from 'vitest';
import { documentToDocx } from '../convert/docxExport';
import { docxToDocument } from '../convert/docxImport';
import { documentToLexdoc, lexdocToDocument } from '../convert/lexdoc';
import { documentToMarkdown, markdownToDocument } from '../convert/markdown';
import { editorState, type JsonNode, paragraphNode, rootChildren, textNode } from '../convert/nodes';
import { bodySection, parseWordXml } from '../convert/wordXml';
import { checkedEditorState } from '../files/importFile';
import { exportPdf } from '../files/pdf/exportPdf';
import { nodePdfFonts } from '../files/pdf/nodeFonts';
import { pageSetupOfSection } from './docxPageSetup';

const pageSetupFromDocumentXml = (xml: string) => pageSetupOfSection(bodySection(parseWordXml(xml)));

import { MARKDOWN_PAGE_BREAK, pageBreakNode } from './pageBreakFormats';
import {
  DEFAULT_PAGE_SETUP,
  MARGIN_PRESETS,
  marginPresetOf,
  mmToPt,
  mmToPx,
  mmToTwips,
  normalizePageSetup,
  type PageSetup,
  pageGeometryPt,
  pageSetupOf,
  pageSizeMm,
  twipsToMm,
  validateMargins,
  withPageSetup,
} from './pageSetup';

const OFFICIAL: PageSetup = {
  paper: 'a4',
  orientation: 'portrait',
  margins: { top: 37, bottom: 35, left: 28, right: 26 },
};
const types = (state: SerializedEditorState) => rootChildren(state).map((n: JsonNode) => n.type);
const twoPages = () =>
  editorState([
    paragraphNode([textNode('第一页的文字')]),
    pageBreakNode(),
    paragraphNode([textNode('第二页的文字')]),
  ]);
const breakBefore = (text: string) => paragraphNode([textNode(text)], '', 'break-before: page;');

describe('page setup model', () => {
  it('converts millimetres to twips, points and pixels and back', () => {
    expect(mmToTwips(25.4)).toBe(1440);
    expect(mmToTwips(37)).toBe(2098);
    expect(twipsToMm(1440)).toBe(25.4);
    expect(twipsToMm(mmToTwips(31.8))).toBe(31.8);
    expect(mmToPt(25.4)).toBeCloseTo(72);
    expect(mmToPx(210)).toBeCloseTo(793.7, 1);
  });

  it('has Word’s margins by default, on A4 portrait, and the presets as named', () => {
    expect(DEFAULT_PAGE_SETUP).toEqual({
      paper: 'a4',
      orientation: 'portrait',
      margins: { top: 25.4, bottom: 25.4, left: 31.8, right: 31.8 },
    });
    expect(MARGIN_PRESETS.official).toEqual({ margins: OFFICIAL.margins, paper: 'a4' });
    expect(marginPresetOf(OFFICIAL)).toBe('official');
    expect(marginPresetOf({ ...OFFICIAL, orientation: 'landscape' })).toBeNull();
    expect(marginPresetOf({ ...OFFICIAL, margins: MARGIN_PRESETS.narrow.margins })).toBe('narrow');
    expect(marginPresetOf({ ...OFFICIAL, margins: { ...OFFICIAL.margins, top: 10 } })).toBeNull();
  });

  it('swaps the sides of a landscape page', () => {
    expect(pageSizeMm({ ...DEFAULT_PAGE_SETUP, paper: 'b5', orientation: 'landscape' })).toEqual({
      widthMm: 250,
      heightMm: 176,
    });
    const geometry = pageGeometryPt(DEFAULT_PAGE_SETUP);
    expect(geometry.width).toBeCloseTo(595.28, 1);
    expect(geometry.height).toBeCloseTo(841.89, 1);
    expect(geometry.top).toBeCloseTo(72);
  });

  it('names the wrong field: a margin out of 0–100 mm, or both margins of a direction left too little text', () => {
    expect(validateMargins('a4', 'portrait', OFFICIAL.margins)).toEqual({});
    expect(validateMargins('a4', 'portrait', { ...OFFICIAL.margins, left: 120 })).toEqual({
      left: '左边距须在 0～100 毫米之间',
    });
    expect(validateMargins('a4', 'portrait', { ...OFFICIAL.margins, top: -1 })).toEqual({
      top: '上边距须在 0～100 毫米之间',
    });
    expect(validateMargins('a4', 'portrait', { ...OFFICIAL.margins, bottom: Number.NaN }).bottom).toBe(
      '请输入下边距（毫米）',
    );
    // A5 is 148 mm wide: 70 + 60 leave 18 mm.
    const narrow = validateMargins('a5', 'portrait', { top: 20, bottom: 20, left: 70, right: 60 });
    expect(Object.keys(narrow).sort()).toEqual(['left', 'right']);
    expect(narrow.left).toContain('正文宽度只剩 18 毫米');
    // Landscape A5 is 148 mm tall.
    const short = validateMargins('a5', 'landscape', { top: 70, bottom: 60, left: 20, right: 20 });
    expect(Object.keys(short).sort()).toEqual(['bottom', 'top']);
  });

  it('makes a stored setup safe: unknown papers are A4, impossible margins the default ones', () => {
    expect(normalizePageSetup(null)).toBe(DEFAULT_PAGE_SETUP);
    expect(normalizePageSetup({ paper: 'a0', orientation: 'sideways', margins: OFFICIAL.margins })).toEqual(
      OFFICIAL,
    );
    expect(
      normalizePageSetup({ paper: 'a5', margins: { top: 99, bottom: 99, left: 0, right: 0 } }).margins,
    ).toEqual(DEFAULT_PAGE_SETUP.margins);
  });

  it('is kept in the root’s node state, and read from there', () => {
    const state = withPageSetup(editorState([paragraphNode([textNode('文')])]), OFFICIAL);
    expect((state.root as unknown as JsonNode).$?.wxPageSetup).toEqual(OFFICIAL);
    expect(pageSetupOf(state)).toEqual(OFFICIAL);
    expect(pageSetupOf(editorState([]))).toEqual(DEFAULT_PAGE_SETUP);
    // The editor parses it back as it is.
    const checked = checkedEditorState(state) as unknown as SerializedEditorState;
    expect(pageSetupOf(checked)).toEqual(OFFICIAL);
  });
});

describe('the page setup travels', () => {
  it('in a .lexdoc file', () => {
    const text = documentToLexdoc({ title: '公文', editorState: withPageSetup(twoPages(), OFFICIAL) });
    const back = lexdocToDocument(text).editorState;
    expect(pageSetupOf(back)).toEqual(OFFICIAL);
    expect(types(back)).toEqual(['paragraph', 'pagebreak', 'paragraph']);
  });

  it('in DOCX: w:pgSz and w:pgMar in twips, read back', async () => {
    const setup: PageSetup = {
      paper: 'b5',
      orientation: 'landscape',
      margins: { top: 20, bottom: 15, left: 30.5, right: 12.7 },
    };
    const bytes = await documentToDocx({ editorState: withPageSetup(twoPages(), setup), title: '页面' });
    const xml = new TextDecoder().decode(unzipSync(bytes)['word/document.xml']);
    expect(xml).toMatch(/<w:pgSz w:w="14173" w:h="9978" w:orient="landscape"\/>/);
    expect(xml).toMatch(/<w:pgMar w:top="1134"[^>]*w:right="720"[^>]*w:bottom="850"[^>]*w:left="1729"/);
    const back = (await docxToDocument(bytes)).editorState;
    expect(pageSetupOf(back)).toEqual(setup);
  });

  it('from a Word file’s section, whatever its paper: Letter, a size of no list (A4 then), odd margins', () => {
    const doc = (sectPr: string) =>
      `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/>${sectPr}</w:body></w:document>`;
    expect(
      pageSetupFromDocumentXml(
        doc(
          '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800"/></w:sectPr>',
        ),
      ),
    ).toEqual({
      paper: 'letter',
      orientation: 'portrait',
      margins: { top: 25.4, bottom: 25.4, left: 31.8, right: 31.8 },
    });
    expect(
      pageSetupFromDocumentXml(doc('<w:sectPr><w:pgSz w:w="20000" w:h="10000"/></w:sectPr>'))?.orientation,
    ).toBe('landscape');
    // Margins leaving no text: the default ones.
    expect(
      pageSetupFromDocumentXml(
        doc('<w:sectPr><w:pgMar w:top="9000" w:bottom="9000" w:left="0" w:right="0"/></w:sectPr>'),
      )?.margins,
    ).toEqual(DEFAULT_PAGE_SETUP.margins);
    expect(pageSetupFromDocumentXml(doc(''))).toBeNull();
    expect(pageSetupFromDocumentXml('<not xml')).toBeNull();
  });
});

describe('分页符 and 段前分页', () => {
  it('are Word’s page break and w:pageBreakBefore in DOCX, read back as such', async () => {
    const state = editorState([...rootChildren(twoPages()), breakBefore('新的一章')]);
    const bytes = await documentToDocx({ editorState: state, title: '分页' });
    const xml = new TextDecoder().decode(unzipSync(bytes)['word/document.xml']);
    expect(xml).toContain('<w:br w:type="page"/>');
    expect(xml).toContain('<w:pageBreakBefore/>');
    const back = (await docxToDocument(bytes)).editorState;
    expect(types(back)).toEqual(['paragraph', 'pagebreak', 'paragraph', 'paragraph']);
    expect((rootChildren(back)[3] as JsonNode).$?.wxBlockStyle).toContain('break-before: page');
    expect(() => checkedEditorState(back)).not.toThrow();
  });

  it('splits a Word paragraph at a page break inside it', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>前</w:t></w:r><w:r><w:br w:type="page"/><w:t>后</w:t></w:r></w:p></w:body></w:document>`;
    const original = unzipSync(await documentToDocx({ editorState: editorState([]), title: 'x' }));
    const { zipSync } = await import('fflate');
    const bytes = zipSync({ ...original, 'word/document.xml': new TextEncoder().encode(xml) });
    const back = (await docxToDocument(bytes)).editorState;
    expect(types(back)).toEqual(['paragraph', 'pagebreak', 'paragraph']);
    expect(rootChildren(back).map((n: JsonNode) => (n.children?.[0] as JsonNode | undefined)?.text)).toEqual([
      '前',
      undefined,
      '后',
    ]);
  });

  it('is an empty page-break div in Markdown, read back as a break', () => {
    const markdown = documentToMarkdown({ editorState: twoPages() });
    expect(markdown).toBe(`第一页的文字\n\n${MARKDOWN_PAGE_BREAK}\n\n第二页的文字\n`);
    const back = markdownToDocument(markdown).editorState;
    expect(types(back)).toEqual(['paragraph', 'pagebreak', 'paragraph']);
    expect(() => checkedEditorState(back)).not.toThrow();
    expect(types(markdownToDocument('甲\n\n<!-- pagebreak -->\n\n乙\n').editorState)).toEqual([
      'paragraph',
      'pagebreak',
      'paragraph',
    ]);
    // Other HTML stays text.
    expect(types(markdownToDocument('<div style="color: red"></div>\n').editorState)).toEqual(['paragraph']);
  });
});

describe('the PDF', { timeout: 90_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wx-pages-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  const save = (pdf: Uint8Array) => {
    const file = path.join(dir, `${++count}.pdf`);
    writeFileSync(file, pdf);
    return file;
  };
  const info = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pageText = (file: string, page: number) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, '');

  it('has the document’s paper, and breaks the page at a page break and before a 段前分页 paragraph', async () => {
    const state = withPageSetup(editorState([...rootChildren(twoPages()), breakBefore('第三页的文字')]), {
      paper: 'a5',
      orientation: 'landscape',
      margins: OFFICIAL.margins,
    });
    const file = save(await exportPdf(state, { fonts: nodePdfFonts() }));
    expect(info(file)).toMatch(/Pages:\s+3\n/);
    // A5 landscape: 210 × 148 mm.
    expect(info(file)).toMatch(/Page size:\s+595\.28 x 419\.53 pts/);
    expect(pageText(file, 1)).toContain('第一页的文字');
    expect(pageText(file, 1)).not.toContain('第二页');
    expect(pageText(file, 2)).toContain('第二页的文字');
    expect(pageText(file, 3)).toContain('第三页的文字');
  });

  it('starts its text at the top and left margins', async () => {
    const file = save(await exportPdf(withPageSetup(twoPages(), OFFICIAL), { fonts: nodePdfFonts() }));
    const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)"/.exec(html);
    expect(Number(word?.[1])).toBeCloseTo(mmToPt(28), 0);
    // The first line's box starts at the top margin (its half-leading above the glyphs).
    expect(Number(word?.[2])).toBeGreaterThanOrEqual(mmToPt(37) - 1);
    expect(Number(word?.[2])).toBeLessThan(mmToPt(37) + 16);
  });
});
