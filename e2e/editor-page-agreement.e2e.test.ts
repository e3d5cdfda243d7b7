import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { paperOf } from './documentPage';
import { closeBrowser, openBlankDocument, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

const dir = mkdtempSync(path.join(tmpdir(), 'wx-e2e-agreement-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// ---------------------------------------------------------------------------------------------------------
// The corpus: long documents built from a seeded generator, so every run lays out the same text.

type Json = Record<string, unknown>;

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHINESE = [
  '在全面深化改革的进程中',
  '各地区各部门认真贯彻落实',
  '进一步提高工作质量和效率',
  '切实加强组织领导',
  '统筹推进各项重点任务',
  '确保政策措施落地见效',
  '坚持问题导向和目标导向',
  '建立健全长效工作机制',
  '广泛听取各方面意见建议',
  '及时总结推广经验做法',
  '文字从一页流到下一页',
  '分页的位置必须一致',
];
const LATIN = [
  'PDFKit',
  'Noto Sans CJK',
  'Lexical 0.12',
  'page view',
  'ISO 9001:2015',
  'GB/T 9704-2012',
  'API',
  'HTTP/2',
  'widow and orphan control',
  'Word 2019',
];
const PUNCT = ['，', '，', '，', '；', '、'];

/** A sentence run of about `length` characters, Chinese or Chinese mixed with Latin words. */
function prose(next: () => number, length: number, mixed: boolean): string {
  let text = '';
  while (text.length < length) {
    if (mixed && next() < 0.3) text += ` ${LATIN[Math.floor(next() * LATIN.length)]} `;
    text += CHINESE[Math.floor(next() * CHINESE.length)];
    text += PUNCT[Math.floor(next() * PUNCT.length)];
  }
  return `${text.slice(0, -1)}。`;
}

const element = (type: string, children: Json[], extra: Json = {}): Json => ({
  type,
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  ...extra,
  children,
});
const text = (value: string): Json => ({
  type: 'text',
  version: 1,
  text: value,
  format: 0,
  style: '',
  mode: 'normal',
  detail: 0,
});
const paragraph = (children: Json[]) => element('paragraph', children, { textFormat: 0, textStyle: '' });
const heading = (level: 1 | 2 | 3, value: string) => element('heading', [text(value)], { tag: `h${level}` });
const list = (kind: 'bullet' | 'number', items: string[]) =>
  element(
    'list',
    items.map((item, i) => element('listitem', [text(item)], { value: i + 1 })),
    { listType: kind, start: 1, tag: kind === 'number' ? 'ol' : 'ul' },
  );
const pageBreak = (): Json => ({ type: 'pagebreak', version: 1 });
const image = (src: string, width: number): Json =>
  paragraph([{ type: 'image', version: 1, src, altText: '示意图', width }]);
const footnote = (id: string, note: string): Json => ({ type: 'footnote', version: 1, id, text: note });
const cell = (value: string, header = false) =>
  element('tablecell', [paragraph([text(value)])], {
    headerState: header ? 1 : 0,
    colSpan: 1,
    rowSpan: 1,
    backgroundColor: null,
  });

/** A PNG of one colour, `width` × `height` pixels: a picture of known size. */
function png(width: number, height: number): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([70, 120, 180], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

interface CorpusOptions {
  seed: number;
  sections: number;
  mixed: boolean;
  images?: boolean;
  footnotes?: boolean;
  pageBreaks?: boolean;
  table?: boolean;
  pageSetup?: Json;
}

/**
 * A long document: chapters (一级标题) of sections (二级) of parts (三级), paragraphs of 20 to 500
 * characters, bulleted and numbered lists, and as asked pictures, footnotes, page breaks and a short table.
 * Every paragraph starts with its number (第n段) and ends with it (n段完。), so its first and last
 * characters are found once in the PDF's text.
 */
function corpus(options: CorpusOptions): Json {
  const next = random(options.seed);
  const blocks: Json[] = [];
  let n = 0;
  let notes = 0;
  const para = () => {
    n += 1;
    const length = 20 + Math.floor(next() ** 1.6 * 480);
    const body = prose(next, length, options.mixed);
    if (options.footnotes && next() < 0.25) {
      notes += 1;
      const cut = Math.floor(body.length / 2);
      return paragraph([
        text(`第${n}段${body.slice(0, cut)}`),
        footnote(`fn-${notes}`, `注${notes}：${prose(next, 20 + Math.floor(next() * 60), false)}`),
        text(`${body.slice(cut)}${n}段完。`),
      ]);
    }
    return paragraph([text(`第${n}段${body}${n}段完。`)]);
  };
  const items = (count: number) =>
    Array.from({ length: count }, () => {
      n += 1;
      return `条目${n}${prose(next, 10 + Math.floor(next() * 90), options.mixed)}${n}条止`;
    });
  const picture = png(480, 270);
  for (let chapter = 1; chapter <= options.sections; chapter += 1) {
    if (options.pageBreaks && chapter > 1 && chapter % 2 === 1) blocks.push(pageBreak());
    blocks.push(heading(1, `第${chapter}章 总体要求`));
    for (let section = 1; section <= 3; section += 1) {
      blocks.push(heading(2, `${chapter}.${section} 工作安排`));
      const paragraphs = 2 + Math.floor(next() * 4);
      for (let i = 0; i < paragraphs; i += 1) blocks.push(para());
      if (next() < 0.5) blocks.push(heading(3, `${chapter}.${section}.1 具体措施`));
      if (next() < 0.4)
        blocks.push(list(next() < 0.5 ? 'bullet' : 'number', items(2 + Math.floor(next() * 4))));
      blocks.push(para());
      if (options.images && (chapter * 3 + section) % 7 === 0) blocks.push(image(picture, 480));
    }
    if (options.table && chapter === 2)
      blocks.push(
        element('table', [
          element('tablerow', [cell('项目', true), cell('说明', true)]),
          element('tablerow', [cell('甲项表格'), cell('短表格不跨页')]),
          element('tablerow', [cell('乙项表格'), cell('第二行内容')]),
        ]),
      );
  }
  return {
    root: element('root', blocks, options.pageSetup ? { $: { wxPageSetup: options.pageSetup } } : {}),
  };
}

const OFFICIAL = {
  paper: 'a4',
  orientation: 'portrait',
  margins: { top: 37, bottom: 35, left: 28, right: 26 },
};

/**
 * The documents; `agrees` says the test holds the page view and the PDF to full agreement on it (all do:
 * the flag is there for a document that shows a known difference, to be measured and reported while it
 * is worked on). In 脚注 both set each footnote at the foot of its marker's page and end that page's text
 * above the notes.
 */
const CORPUS: Array<{ name: string; state: Json; agrees: boolean }> = [
  { name: '中文长文', state: corpus({ seed: 1, sections: 7, mixed: false }), agrees: true },
  { name: '中英混排', state: corpus({ seed: 2, sections: 7, mixed: true, images: true }), agrees: true },
  { name: '短表格', state: corpus({ seed: 5, sections: 4, mixed: false, table: true }), agrees: true },
  {
    name: '公文页边距',
    state: corpus({ seed: 3, sections: 6, mixed: false, pageBreaks: true, pageSetup: OFFICIAL }),
    agrees: true,
  },
  { name: '脚注', state: corpus({ seed: 4, sections: 5, mixed: true, footnotes: true }), agrees: true },
];

const lexdoc = (title: string, state: Json) =>
  JSON.stringify({
    format: 'lexdoc',
    version: 2,
    savedAt: '2026-01-01T00:00:00.000Z',
    meta: {
      title,
      docId: '',
      editor: 'lexical',
      editorVersion: '1',
      statistics: { nodeCount: 0, styledNodeCount: 0, tableCount: 0, imageCount: 0 },
    },
    content: state,
    assets: [],
  });

// ---------------------------------------------------------------------------------------------------------
// Reading the two sides.

/** What the page view shows of a top-level block: its text, and the sheets its first and last lines are on. */
interface ScreenBlock {
  tag: string;
  text: string;
  first: number;
  last: number;
}

/**
 * Each top-level block's text (white space and footnote markers left out) and the sheets (1 is the first)
 * its first and its last line of text or picture stand on (by the line's middle); and the sheets' count.
 */
const readScreen = (page: Page) =>
  page.evaluate(() => {
    const paper = document.querySelector<HTMLElement>('[data-wx-paper]') as HTMLElement;
    const style = getComputedStyle(paper);
    const padTop = Number.parseFloat(style.paddingTop);
    const padBottom = Number.parseFloat(style.paddingBottom);
    const areas = Array.from(paper.querySelectorAll<HTMLElement>('[data-wx-sheets] > div')).map((sheet) => {
      const rect = sheet.getBoundingClientRect();
      // The boxes come drawn at the page view's zoom (a desk narrower than a sheet fits it); the margins
      // are in CSS pixels at 100 %.
      const scale = sheet.offsetHeight > 0 ? rect.height / sheet.offsetHeight : 1;
      return { top: rect.top + padTop * scale, bottom: rect.bottom - padBottom * scale };
    });
    const sheetOf = (rect: DOMRect) => {
      const middle = (rect.top + rect.bottom) / 2;
      const index = areas.findIndex((area) => middle >= area.top - 1 && middle <= area.bottom + 1);
      return index < 0 ? 0 : index + 1;
    };
    const root = paper.querySelector('[data-lexical-editor]') as HTMLElement;
    const range = document.createRange();
    // A 分页符 is not printed: its label is not text of the document.
    const blocks = Array.from(root.children)
      .filter((block) => !block.matches('[data-wx-page-break]'))
      .map((block) => {
        const rects: DOMRect[] = [];
        let content = '';
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.nodeType === Node.TEXT_NODE) {
            if (!node.nodeValue?.trim() || node.parentElement?.closest('.wx-ed-footnote')) continue;
            content += node.nodeValue;
            range.selectNodeContents(node);
            for (const rect of Array.from(range.getClientRects()))
              if (rect.width > 0 && rect.height > 0) rects.push(rect);
          } else if ((node as Element).localName === 'img')
            rects.push((node as Element).getBoundingClientRect());
        }
        const first = rects[0];
        const last = rects[rects.length - 1];
        return {
          tag: block.localName + (block.querySelector('img') ? '+img' : ''),
          text: content.replace(/\s/g, ''),
          first: first ? sheetOf(first) : 0,
          last: last ? sheetOf(last) : 0,
        };
      });
    return {
      blocks,
      sheets: areas.length,
      pageView: paper.hasAttribute('data-wx-page-view'),
      // The sheets below the ones in view are laid out when the browser is idle, a few at a time.
      pending: paper.hasAttribute('data-wx-page-pending'),
      fonts: document.fonts.status,
    };
  });

const pdfPages = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
/** Each page's text without white space. */
const pdfTexts = (file: string) =>
  Array.from({ length: pdfPages(file) }, (_, i) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(i + 1), '-l', String(i + 1), file, '-'], {
      encoding: 'utf8',
    }).replace(/\s/g, ''),
  );
