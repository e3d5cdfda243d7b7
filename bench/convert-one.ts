/**
 * One conversion of the 100-page document in a process of its own, so that its peak memory is its own:
 * `tsx bench/convert-one.ts <import|export> <lexdoc|md|docx> <dir>`. Prints JSON {ms, peakMiB, baseMiB}.
 * The input files are written to <dir> by convert.bench.ts; each operation runs three times, the median
 * time is reported.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { largeChineseDocument } from '../packages/editor/bench/fixture';
import { importFile, outputFormatFor } from '../packages/editor/src/convert/index';

const [op, format, dir] = process.argv.slice(2) as ['import' | 'export', string, string];

const statusMiB = (field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

const state = largeChineseDocument(100).state;
const input = op === 'import' ? new Uint8Array(readFileSync(path.join(dir, `doc.${format}`))) : null;
const baseMiB = statusMiB('VmRSS');
const times: number[] = [];
for (let round = 0; round < 3; round++) {
  const started = performance.now();
  if (op === 'import') await importFile(`doc.${format}`, input as Uint8Array);
  else await outputFormatFor(`doc.${format}`).write({ editorState: state, title: '百页文档' });
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ ms: times[1], peakMiB: statusMiB('VmHWM'), baseMiB }));
