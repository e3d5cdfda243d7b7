/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { SerializedEditorState } from 'lexical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_PRESETS } from '../../styles/presets';
import { exportPdf, PdfExportError, type PdfExportOptions } from './exportPdf';
import { NO_LINE_START } from './lineBreaking';
import { nodePdfFonts } from './nodeFonts';

/*
 * The exported file is read back with Debian's poppler-utils (pdftotext, pdffonts, pdfinfo), as a reader's
 * PDF viewer would: the text must come out as the document's, in a subset font that is embedded.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'wx-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'These tests read PDFs with pdftotext: install Debian’s poppler-utils (apt-get install poppler-utils).',
    );
  }
});

let fileCount = 0;
function save(pdf: Uint8Array): string {
  const file = path.join(dir, `${++fileCount}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const pdftotext = (file: string) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
const pdfinfo = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });
const pdffonts = (file: string) => execFileSync('pdffonts', [file], { encoding: 'utf8' });
const pageCount = (file: string) => Number(/Pages:\s+(\d+)/.exec(pdfinfo(file))?.[1]);

/** The extracted text without the page numbers and without white space (line ends fall anywhere). */
function bodyText(file: string): string {
  return pdftotext(file)
    .split('\n')
    .filter((line) => !/^第 \d+ 页，共 \d+ 页$/.test(line.trim()))
    .join('')
    .replace(/[\s\f]+/g, '');
}

const text = (t: string, format = 0, style = '') => ({
  type: 'text',
  version: 1,
  text: t,
  format,
  style,
  mode: 'normal',
  detail: 0,
});
const block = { direction: null, format: '', indent: 0, version: 1 };
const para = (children: unknown[], extra: Record<string, unknown> = {}) => ({
  ...block,
  type: 'paragraph',
  textFormat: 0,
  textStyle: '',
  children,
  ...extra,
});
const heading = (tag: string, t: string) => ({ ...block, type: 'heading', tag, children: [text(t)] });
const listItem = (t: string, value: number) => ({ ...block, type: 'listitem', value, children: [text(t)] });
const cell = (t: string, header: boolean) => ({
  ...block,
  type: 'tablecell',
  headerState: header ? 1 : 0,
  colSpan: 1,
  rowSpan: 1,
  backgroundColor: null,
  children: [para([text(t)])],
});
const stateOf = (children: unknown[]) =>
  ({ root: { ...block, type: 'root', children } }) as unknown as SerializedEditorState;

// A valid 1 × 1 PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const fonts = nodePdfFonts();

