/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import type { SerializedEditorState } from 'lexical';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_PRESETS } from '../../styles/presets';
import { type Block, blocksOf, type TextBlock } from './blocks';
import { exportPdf } from './exportPdf';
import { ALL_FONTS, fakeDoc } from './fakeDoc';
import { formulaFallbackNotice } from './formulaNotice';
import { type FormulaReport, MAX_TYPESET_FORMULAS, typesetFormulas } from './formulas';
import { Layout } from './layout';
import type { MathShape } from './mathBox';
import { createTypesetter, parseTransform } from './mathTypeset';
import { nodePdfFonts } from './nodeFonts';
import { Painter } from './painter';

/*
 * Formulas in the PDF: typeset by MathJax into vector outlines, an inline one a box on its line, a display
 * one a centred block; bad LaTeX prints as its source. The files are read back with poppler's pdftotext,
 * and their page content (inflated) is searched for the path operators the outlines are drawn with.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'wx-formula-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileCount = 0;
function save(pdf: Uint8Array): string {
  const file = path.join(dir, `${++fileCount}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const pdftotext = (file: string) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\s\f]+/g, '');

/** The pages' content streams, inflated, as latin1 text. */
function contentStreams(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf);
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream\n', at, 'latin1');
    if (start < 0) break;
    const end = raw.indexOf('\nendstream', start, 'latin1');
    try {
      out.push(inflateSync(raw.subarray(start + 7, end)).toString('latin1'));
    } catch {
      // Not a deflated stream.
    }
    at = end + 10;
  }
  return out.filter((stream) => /\ncm\n|\sTf\n/.test(stream) || / cm\n/.test(stream));
}
const allContent = (pdf: Uint8Array) => contentStreams(pdf).join('\n');

/** How many times an operator appears at the end of a content-stream line (PDFKit writes one per line). */
const count = (content: string, op: string) =>
  content.split('\n').filter((line) => line.endsWith(` ${op}`) || line === op).length;

/** The vertical position of each line pdftotext finds on page 1 (points from the top). */
function lineTops(file: string): Array<{ text: string; top: number; bottom: number }> {
  const html = execFileSync('pdftotext', ['-bbox-layout', '-f', '1', '-l', '1', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  });
  return [
    ...html.matchAll(/<line xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([\s\S]*?)<\/line>/g),
  ].map((m) => ({
    top: Number(m[1]),
    bottom: Number(m[2]),
    text: [...(m[3] ?? '').matchAll(/>([^<]*)<\/word>/g)].map((w) => w[1]).join(''),
  }));
}

const text = (t: string, style = '') => ({
  type: 'text',
  version: 1,
  text: t,
  format: 0,
  style,
  mode: 'normal',
  detail: 0,
});
const block = { direction: null, format: '', indent: 0, version: 1 };
const para = (children: unknown[]) => ({
  ...block,
  type: 'paragraph',
  textFormat: 0,
  textStyle: '',
  children,
});
const formula = (tex: string, display = false) => ({ type: 'formula', version: 1, tex, display });
const stateOf = (children: unknown[]) =>
  ({ root: { ...block, type: 'root', children } }) as unknown as SerializedEditorState;

const fonts = nodePdfFonts();

function shapesOfKind(shapes: readonly MathShape[], kind: MathShape['kind']): MathShape[] {
  return shapes.flatMap((s) => [
    ...(s.kind === kind ? [s] : []),
    ...(s.kind === 'group' ? shapesOfKind(s.children, kind) : []),
  ]);
}

describe('the maths typesetter', () => {
  const typeset = createTypesetter((t) => Array.from(t).length);

  it('gives a fraction a box above and below the baseline, drawn as paths and a rule', () => {
    const box = typeset('\\frac{a}{b}', false);
    expect(box.width).toBeGreaterThan(0.5);
    expect(box.height).toBeGreaterThan(0.6);
    expect(box.depth).toBeGreaterThan(0.3);
    const paths = shapesOfKind([box.root], 'path');
    // a, b and the fraction's bar.
    expect(paths.length).toBe(3);
    expect(paths.every((p) => p.kind === 'path' && p.fill === 'current')).toBe(true);
  });

  it('sets text the maths fonts lack as text, measured by the export’s measure', () => {
    const narrow = typeset('\\text{中文}', false);
    const wide = createTypesetter((t) => 2 * Array.from(t).length)('\\text{中文}', false);
    expect(shapesOfKind([narrow.root], 'text').map((s) => (s.kind === 'text' ? s.text : ''))).toEqual([
      '中',
      '文',
    ]);
    expect(wide.width).toBeCloseTo(narrow.width * 2, 1);
  });

  it('keeps a colour the formula sets, and the text colour elsewhere', () => {
    const box = typeset('x\\color{red}{y}', false);
    const fills = shapesOfKind([box.root], 'path').map((p) => (p.kind === 'path' ? p.fill : null));
    expect(fills).toEqual(['current', 'red']);
  });

  it('refuses LaTeX it cannot read, with MathJax’s message', () => {
    expect(() => typeset('\\frac{', false)).toThrow(/brace/i);
    expect(() => typeset('\\nosuchmacro', false)).toThrow(/undefined/i);
    expect(() => typeset('\\href{https://example.com}{x}', false)).toThrow(/undefined/i);
  });

  it('reads SVG transform lists as one matrix', () => {
    expect(parseTransform('translate(220,394) scale(0.5)')).toEqual([0.5, 0, 0, 0.5, 220, 394]);
    expect(parseTransform('scale(1,-1)')).toEqual([1, 0, 0, -1, 0, 0]);
    expect(parseTransform('')).toBeUndefined();
  });
});