/** The page (1 is the first) of each picture in the PDF, in order. */
const pdfImagePages = (file: string) =>
  execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => Number(line.trim().split(/\s+/)[0]));

/** How far a PDF and the page view agree, block by block. */
interface Agreement {
  blocks: number;
  agreeing: number;
  screenPages: number;
  pdfPages: number;
  /** The blocks that do not agree: their index, kind, start of text, and [first, last] page on each side. */
  differences: string[];
}

const WINDOW = 6;

function compare(screen: ScreenBlock[], screenPages: number, pdf: string[], imagePages: number[]): Agreement {
  const joined = pdf.join('');
  const pageAt: number[] = [];
  pdf.forEach((text, i) => {
    for (let k = 0; k < text.length; k += 1) pageAt.push(i + 1);
  });
  let cursor = 0;
  let picture = 0;
  let agreeing = 0;
  let counted = 0;
  const differences: string[] = [];
  screen.forEach((block, index) => {
    let first: number | undefined;
    let last: number | undefined;
    if (block.tag.endsWith('+img')) {
      first = imagePages[picture];
      last = first;
      picture += 1;
    } else if (block.text) {
      const head = block.text.slice(0, WINDOW);
      const tail = block.text.slice(-WINDOW);
      const start = joined.indexOf(head, cursor);
      const end = start < 0 ? -1 : joined.indexOf(tail, start + Math.max(0, block.text.length - WINDOW));
      if (start >= 0 && end >= 0) {
        first = pageAt[start];
        last = pageAt[end + tail.length - 1];
        cursor = end + tail.length;
      }
    } else return;
    counted += 1;
    if (first === block.first && last === block.last) agreeing += 1;
    else
      differences.push(
        `#${index} ${block.tag} 「${block.text.slice(0, 10)}」 screen ${block.first}–${block.last}, pdf ${first ?? '?'}–${last ?? '?'}`,
      );
  });
  return { blocks: counted, agreeing, screenPages, pdfPages: pdf.length, differences };
}

