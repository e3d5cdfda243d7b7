/**
 * One DOCX import in a process of its own, so that its time and peak memory are its own:
 * `tsx bench/docx-import-one.ts <file.docx>`. Imports the file three times (the converter, as the editor's
 * worker and the server run it) and prints JSON {ms, cpuMs (the process's CPU time, its GC threads' too), both
 * the median, peakMiB, baseMiB, blocks}. On a machine others share, cpuMs is the steadier figure.
 */
import { readFileSync } from 'node:fs';
import { importFile } from '../packages/editor/src/convert/index';

const [file] = process.argv.slice(2) as [string];

const statusMiB = (field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

const input = new Uint8Array(readFileSync(file));
const baseMiB = statusMiB('VmRSS');
const times: number[] = [];
const cpu: number[] = [];
let blocks = 0;
for (let round = 0; round < 3; round++) {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const document = await importFile('document.docx', input);
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpuStarted);
  cpu.push((used.user + used.system) / 1000);
  blocks = (document.editorState.root as unknown as { children: unknown[] }).children.length;
}
times.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({ ms: times[1], cpuMs: cpu[1], peakMiB: statusMiB('VmHWM'), baseMiB, blocks }),
);