describe('typesetFormulas', () => {
  const painter = () => new Painter(fakeDoc().doc, ALL_FONTS);
  const blocks = (children: unknown[]) => blocksOf(stateOf(children));

  it('does not load the maths engine for a document without formulas', async () => {
    let loaded = false;
    const report = await typesetFormulas(
      blocks([para([text('无公式')])]),
      painter(),
      'song',
      40,
      async () => {
        loaded = true;
        return import('./mathTypeset');
      },
    );
    expect(loaded).toBe(false);
    expect(report).toEqual({ typeset: 0, fallback: [] });
  });

  it('gives each formula its box, and lists those that fall back to their source', async () => {
    const list = blocks([para([text('甲'), formula('x^2'), formula('\\frac{')]), formula('\\sum_i i', true)]);
    const report = await typesetFormulas(list, painter(), 'song', 40);
    expect(report).toEqual({ typeset: 2, fallback: ['\\frac{'] });
    const runs = (list[0] as TextBlock).runs;
    expect(runs[1]?.formula?.math).toBeDefined();
    expect(runs[2]?.formula?.math).toBeUndefined();
    expect((list[1] as Extract<Block, { kind: 'formula' }>).formula.math).toBeDefined();
  });

  it(`typesets at most ${MAX_TYPESET_FORMULAS} different formulas a document`, async () => {
    const many = Array.from({ length: MAX_TYPESET_FORMULAS + 3 }, (_, i) => formula(`x_{${i}}`));
    const report = await typesetFormulas(blocks([para(many)]), painter(), 'song', 40);
    expect(report.typeset).toBe(MAX_TYPESET_FORMULAS);
    expect(report.fallback).toEqual(['x_{500}', 'x_{501}', 'x_{502}']);
  }, 60_000);
});

describe('an inline formula wider than its line', () => {
  it('is set smaller to fit the line, on a line of its own', async () => {
    const painter = new Painter(fakeDoc().doc, ALL_FONTS);
    const layout = new Layout(painter, DEFAULT_STYLE_PRESETS);
    const list = blocksOf(stateOf([para([text('甲'), formula('a+b+c+d+e+f+g+h+i+j+k+l'), text('乙')])]));
    await typesetFormulas(list, painter, 'song', 40);
    const { lines } = layout.layoutRuns((list[0] as TextBlock).runs, base(), 60, 0, 1.5);
    const piece = lines.flatMap((l) => l.pieces).find((p) => p.style.math);
    expect(piece?.width).toBeLessThanOrEqual(60.001);
    expect(piece?.style.size).toBeLessThan(12);
    expect(lines.map((l) => l.pieces.length)).toEqual([1, 1, 1]);
  });
});

describe('an inline formula and Chinese punctuation', () => {
  it('keeps a closing comma on the formula’s line, never at the start of the next', async () => {
    const painter = new Painter(fakeDoc().doc, ALL_FONTS);
    const layout = new Layout(painter, DEFAULT_STYLE_PRESETS);
    const list = blocksOf(stateOf([para([formula('x^2'), text('，然后')])]));
    await typesetFormulas(list, painter, 'song', 40);
    const runs = (list[0] as TextBlock).runs;
    const formulaWidth = (runs[0]?.formula?.math?.width ?? 0) * 12;
    const { lines } = layout.layoutRuns(runs, base(), formulaWidth + 2, 0, 1.5);
    expect(lines[0]?.pieces.map((p) => (p.style.math ? 'F' : p.text)).join('')).toBe('F，');
    expect(lines[1]?.pieces.map((p) => p.text).join('')).toBe('然');
  });
});

describe('formulaFallbackNotice', () => {
  it('says how many formulas print as their source, quoting the first few, each cut short', () => {
    expect(formulaFallbackNotice(['\\frac{a'])).toBe(
      '有 1 个公式无法排版，PDF 中以 LaTeX 源码呈现：$\\frac{a$',
    );
    const long = `\\sum ${'x+'.repeat(40)}`;
    const notice = formulaFallbackNotice(['a\\', 'b\\', long, 'd\\']);
    expect(notice).toContain('有 4 个公式');
    expect(notice).toContain('$a\\$、$b\\$、$\\sum x+');
    expect(notice).toContain('…$ 等');
    expect(notice).not.toContain('d\\');
  });
});