// ---------------------------------------------------------------------------------------------------------

/** Opens `state` as a new document (文件 › 打开… a .lexdoc) and waits until the page view has laid it out. */
async function openDocument(page: Page, name: string, state: Json) {
  const before = page.url();
  await page.getByRole('menuitem', { name: '文件' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: '打开…' }).click();
  await (await chooser).setFiles({
    name: `${name}.lexdoc`,
    mimeType: 'application/json',
    buffer: Buffer.from(lexdoc(name, state)),
  });
  await expect.poll(() => page.url()).not.toBe(before);
  await expect.poll(() => paperOf(page).textContent(), { timeout: 30_000 }).toContain('第1章');
  // Laid out: the page view on, the faces loaded, and two readings in a row the same (the page view lays
  // out again as each slice of the CJK face arrives; once the last has, nothing moves any more).
  let previous = '';
  await expect
    .poll(
      async () => {
        const screen = await readScreen(page);
        const now = JSON.stringify(screen);
        const stable = screen.pageView && !screen.pending && screen.fonts === 'loaded' && now === previous;
        previous = now;
        return stable;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return readScreen(page);
}

async function exportPdf(page: Page, name: string) {
  await page.getByRole('menuitem', { name: '文件' }).click();
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('menuitem', { name: '导出为 PDF' }).click();
  const file = path.join(dir, `${name}.pdf`);
  await (await download).saveAs(file);
  return file;
}

/**
 * Long documents (13 to 24 A4 pages: Chinese and mixed Chinese and Latin paragraphs, three levels of
 * headings, lists, pictures, a short table, page breaks, 公文 margins), each opened with 文件 › 打开… and
 * exported with 文件 › 导出为 PDF: every top-level block's first and last line stand on the same page in the
 * page view as in the PDF, and both have as many pages.
 */
test('the page view and the exported PDF put the same text on the same pages', {
  timeout: 180_000,
}, async () => {
  const session = await openSession({ colorScheme: 'light' });
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'agree', nickname: '分页 用户' });
  await openBlankDocument(session);
  const results: Record<string, Agreement> = {};
  for (const { name, state } of CORPUS) {
    const screen = await openDocument(page, name, state);
    const file = await exportPdf(page, name);
    results[name] = compare(screen.blocks, screen.sheets, pdfTexts(file), pdfImagePages(file));
  }
  // Every document's agreement, the ones left out included: blocks agreeing / blocks, pages on each side.
  console.log(
    Object.entries(results)
      .map(
        ([name, r]) =>
          `${name}: ${r.agreeing}/${r.blocks} blocks, ${r.screenPages} sheets, ${r.pdfPages} PDF pages`,
      )
      .join('\n'),
  );
  for (const { name, agrees } of CORPUS) {
    const result = results[name] as Agreement;
    // Something was compared: the corpus's text was found in the PDF.
    expect(result.blocks, name).toBeGreaterThan(50);
    if (!agrees) continue;
    expect(result.differences, name).toEqual([]);
    expect(result.pdfPages, name).toBe(result.screenPages);
    expect(result.screenPages, name).toBeGreaterThanOrEqual(10);
  }
  await session.close();
});
