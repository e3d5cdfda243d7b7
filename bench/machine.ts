/**
 * The speed of the machine a `pnpm bench` run was made on, printed with every run. Unchanged code measured
 * 2–3 times slower on the bench VM from one session to the next (the host's load and its system-call
 * cost change), so a figure is read beside these two: a fixed piece of JavaScript, and one system call.
 */
import { closeSync, fstatSync, openSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { quantile } from './stats';

const RECORDS = 100_000;
const RUNS = 5;
const CALLS = 200_000;

/** JSON round trip and sort of RECORDS small records: the median of RUNS, in ms. */
function javascriptReference(): number {
  const records = Array.from({ length: RECORDS }, (_, i) => ({
    id: `m${(i * 7919) % RECORDS}`,
    text: `第 ${i} 条消息`,
    credits: i % 97,
  }));
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    const copy = JSON.parse(JSON.stringify(records)) as typeof records;
    copy.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.credits - b.credits));
    times.push(performance.now() - start);
  }
  return quantile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

/** The mean cost of one fstat(2), in µs. */
function systemCallReference(): number {
  const fd = openSync('/dev/null', 'r');
  try {
    const start = performance.now();
    for (let call = 0; call < CALLS; call += 1) fstatSync(fd);
    return ((performance.now() - start) * 1000) / CALLS;
  } finally {
    closeSync(fd);
  }
}

export function machineBench(): Array<readonly [string, string]> {
  return [
    [
      `machine: JSON round trip and sort of ${RECORDS.toLocaleString('en')} records (median of ${RUNS})`,
      `${javascriptReference().toFixed(1)} ms`,
    ],
    ['machine: one system call (fstat)', `${systemCallReference().toFixed(2)} µs`],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of machineBench()) console.log(`${name.padEnd(74)} ${value}`);
}