describe('formulas in the layout', () => {
  it('makes a line with a tall inline formula taller, its baseline lower', async () => {
    const painter = new Painter(fakeDoc().doc, ALL_FONTS);
    const layout = new Layout(painter, DEFAULT_STYLE_PRESETS);
    const list = blocksOf(
      stateOf([para([text('甲')]), para([text('乙'), formula('\\frac{\\frac{a}{b}}{\\frac{c}{d}}')])]),
    );
    await typesetFormulas(list, painter, 'song', 40);
    const [plain] = layout.layoutRuns((list[0] as TextBlock).runs, base(), 400, 0, 1.5).lines;
    const [tall] = layout.layoutRuns((list[1] as TextBlock).runs, base(), 400, 0, 1.5).lines;
    expect(plain?.height).toBe(18);
    expect(tall?.height).toBeGreaterThan(22);
    expect(tall?.baseline).toBeGreaterThan(plain?.baseline ?? 0);
    // The formula is one piece, as wide as its box at 12 pt.
    const piece = tall?.pieces.find((p) => p.style.math);
    expect(piece?.width).toBeCloseTo((piece?.style.math?.width ?? 0) * 12, 5);
  });
});

const base = () => ({
  face: 'song' as const,
  font: 'regular' as const,
  size: 12,
  color: '#111111',
  italic: false,
  underline: false,
  strike: false,
  rise: 0,
});

describe('exportPdf with formulas', { timeout: 90_000 }, () => {
  it('draws an inline fraction and a display matrix as outlines, not as their source', async () => {
    let report: FormulaReport | undefined;
    const withFormulas = await exportPdf(
      stateOf([
        para([text('分数'), formula('\\frac{1}{2}'), text('在行内。')]),
        formula('\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}', true),
        para([text('结束。')]),
      ]),
      { fonts, onFormulas: (r) => (report = r) },
    );
    const plain = await exportPdf(stateOf([para([text('分数在行内。')]), para([text('结束。')])]), { fonts });
    const file = save(withFormulas);
    const body = pdftotext(file);
    expect(body).toContain('分数');
    expect(body).toContain('在行内。');
    expect(body).not.toContain('$');
    expect(body).not.toContain('frac');
    expect(body).not.toContain('pmatrix');
    expect(report).toEqual({ typeset: 2, fallback: [] });
    // The glyphs are filled curves: many more than the page without formulas has.
    // Each glyph is a filled outline (a path begun with m, ended with f); the page without them has none.
    const content = allContent(withFormulas);
    const without = allContent(plain);
    expect(count(without, 'f')).toBe(0);
    // 1, 2 and the bar; a, b, c, d and the two parentheses.
    expect(count(content, 'f')).toBeGreaterThanOrEqual(9);
    expect(count(content, 'm')).toBeGreaterThanOrEqual(9);
    // The display matrix is centred: the text after it is on a line below it, and the page has room between.
    const lines = lineTops(file);
    const first = lines.find((l) => l.text.includes('分数'));
    const last = lines.find((l) => l.text.includes('结束'));
    expect((last?.top ?? 0) - (first?.bottom ?? 0)).toBeGreaterThan(30);
  });

  it('prints a formula it cannot typeset as its source, and reports it', async () => {
    let report: FormulaReport | undefined;
    const pdf = await exportPdf(
      stateOf([para([text('坏公式'), formula('\\frac{a')]), formula('\\badmacro', true)]),
      {
        fonts,
        onFormulas: (r) => (report = r),
      },
    );
    const body = pdftotext(save(pdf));
    expect(body).toContain('$\\frac{a$');
    expect(body).toContain('$$\\badmacro$$');
    expect(report).toEqual({ typeset: 0, fallback: ['\\frac{a', '\\badmacro'] });
  });

  it('moves a display formula that does not fit to the next page whole', async () => {
    const filler = Array.from({ length: 42 }, (_, i) => para([text(`第${i + 1}行。`)]));
    const pdf = await exportPdf(
      stateOf([
        ...filler,
        formula('\\begin{matrix} 1 \\\\ 2 \\\\ 3 \\\\ 4 \\\\ 5 \\\\ 6 \\end{matrix}', true),
        para([text('后文。')]),
      ]),
      { fonts },
    );
    const file = save(pdf);
    const page2 = execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', '2', '-l', '2', file, '-'], {
      encoding: 'utf8',
    });
    expect(page2).toContain('后文。');
    // The six digits are drawn on one page, the second: the first has only text.
    const pages = contentStreams(pdf);
    expect(pages).toHaveLength(2);
    expect(pages.map((content) => count(content, 'f'))).toEqual([0, 6]);
  });
});
