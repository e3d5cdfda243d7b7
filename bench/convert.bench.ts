/**
 * The converters on the 100-page Chinese document (packages/editor/bench/fixture.ts: ~100,000 characters,
 * headings, lists, 20 tables, 10 images): import and export in each format (lexdoc, Markdown, DOCX), the
 * median of three runs and the process's peak resident memory, each operation in a fresh Node process.
 * Target: DOCX import of 100 pages < 3 s.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../e2e/server';
import { largeChineseDocument } from '../packages/editor/bench/fixture';
import { outputFormatFor } from '../packages/editor/src/convert/index';

const FORMATS = ['lexdoc', 'md', 'docx'] as const;

export async function convertBench(): Promise<Array<readonly [string, string]>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wx-convert-bench-'));
  try {
    const { state, chars } = largeChineseDocument(100);
    for (const format of FORMATS) {
      const content = await outputFormatFor(`doc.${format}`).write({ editorState: state, title: '百页文档' });
      writeFileSync(path.join(dir, `doc.${format}`), content);
    }
    const rows: Array<readonly [string, string]> = [
      ['convert document', `${chars.toLocaleString('en-US')} chars, 100 pages`],
    ];
    for (const op of ['import', 'export'] as const)
      for (const format of FORMATS) {
        const out = execFileSync(
          process.execPath,
          ['--import', 'tsx', path.join(repoRoot, 'bench/convert-one.ts'), op, format, dir],
          { cwd: repoRoot, encoding: 'utf8', timeout: 300_000 },
        );
        const { ms, peakMiB, baseMiB } = JSON.parse(out) as { ms: number; peakMiB: number; baseMiB: number };
        rows.push([
          `${op} ${format} (100 pages)`,
          `${Math.round(ms)} ms, peak RSS ${Math.round(peakMiB)} MiB (${Math.round(baseMiB)} MiB before)`,
        ]);
      }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
