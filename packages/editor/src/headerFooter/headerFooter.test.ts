import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentToDocx } from '../convert/docxExport';
import { docxToDocument } from '../convert/docxImport';
import { editorState, type JsonNode, paragraphNode, textNode } from '../convert/nodes';
import { parseWordXml } from '../convert/wordXml';
import { exportPdf } from '../files/pdf/exportPdf';
import { nodePdfFonts } from '../files/pdf/nodeFonts';
import { PAGE_BREAK_TYPE } from '../pages/pageBreakType';
import { bandLinesOf, bandOfLines } from './headerFooterDocx';
import {
  DEFAULT_HEADER_FOOTER,
  fillSlot,
  type HeaderFooter,
  headerFooterOf,
  NO_HEADER_FOOTER,
  normalizeHeaderFooter,
  SLOT_MAX_CHARS,
  withHeaderFooter,
  withoutPageNumbers,
  withPageNumber,
} from './model';
import { printBandsStylesheet } from './printBands';

/** A report's bands: a title at the header's left, 公文's dashes in the footer, none on the cover, from 3. */
const REPORT: HeaderFooter = {
  ...DEFAULT_HEADER_FOOTER,
  header: { left: '万象年度报告', center: '', right: '内部资料' },
  footer: { left: '', center: '第 {页码} 页，共 {总页数} 页', right: '' },
  differentFirst: true,
  firstHeader: { left: '', center: '', right: '' },
  firstFooter: { left: '', center: '', right: '' },
  startAt: 3,
};

const pageBreak = (): JsonNode => ({ type: PAGE_BREAK_TYPE, version: 1 });

/** Three pages: a cover, then two pages of text, split by page breaks. */
function threePages(setting: HeaderFooter) {
  const state = editorState([
    paragraphNode([textNode('封面')]),
    pageBreak(),
    paragraphNode([textNode('第二页的正文')]),
    pageBreak(),
    paragraphNode([textNode('第三页的正文')]),
  ]);
  return withHeaderFooter(state, setting);
}