// Exporting parses two 10 MB fonts: slow on a loaded two-core CI machine, so the tests get time.
describe('exportPdf', { timeout: 60_000 }, () => {
  it('writes every kind of block, and the PDF’s text is the document’s', async () => {
    const state = stateOf([
      heading('h1', '第一章 总则'),
      para([
        text('正文有'),
        text('加粗', 1),
        text('、'),
        text('斜体', 2),
        text('和'),
        text('下划线', 8),
        text('，也有 inline code', 16),
        text('。'),
      ]),
      para([text('首行缩进两个字的段落。')], { $: { wxBlockStyle: 'text-indent: 2em;' } }),
      heading('h2', '1.1 列表'),
      {
        ...block,
        type: 'list',
        listType: 'number',
        start: 1,
        tag: 'ol',
        children: [listItem('第一项', 1), listItem('第二项', 2)],
      },
      { ...block, type: 'list', listType: 'bullet', start: 1, tag: 'ul', children: [listItem('要点', 1)] },
      {
        ...block,
        type: 'table',
        children: [
          { ...block, type: 'tablerow', children: ['指标', '本季度'].map((t) => cell(t, true)) },
          { ...block, type: 'tablerow', children: ['活跃用户', '12,400'].map((t) => cell(t, false)) },
        ],
      },
      {
        ...block,
        type: 'code',
        language: 'javascript',
        children: [
          text('const total = 1; // 合计'),
          { type: 'linebreak', version: 1 },
          text('return total;'),
        ],
      },
      para([text('图片如下'), { type: 'image', version: 1, src: PNG, altText: '示意图.png', width: 120 }]),
      para([
        text('这里有一个脚注'),
        { type: 'footnote', version: 1, id: 'fn-1', text: '脚注的内容。' },
        text('，还有'),
        { ...block, type: 'link', url: 'https://example.com/', children: [text('一个链接')] },
        text('。'),
      ]),
      { ...block, type: 'quote', children: [text('引用的一段话。')] },
    ]);
    const file = save(await exportPdf(state, { fonts, title: '季度报告' }));
    expect(bodyText(file)).toBe(
      [
        '第一章总则',
        '正文有加粗、斜体和下划线，也有inlinecode。',
        '首行缩进两个字的段落。',
        '1.1列表',
        '1.第一项2.第二项•要点',
        '指标本季度活跃用户12,400',
        'consttotal=1;//合计returntotal;',
        '图片如下',
        '这里有一个脚注①，还有一个链接。',
        '引用的一段话。',
        '①脚注的内容。',
      ].join(''),
    );
    expect(pdfinfo(file)).toMatch(/Title:\s+季度报告/);
    // A4 in points.
    expect(pdfinfo(file)).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(pdftotext(file)).toContain('第 1 页，共 1 页');
  });

  it('embeds only a subset of Noto Sans SC, with a Unicode map so the text can be selected', async () => {
    const pdf = await exportPdf(stateOf([heading('h1', '标题'), para([text('正文')])]), { fonts });
    const file = save(pdf);
    const rows = pdffonts(file)
      .split('\n')
      .filter((line) => line.includes('NotoSansSC'));
    expect(rows.map((row) => /\+(NotoSansSC-\w+)/.exec(row)?.[1]).sort()).toEqual([
      'NotoSansSC-Bold',
      'NotoSansSC-Regular',
    ]);
    for (const row of rows) expect(row).toMatch(/yes\s+yes\s+yes/); // embedded, subset, Unicode map
    // Subsets of two 10 MB fonts: a few kilobytes.
    expect(pdf.length).toBeLessThan(50_000);
  });

  it('never starts a line with closing Chinese punctuation, even right after bold text', async () => {
    const sentence = [
      text('春江潮水连海平'),
      text('海上明月', 1),
      text('，共潮生。「引号」（括号）；冒号：问号？叹号！顿号、'),
    ];
    const paragraphs = Array.from({ length: 40 }, (_, i) =>
      para([text('字'.repeat(i % 37)), ...sentence, ...sentence, ...sentence]),
    );
    const file = save(await exportPdf(stateOf(paragraphs), { fonts }));
    const lines = pdftotext(file)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines.length).toBeGreaterThan(100);
    const offending = lines.filter((line) => NO_LINE_START.has(Array.from(line)[0] as string));
    expect(offending).toEqual([]);
    // …and no line ends with opening punctuation.
    expect(lines.filter((line) => /[「（《『]$/.test(line))).toEqual([]);
  });

  it('keeps a 10-page Chinese document with thousands of different characters under 2 MB', async () => {
    // 3,755 characters of GB 2312's first level, in a fixed pseudo-random order: far more distinct
    // characters than a real 10-page document has, so the subset is as large as it gets.
    const decoder = new TextDecoder('gb18030');
    const chars: string[] = [];
    for (let hi = 0xb0; hi <= 0xd7; hi++)
      for (let lo = 0xa1; lo <= 0xfe; lo++) {
        const c = decoder.decode(new Uint8Array([hi, lo]));
        if (/\p{Script=Han}/u.test(c)) chars.push(c);
      }
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    const blocks: unknown[] = [];
    let body = '';
    for (let p = 0; p < 10; p++) {
      blocks.push(heading('h2', `第 ${p + 1} 节 报告正文`));
      for (let q = 0; q < 5; q++) {
        let s = '';
        for (let i = 0; i < 200; i++) s += chars[next() % chars.length] + (i % 17 === 16 ? '，' : '');
        s += '。';
        body += s;
        blocks.push(para([text(s.slice(0, 30), 1), text(s.slice(30))]));
      }
    }
    const distinct = new Set(Array.from(body)).size;
    expect(distinct).toBeGreaterThan(3000);
    const pdf = await exportPdf(stateOf(blocks), { fonts });
    const file = save(pdf);
    expect(pageCount(file)).toBeGreaterThanOrEqual(10);
    expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
    expect(bodyText(file)).toContain(body.slice(0, 500).replace(/\s/g, ''));
  });

  it('shows a picture it cannot embed as its description, and still writes the file', async () => {
    const broken =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKElEQVR4nGNkYPj/n4EBCzA0NTL8/8+ABRgZGBgY/v9nYGBgYGBgAAAvHgX+EE5XKgAAAABJRU5ErkJggg==';
    const state = stateOf([
      para([{ type: 'image', version: 1, src: broken, altText: '损坏的图.png' }]),
      para([{ type: 'image', version: 1, src: 'https://example.com/a.gif', altText: '远程图.gif' }]),
    ]);
    const file = save(await exportPdf(state, { fonts }));
    expect(bodyText(file)).toBe('［图片］损坏的图.png［图片］远程图.gif');
  });

  it('shows a picture that claims a huge canvas by its description, without unpacking its pixels', async () => {
    // 410 KB of zeros that unpack to a 12,000 × 12,000 RGB canvas (432 MB): before the limit, the export
    // decoded it and took over a gigabyte of memory outside the heap.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(12_000, 0);
    header.writeUInt32BE(12_000, 4);
    header[8] = 8;
    header[9] = 2;
    const chunk = (type: string, data: Buffer) => {
      const out = Buffer.alloc(12 + data.length);
      out.writeUInt32BE(data.length, 0);
      out.write(type, 4, 'latin1');
      data.copy(out, 8);
      out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
      return out;
    };
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(12_000 * (1 + 12_000 * 3)), { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const state = stateOf([
      para([
        {
          type: 'image',
          version: 1,
          src: `data:image/png;base64,${bomb.toString('base64')}`,
          altText: '巨图.png',
        },
      ]),
      para([{ type: 'image', version: 1, src: PNG, altText: '小图.png' }]),
    ]);
    const file = save(await exportPdf(state, { fonts }));
    expect(bodyText(file)).toBe('［图片］巨图.png');
    // The small picture alone is in the file (its alpha as a second, soft-mask image).
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2);
    expect(images.map((row) => row.trim().split(/\s+/).slice(2, 5))).toEqual([
      ['image', '1', '1'],
      ['smask', '1', '1'],
    ]);
    expect(images.join('\n')).not.toContain('12000');
  });

  it('numbers its pages and breaks a long document across them', async () => {
    const paragraphs = Array.from({ length: 120 }, (_, i) =>
      para([text(`第 ${i + 1} 段：${'内容'.repeat(60)}`)]),
    );
    const file = save(await exportPdf(stateOf(paragraphs), { fonts }));
    const pages = pageCount(file);
    expect(pages).toBeGreaterThan(3);
    const all = pdftotext(file);
    for (let p = 1; p <= pages; p++) expect(all).toContain(`第 ${p} 页，共 ${pages} 页`);
    expect(bodyText(file)).toContain('第120段：');
  });

  it('repeats a long table’s header row at the top of each page it continues on', async () => {
    const rows = [
      { ...block, type: 'tablerow', children: ['序号', '指标名称'].map((t) => cell(t, true)) },
      ...Array.from({ length: 80 }, (_, i) => ({
        ...block,
        type: 'tablerow',
        children: [`${i + 1}`, `第${i + 1}行数据`].map((t) => cell(t, false)),
      })),
    ];
    const file = save(await exportPdf(stateOf([{ ...block, type: 'table', children: rows }]), { fonts }));
    const pages = pageCount(file);
    expect(pages).toBeGreaterThan(1);
    for (let p = 1; p <= pages; p++) {
      const page = execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(p), '-l', String(p), file, '-'], {
        encoding: 'utf8',
      });
      expect(page.trim().startsWith('序号'), `page ${p}`).toBe(true);
    }
    // Every row is there once.
    const all = bodyText(file);
    for (let i = 1; i <= 80; i++) expect(all.split(`第${i}行数据`).length - 1).toBe(1);
  });

  it('says in Chinese when the content is not a document', async () => {
    await expect(exportPdf({} as SerializedEditorState, { fonts })).rejects.toThrow(
      new PdfExportError('文档内容为空或格式错误'),
    );
  });

  it('says in Chinese when the font cannot be loaded', async () => {
    const failing = { load: () => Promise.reject(new Error('404')) };
    await expect(exportPdf(stateOf([para([text('正文')])]), { fonts: failing })).rejects.toThrow(
      /字体未能加载/,
    );
  });
});

