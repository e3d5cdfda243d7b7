/**
 * The home chat in Debian Chromium: main-thread time per frame while the end of a 20,000-character
 * Markdown answer streams in, from a production Vite build of apps/workspace/bench (the real store,
 * message list and Markdown renderer; only the network is a timer). The budget: p95 under 8 ms.
 *
 * Each frame that applied text is found in the browser's trace (the page marks it), and the main thread's
 * top-level tasks from that frame's animation callbacks to the next frame's are summed: the store's
 * update, React's render and commit, the scroll that follows the answer, style, layout, paint and the
 * stream's own tasks in between. The headline figure is thread CPU time, which a busy machine does not
 * inflate; the wall-clock sum is reported beside it.
 */

import type { Browser } from 'playwright-core';
import type { RunOptions, RunResult } from '../apps/workspace/bench/main';
import { ms, type TraceEvent, withBenchPage } from './browser';
import { quantile } from './stats';

/** Per marked frame: [wall ms, CPU ms] of the main thread's top-level tasks in that frame. */
export function frameCostsFromTrace(
  events: readonly TraceEvent[],
  markName: string,
): Array<[number, number]> {
  const marks = events.filter((e) => e.name === markName && (e.cat ?? '').includes('user_timing'));
  const first = marks[0];
  if (!first) return [];
  const main = events
    .filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const top: TraceEvent[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const event of main) {
    if (event.ts < end) continue;
    top.push(event);
    end = event.ts + (event.dur ?? 0);
  }
  const starts = top.filter((e) => e.name === 'FireAnimationFrame').map((e) => e.ts);
  const costs: Array<[number, number]> = [];
  let task = 0;
  for (const mark of marks) {
    const i = starts.findIndex(
      (s, k) => s <= mark.ts && (starts[k + 1] ?? Number.POSITIVE_INFINITY) > mark.ts,
    );
    if (i < 0) continue;
    const from = starts[i] as number;
    const to = starts[i + 1] ?? Number.POSITIVE_INFINITY;
    let wall = 0;
    let cpu = 0;
    while (task < top.length && (top[task] as TraceEvent).ts < from) task += 1;
    for (let k = task; k < top.length && (top[k] as TraceEvent).ts < to; k += 1) {
      const event = top[k] as TraceEvent;
      wall += event.dur ?? 0;
      cpu += event.tdur ?? event.dur ?? 0;
    }
    costs.push([wall / 1000, cpu / 1000]);
  }
  return costs;
}

/** The measured part: the last 6,000 characters, 20 per chunk every 10 ms (2,000 characters a second). */
const OPTIONS: RunOptions = { length: 20_000, prefix: 14_000, chunk: 20, intervalMs: 10 };

/** The everyday answer (headings, lists, tables, code) and a maths-heavy one (KaTeX in every paragraph). */
const CASES = [
  { name: 'chat', answer: 'mixed' },
  { name: 'chat maths', answer: 'maths' },
] as const;

/**
 * Streams per case, each on a fresh page, whose frames are pooled: one stream gives about 220 frames, and
 * its p95 (the eleventh slowest) moved by 3 ms between identical runs on the bench machine. Each run's
 * own p95 is printed beside the pooled figure.
 */
const RUNS = 3;

/** The CPU times of `costs` (frameCostsFromTrace), sorted. */
const cpuOf = (costs: ReadonlyArray<[number, number]>) => costs.map(([, c]) => c).sort((a, b) => a - b);

async function streamOnce(browser: Browser, url: string, answer: 'mixed' | 'maths') {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.chatBench?.ready === true);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing'] });
    const result: RunResult = await page.evaluate((options) => window.chatBench.run(options), {
      ...OPTIONS,
      answer,
    });
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return { result, costs: frameCostsFromTrace(trace.traceEvents, 'chat-frame') };
  } finally {
    await page.close();
  }
}

export async function chatBrowserBench(): Promise<Array<readonly [string, string]>> {
  return withBenchPage('apps/workspace/bench', async (url, browser) => {
    const rows: Array<readonly [string, string]> = [];
    for (const { name, answer } of CASES) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await streamOnce(browser, url, answer));
      const costs = runs.flatMap((run) => run.costs);
      const cpu = cpuOf(costs);
      const wall = costs.map(([w]) => w).sort((a, b) => a - b);
      const perRun = runs.map((run) => quantile(cpuOf(run.costs), 0.95).toFixed(2)).join(' / ');
      const latency = runs.flatMap((run) => run.result.frames).sort((a, b) => a - b);
      const intervals = runs.flatMap((run) => run.result.intervals).sort((a, b) => a - b);
      const label = `streaming the last ${(OPTIONS.length - OPTIONS.prefix).toLocaleString('en')} of ${OPTIONS.length.toLocaleString('en')} chars, ${RUNS} times`;
      rows.push(
        [`${name} ${label}: frames that applied text`, String(cpu.length)],
        [`${name} main-thread CPU time per frame p50`, ms(quantile(cpu, 0.5))],
        [`${name} main-thread CPU time per frame p95 (budget 8 ms)`, ms(quantile(cpu, 0.95))],
        [`${name} main-thread CPU time per frame p95 of each stream`, `${perRun} ms`],
        [`${name} main-thread CPU time per frame max`, ms(cpu.at(-1) ?? Number.NaN)],
        [
          `${name} main-thread wall time per frame p50 / p95 (machine load adds)`,
          `${ms(quantile(wall, 0.5))} / ${ms(quantile(wall, 0.95))}`,
        ],
        [
          `${name} rAF to next task p50 / p95`,
          `${ms(quantile(latency, 0.5))} / ${ms(quantile(latency, 0.95))}`,
        ],
        [`${name} frame interval p95 while streaming`, ms(quantile(intervals, 0.95))],
        [
          `${name} long animation frames (≥ 50 ms) while streaming`,
          String(runs.reduce((sum, run) => sum + run.result.longFrames, 0)),
        ],
        [
          `${name} answer followed to the bottom`,
          runs.every((run) => run.result.stuckToBottom) ? 'yes' : 'NO',
        ],
        [`${name} characters rendered`, runs.map((run) => run.result.characters).join(' / ')],
      );
    }
    return rows;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of await chatBrowserBench()) console.log(`${name.padEnd(74)} ${value}`);
}