describe('页眉和页脚: the setting', () => {
  it('fills the page number from the start number and the page count', () => {
    expect(fillSlot('第 {页码} 页，共 {总页数} 页', REPORT, 0, 12)).toBe('第 3 页，共 12 页');
    expect(fillSlot('- {页码} -', { ...REPORT, startAt: 1 }, 4, 12)).toBe('- 5 -');
    expect(fillSlot('无字段', REPORT, 4, 12)).toBe('无字段');
  });

  it('bounds what it keeps: one line a place, 200 characters, a start number of 0–9999', () => {
    const setting = normalizeHeaderFooter({
      header: { left: `一\n二${'长'.repeat(400)}`, center: 7, right: null },
      startAt: 123456,
    });
    expect(setting.header.left.startsWith('一 二')).toBe(true);
    expect([...setting.header.left]).toHaveLength(SLOT_MAX_CHARS);
    expect(setting.header.center).toBe('');
    expect(setting.startAt).toBe(9999);
    expect(normalizeHeaderFooter('nonsense')).toEqual(DEFAULT_HEADER_FOOTER);
  });

  it('puts a page number where the user chose, without one on the cover, and takes every number away', () => {
    const numbered = withPageNumber(NO_HEADER_FOOTER, { band: 'footer', slot: 'right' }, 'official', {
      startAt: 1,
      skipFirst: true,
    });
    expect(numbered.footer.right).toBe('— {页码} —');
    expect(numbered.differentFirst).toBe(true);
    expect(numbered.firstFooter.right).toBe('');
    const header = { ...numbered, header: { left: '报告', center: '', right: '{页码}/{总页数}' } };
    expect(withoutPageNumbers(header).header).toEqual({ left: '报告', center: '', right: '' });
    expect(withoutPageNumbers(header).footer.right).toBe('');
  });

  it('prints through the page margin boxes, counting from the start number, the cover apart', () => {
    const css = printBandsStylesheet(REPORT, 'serif');
    expect(css).toContain('@top-left { content: "万象年度报告";');
    expect(css).toContain('@bottom-center { content: "第 " counter(page) " 页，共 " counter(pages) " 页";');
    expect(css).toMatch(
      /@page :first \{[\s\S]*@bottom-center \{ content: none;[\s\S]*counter-increment: page 3;/,
    );
    // A quote in the text cannot end the css string.
    expect(
      printBandsStylesheet({ ...REPORT, header: { ...REPORT.header, left: 'a"b\\' } }, 'serif'),
    ).toContain('content: "a\\"b\\\\"');
  });
});

describe('页眉和页脚 in DOCX', () => {
  it('writes Word headers and footers with PAGE and NUMPAGES fields, a first page of its own, and reads them back', async () => {
    const bytes = await documentToDocx({ editorState: threePages(REPORT), title: '报告' });
    const files = unzipSync(bytes);
    const body = strFromU8(files['word/document.xml'] as Uint8Array);
    expect(body).toMatch(/<w:titlePg\/>/);
    expect(body).toMatch(/<w:pgNumType w:start="3"/);
    const footers = Object.keys(files).filter((name) => /^word\/footer\d+\.xml$/.test(name));
    const footerXml = footers.map((name) => strFromU8(files[name] as Uint8Array)).join('');
    expect(footerXml).toMatch(/PAGE/);
    expect(footerXml).toMatch(/NUMPAGES/);
    const back = await docxToDocument(bytes);
    expect(headerFooterOf(back.editorState)).toEqual(REPORT);
  });

  it('a file without headers or footers comes in without them (no page number is added)', async () => {
    const bytes = await documentToDocx({
      editorState: withHeaderFooter(editorState([paragraphNode([textNode('正文')])]), NO_HEADER_FOOTER),
      title: '无页脚',
    });
    expect(Object.keys(unzipSync(bytes)).some((name) => /footer\d+\.xml$/.test(name))).toBe(false);
    expect(headerFooterOf((await docxToDocument(bytes)).editorState)).toEqual(NO_HEADER_FOOTER);
  });

  it('reads Word’s own shapes: a page number in a content control, centred by the paragraph, complex fields', () => {
    const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
    const footer = parseWordXml(
      `<w:ftr xmlns:w="${w}"><w:sdt><w:sdtContent><w:p><w:pPr><w:jc w:val="center"/></w:pPr>` +
        '<w:r><w:t xml:space="preserve">第 </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
        '<w:r><w:instrText> PAGE \\* MERGEFORMAT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
        '<w:r><w:t>7</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve"> 页，共 </w:t></w:r>' +
        '<w:fldSimple w:instr=" NUMPAGES "><w:r><w:t>9</w:t></w:r></w:fldSimple><w:r><w:t xml:space="preserve"> 页</w:t></w:r>' +
        '</w:p></w:sdtContent></w:sdt></w:ftr>',
    );
    expect(bandOfLines(bandLinesOf(footer))).toEqual({
      left: '',
      center: '第 {页码} 页，共 {总页数} 页',
      right: '',
    });
    const header = parseWordXml(
      `<w:hdr xmlns:w="${w}"><w:p><w:r><w:t>左</w:t></w:r><w:r><w:tab/></w:r><w:r><w:tab/></w:r><w:r><w:t>右</w:t></w:r></w:p></w:hdr>`,
    );
    expect(bandOfLines(bandLinesOf(header))).toEqual({ left: '左', center: '', right: '右' });
  });
});

describe('页眉和页脚 in PDF', () => {
  it('prints each page’s bands with its number, none on the cover', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wx-bands-'));
    try {
      const file = path.join(dir, 'report.pdf');
      writeFileSync(file, await exportPdf(threePages(REPORT), { fonts: nodePdfFonts() }));
      const page = (n: number) =>
        execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(n), '-l', String(n), file, '-'], {
          encoding: 'utf8',
        });
      expect(page(1)).not.toContain('万象年度报告');
      expect(page(1)).not.toMatch(/第 \d+ 页/);
      expect(page(2)).toContain('万象年度报告');
      expect(page(2)).toContain('内部资料');
      expect(page(2)).toContain('第 4 页，共 3 页');
      expect(page(3)).toContain('第 5 页，共 3 页');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/*
 * Our DOCX in LibreOffice (Debian's libreoffice-writer-nogui, installed by .ci/run): it lays the pages out
 * and fills the fields itself, so its PDF shows whether Word-compatible readers see our headers and footers.
 */
describe('页眉和页脚 in LibreOffice', () => {
  let dir = '';
  let profile = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wx-bands-lo-'));
    profile = mkdtempSync(path.join(tmpdir(), 'wx-bands-lo-profile-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  });

  it('lays out our DOCX with the header, the numbered footer and a bare cover', async () => {
    const binary = spawnSync('sh', ['-c', 'command -v soffice || command -v libreoffice'], {
      encoding: 'utf8',
    }).stdout.trim();
    if (!binary)
      throw new Error(
        'LibreOffice is not installed: apt-get install -y libreoffice-writer-nogui (.ci/run does)',
      );
    const file = path.join(dir, 'report.docx');
    writeFileSync(
      file,
      await documentToDocx({ editorState: threePages({ ...REPORT, startAt: 1 }), title: '报告' }),
    );
    execFileSync(
      binary,
      [
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        file,
      ],
      { stdio: 'pipe', timeout: 120_000 },
    );
    const pdf = path.join(dir, 'report.pdf');
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+3/);
    const page = (n: number) =>
      execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(n), '-l', String(n), pdf, '-'], {
        encoding: 'utf8',
      });
    expect(page(1)).not.toContain('万象年度报告');
    expect(page(2)).toContain('万象年度报告');
    expect(page(2)).toContain('第 2 页，共 3 页');
    expect(page(3)).toContain('第 3 页，共 3 页');
    expect(readFileSync(pdf).length).toBeGreaterThan(0);
  }, 180_000);
});