/** The words pdftotext finds on the first page, with their boxes (points from the page's top left). */
function wordBoxes(
  file: string,
): Array<{ text: string; xMin: number; xMax: number; yMin: number; yMax: number }> {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  });
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: m[5] as string,
  }));
}

describe('exportPdf with the document’s style presets and alignment', { timeout: 60_000 }, () => {
  const RIGHT = 595.28 - 90;
  const long =
    '中文排版讲究版心整齐，两端对齐时每一行的左右边缘都应落在版心的边界上，只有段落的最后一行例外。'.repeat(
      2,
    );

  it('justifies every line but the last, and distributes a short line over the whole width', async () => {
    const state = stateOf([
      para([text(long)], { format: 'justify' }),
      para([text(long)]),
      para([text('分散对齐')], { format: 'justify', $: { wxBlockStyle: 'text-align-last: justify;' } }),
    ]);
    const file = save(await exportPdf(state, { fonts }));
    expect(bodyText(file)).toContain(long.replace(/\s/g, ''));
    const words = wordBoxes(file);
    const lines = words.filter((w) => w.text.length > 5);
    // The justified paragraph's first line ends at the right margin; the left-aligned one's falls short.
    const justified = lines[0];
    const ragged = lines.find((w, i) => i > 0 && w.yMin > (justified?.yMin ?? 0) + 60);
    expect(justified?.xMax).toBeGreaterThan(RIGHT - 1.5);
    expect(ragged?.xMax).toBeLessThan(RIGHT - 3);
    // 分散对齐: its four characters spread from margin to margin.
    const spread = words.filter((w) => '分散对齐'.includes(w.text));
    expect(Math.min(...spread.map((w) => w.xMin))).toBeLessThan(91);
    expect(Math.max(...spread.map((w) => w.xMax))).toBeGreaterThan(RIGHT - 1.5);
  });

  it('writes body text in the paragraph preset’s size, indent and line height', async () => {
    const styles = {
      paragraph: {
        bold: false,
        italic: false,
        underline: false,
        strike: false,
        fontFamily: '',
        fontSizePx: 24,
        color: '#c00000',
        highlight: '',
        lineHeightAdv: { kind: 'multiple', value: 2 },
        specialIndent: { kind: 'firstLine', value: 2, unit: 'char' },
      },
    } as unknown as PdfExportOptions['styles'];
    const state = stateOf([para([text(long)])]);
    const plain = wordBoxes(save(await exportPdf(state, { fonts })));
    const styled = wordBoxes(save(await exportPdf(state, { fonts, styles })));
    const first = (words: typeof plain) => words.find((w) => w.text.length > 3);
    // 18 pt text (24 px) instead of 12 pt, starting two characters (36 pt) in.
    expect((first(styled)?.yMax ?? 0) - (first(styled)?.yMin ?? 0)).toBeGreaterThan(
      1.4 * ((first(plain)?.yMax ?? 0) - (first(plain)?.yMin ?? 0)),
    );
    expect(first(styled)?.xMin).toBeCloseTo(90 + 36, 0);
    expect(first(plain)?.xMin).toBeCloseTo(90, 0);
    // Line height 2: the second line is 36 pt below the first.
    const lines = styled.filter((w) => w.text.length > 3);
    expect((lines[1]?.yMin ?? 0) - (lines[0]?.yMin ?? 0)).toBeCloseTo(36, 0);
  });

  it('writes a list item at its own line spacing (行距 2.0: lines 24 pt apart at 12 pt)', async () => {
    const list = (style: string) =>
      stateOf([
        {
          ...block,
          type: 'list',
          listType: 'bullet',
          start: 1,
          tag: 'ul',
          children: [{ ...listItem(long, 1), ...(style ? { $: { wxBlockStyle: style } } : {}) }],
        },
      ]);
    const gap = async (style: string) => {
      const lines = wordBoxes(save(await exportPdf(list(style), { fonts }))).filter((w) => w.text.length > 3);
      return (lines[1]?.yMin ?? 0) - (lines[0]?.yMin ?? 0);
    };
    expect(await gap('line-height: 2;')).toBeCloseTo(24, 0);
    expect(await gap('')).toBeLessThan(22);
  });
});

