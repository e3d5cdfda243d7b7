/**
 * Documents that arrive and leave as they were written:
 * - DOCX import of 100 pages in each producer's shape of the corpus (packages/editor/src/convert/fixtures/docx:
 *   LibreOffice's 公文 and report, Word's and WPS's shapes): the fixture's body repeated to 100 pages' worth
 *   of text (700 characters a page), so its styles, numbering and runs are the producer's own; the median
 *   of three imports, each file in a fresh Node process. Target: within 2 s each.
 * - A 10-page 公文 as PDF in the four faces (宋体 title, 黑体 and 楷体 headings, 仿宋 body with bold):
 *   size, pages, embedded faces and time. Target: under 1.5 MB.
 * - The corpus after DOCX → editor → DOCX → editor: the structural score of each file (the share of its
 *   blocks' kind, alignment, paragraph css and runs the round trip kept; docxStructure.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../e2e/server';
import { docxOfPages } from '../packages/editor/bench/docxPages';
import { GONGWEN_PRESETS, gongwenDocument } from '../packages/editor/bench/gongwen';
import { documentToDocx } from '../packages/editor/src/convert/docxExport';
import { docxToDocument } from '../packages/editor/src/convert/docxImport';
import { documentShape, structuralScore } from '../packages/editor/src/convert/docxStructure';
import { exportPdf } from '../packages/editor/src/files/pdf/exportPdf';
import { nodePdfFonts } from '../packages/editor/src/files/pdf/nodeFonts';

const FIXTURES = ['gongwen-libreoffice.docx', 'report-libreoffice.docx', 'word-style.docx', 'wps-style.docx'];
const fixtureDir = path.join(repoRoot, 'packages/editor/src/convert/fixtures/docx');
const PAGES = 100;

/** The distinct Han characters of a document's text. */
function distinctHan(state: unknown): number {
  const seen = new Set<string>();
  const visit = (node: { text?: string; children?: unknown[] }) => {
    for (const c of node.text ?? '') if (/\p{Script=Han}/u.test(c)) seen.add(c);
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit((state as { root: { children?: unknown[] } }).root);
  return seen.size;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

export async function docxBench(): Promise<Array<readonly [string, string]>> {
  const rows: Array<readonly [string, string]> = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'wx-docx-bench-'));
  try {
    // (a) 100-page imports, one fresh process each.
    for (const name of FIXTURES) {
      const { docx, chars, copies } = docxOfPages(
        new Uint8Array(readFileSync(path.join(fixtureDir, name))),
        PAGES,
      );
      const file = path.join(dir, name);
      writeFileSync(file, docx);
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'bench/docx-import-one.ts'), file],
        {
          cwd: repoRoot,
          encoding: 'utf8',
          timeout: 300_000,
        },
      );
      const { ms, cpuMs, peakMiB, blocks } = JSON.parse(out) as {
        ms: number;
        cpuMs: number;
        peakMiB: number;
        blocks: number;
      };
      rows.push([
        `import ${name}, ${PAGES} pages (target < 2 s)`,
        `${Math.round(ms)} ms (CPU ${Math.round(cpuMs)} ms), peak RSS ${Math.round(peakMiB)} MiB; ${chars.toLocaleString('en-US')} chars, ${blocks.toLocaleString('en-US')} blocks, ${mib(docx.length)} (${copies} copies of the fixture's body)`,
      ]);
    }

    // (b) a 10-page 公文 in the four faces.
    const { state, chars } = gongwenDocument(10);
    const started = performance.now();
    const pdf = await exportPdf(state, { fonts: nodePdfFonts(), styles: GONGWEN_PRESETS, title: '公文' });
    const ms = performance.now() - started;
    const pdfFile = path.join(dir, 'gongwen.pdf');
    writeFileSync(pdfFile, pdf);
    const pages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdfFile], { encoding: 'utf8' }))?.[1],
    );
    const faces = [
      ...execFileSync('pdffonts', [pdfFile], { encoding: 'utf8' }).matchAll(/^[A-Z]{6}\+(\S+)/gm),
    ].map((m) => m[1]);
    rows.push([
      '公文 PDF, 10 pages, four faces (target < 1.5 MB)',
      `${mib(pdf.length)}, ${pages} pages, ${Math.round(ms)} ms; ${chars.toLocaleString('en-US')} chars, ${distinctHan(state).toLocaleString('en-US')} distinct Han; faces ${faces.sort().join(', ')}`,
    ]);

    // (c) the corpus through the editor's own DOCX and back.
    for (const name of FIXTURES) {
      const first = await docxToDocument(new Uint8Array(readFileSync(path.join(fixtureDir, name))));
      const exported = await documentToDocx({
        editorState: first.editorState,
        title: first.title,
        styles: first.styles,
      });
      const second = await docxToDocument(exported);
      const { score, blocks, identical } = structuralScore(
        documentShape(first.editorState, first.styles),
        documentShape(second.editorState, second.styles),
      );
      rows.push([
        `round trip DOCX → editor → DOCX → editor: ${name}`,
        `structural score ${pct(score)} (${identical}/${blocks} blocks identical)`,
      ]);
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of await docxBench()) console.log(`${name.padEnd(60)} ${value}`);
}