/** The embedded faces pdffonts lists, by PostScript name without the subset tag, and whether each is an embedded subset with a Unicode map. */
function embeddedFaces(file: string): Map<string, boolean> {
  const faces = new Map<string, boolean>();
  for (const row of pdffonts(file).split('\n')) {
    const name = /^[A-Z]{6}\+(\S+)/.exec(row)?.[1];
    if (name) faces.set(name, /yes\s+yes\s+yes/.test(row));
  }
  return faces;
}

describe('exportPdf sets each Chinese family in its own face', { timeout: 60_000 }, () => {
  const family = (css: string) => `font-family: ${css};`;
  const SONG = family(
    '"SimSun", "宋体", "Songti SC", "STSong", "Noto Serif SC", "Source Han Serif SC", serif',
  );
  const HEI = family(
    '"SimHei", "黑体", "Heiti SC", "STHeiti", "Noto Sans SC", "Source Han Sans SC", sans-serif',
  );
  const KAI = family('"KaiTi", "楷体", "KaiTi_GB2312", "Kaiti SC", "STKaiti", "LXGW WenKai", serif');
  const FANG = family('"FangSong", "仿宋", "FangSong_GB2312", "STFangsong", serif');
  const sentence = '各级人民政府要坚持人民至上、生命至上，统筹发展和安全，切实把安全生产各项措施落到实处。';

  it('writes 宋体, 黑体, 楷体 and 仿宋 and their bold in seven distinct embedded subsets, and the text reads back', async () => {
    const state = stateOf([
      para([text(`宋体${sentence}`, 0, SONG), text('宋体加粗', 1, SONG)]),
      para([text(`黑体${sentence}`, 0, HEI), text('黑体加粗', 1, HEI)]),
      para([text(`楷体${sentence}`, 0, KAI), text('楷体加粗', 1, KAI)]),
      para([text(`仿宋${sentence}`, 0, FANG), text('仿宋加粗', 1, FANG)]),
    ]);
    const file = save(await exportPdf(state, { fonts }));
    const faces = embeddedFaces(file);
    expect([...faces.keys()].sort()).toEqual([
      'LXGWWenKai-Bold',
      'LXGWWenKai-Light',
      'LXGWWenKai-Regular',
      'NotoSansSC-Bold',
      'NotoSansSC-Regular',
      'NotoSerifSC-Bold',
      'NotoSerifSC-Regular',
    ]);
    for (const [name, ok] of faces) expect(ok, `${name} embedded as a subset with a Unicode map`).toBe(true);
    const body = bodyText(file);
    for (const name of ['宋体', '黑体', '楷体', '仿宋'])
      expect(body).toContain(`${name}${sentence}${name}加粗`.replace(/\s/g, ''));
  });

  it('justifies lines in every face to the same right edge, and leaves a left-aligned one ragged', async () => {
    const long = sentence.repeat(3);
    const RIGHT = 595.28 - 90;
    for (const css of [SONG, HEI, KAI, FANG]) {
      // The same text justified, then left-aligned: both break into the same lines.
      const state = stateOf([para([text(long, 0, css)], { format: 'justify' }), para([text(long, 0, css)])]);
      // pdftotext gives each line as one word: the lines' x-extents, top to bottom.
      const lines = wordBoxes(save(await exportPdf(state, { fonts })))
        .filter((w) => w.text.length > 8)
        .sort((a, b) => a.yMin - b.yMin);
      expect(lines.length % 2, css).toBe(0);
      expect(lines.length).toBeGreaterThanOrEqual(6);
      const justified = lines.slice(0, lines.length / 2 - 1);
      const ragged = lines.slice(lines.length / 2, -1);
      for (const line of [...justified, ...ragged]) expect(line.xMin).toBeCloseTo(90, 0);
      // Justified: every line but the last spans the measure, left and right edges alike.
      for (const line of justified) expect(line.xMax, css).toBeGreaterThan(RIGHT - 1.5);
      // Left-aligned: the lines stop where their characters end, short of the margin.
      expect(Math.min(...ragged.map((line) => RIGHT - line.xMax)), css).toBeGreaterThan(0.5);
    }
  });

  it('sets headings in their preset’s family and weight: bold only when the preset or the run is bold', async () => {
    const styles = {
      ...DEFAULT_STYLE_PRESETS,
      h1: { ...DEFAULT_STYLE_PRESETS.h1, fontFamily: 'kaiti', bold: false },
      h2: { ...DEFAULT_STYLE_PRESETS.h2, fontFamily: 'songti', bold: true },
      paragraph: { ...DEFAULT_STYLE_PRESETS.paragraph, fontFamily: 'fangsong' },
    };
    const state = stateOf([
      heading('h1', '一、总体要求'),
      heading('h2', '（一）工作目标'),
      para([text(sentence)]),
    ]);
    const faces = embeddedFaces(save(await exportPdf(state, { fonts, styles })));
    expect([...faces.keys()].sort()).toEqual(['LXGWWenKai-Light', 'LXGWWenKai-Regular', 'NotoSerifSC-Bold']);
  });
});

describe('exportPdf with 段前 / 段后', { timeout: 60_000 }, () => {
  const spaced = (first: string, second: string) =>
    stateOf([
      para([text('第一段落开头')], first ? { $: { wxBlockStyle: first } } : {}),
      para([text('第二段落开头')], second ? { $: { wxBlockStyle: second } } : {}),
    ]);
  const topsOf = async (first: string, second: string) => {
    const words = wordBoxes(save(await exportPdf(spaced(first, second), { fonts })));
    const top = (t: string) => words.find((w) => w.text.includes(t))?.yMin ?? Number.NaN;
    return { first: top('第一段落'), second: top('第二段落') };
  };

  it('starts a paragraph with 段前 24 pt lower, the document’s first one too (as the page view does)', async () => {
    const plain = await topsOf('', '');
    const before = await topsOf('margin-block-start: 24pt;', 'margin-block-start: 24pt;');
    // 24 pt in place of the 7.2 pt (0.6 em) the paragraph above leaves below it by default.
    expect(before.second - before.first - (plain.second - plain.first)).toBeCloseTo(16.8, 0);
    expect(before.first - plain.first).toBeCloseTo(24, 0);
  });

  it('leaves 段后 in lines below a paragraph: one line of its own height', async () => {
    const plain = await topsOf('line-height: 2;', '');
    const after = await topsOf('line-height: 2; margin-block-end: 1lh;', '');
    // 12 pt body text at line height 2: one line is 24 pt, in place of the default 0.6 em (7.2 pt).
    expect(after.second - plain.second).toBeCloseTo(16.8, 0);
  });
});
