/**
 * PDF export of the 100-page Chinese document (packages/editor/bench/fixture.ts), budget < 10 s in the browser:
 * - in Chromium, from the click: the export's code and fonts loaded on demand (their bytes counted), the
 *   file written; peak JS heap;
 * - in Node (as the CLI runs it), in a child process of its own: time and peak resident memory.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ms, withBenchPage } from './browser';

const ROUNDS = 3;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function pdfBench(): Promise<Array<readonly [string, string]>> {
  const browserRuns = await withBenchPage(
    'packages/editor/bench/pdf',
    async (url, browser) => {
      const runs: Array<{
        ms: number;
        bytes: number;
        peakHeapBytes: number;
        lazyJs: number;
        fonts: number;
        workerMs: number;
      }> = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A fresh context each time: nothing cached, as on the first export of a session.
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(url);
        await page.waitForFunction(() => window.pdfBench?.ready === true);
        const loaded: Array<Promise<{ url: string; size: number }>> = [];
        page.on('response', (response) => {
          loaded.push(
            response.body().then(
              (body) => ({ url: response.url(), size: body.length }),
              () => ({ url: response.url(), size: 0 }),
            ),
          );
        });
        const result = await page.evaluate(() => window.pdfBench.run());
        const responses = await Promise.all(loaded);
        // Then as the File menu does it, in a worker: a second export in the same page.
        const inWorker = await page.evaluate(() => window.pdfBench.runInWorker());
        runs.push({
          ...result,
          lazyJs: responses.filter((r) => /\.js(\?|$)/.test(r.url)).reduce((n, r) => n + r.size, 0),
          fonts: responses
            .filter((r) => /\.(ttf|otf|woff)(\?|$)/.test(r.url))
            .reduce((n, r) => n + r.size, 0),
          workerMs: inWorker.ms,
        });
        await context.close();
      }
      return runs;
    },
    ['--enable-precise-memory-info'],
  );

  const nodeRuns: Array<{ ms: number; bytes: number; peakRss: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const out = execFileSync(
      process.execPath,
      [...process.execArgv, path.join(import.meta.dirname, 'pdf-node-process.ts')],
      {
        encoding: 'utf8',
      },
    );
    nodeRuns.push(JSON.parse(out.trim().split('\n').at(-1) as string));
  }
  const first = browserRuns[0];
  return [
    ['PDF export, 100 pages: file size', mib(nodeRuns[0]?.bytes ?? 0)],
    [`PDF export in Chromium, from the click, median of ${ROUNDS}`, ms(median(browserRuns.map((r) => r.ms)))],
    [
      `PDF export in Chromium in a worker (2nd export), median of ${ROUNDS}`,
      ms(median(browserRuns.map((r) => r.workerMs))),
    ],
    [
      'PDF export in Chromium: peak JS heap (main thread)',
      mib(Math.max(...browserRuns.map((r) => r.peakHeapBytes))),
    ],
    ['PDF export in Chromium: JS loaded on demand', mib(first?.lazyJs ?? 0)],
    ['PDF export in Chromium: fonts loaded on demand', mib(first?.fonts ?? 0)],
    [`PDF export in Node, median of ${ROUNDS}`, ms(median(nodeRuns.map((r) => r.ms)))],
    ['PDF export in Node: peak RSS of the process', mib(Math.max(...nodeRuns.map((r) => r.peakRss)))],
  ];
}

declare global {
  interface Window {
    pdfBench: {
      ready: true;
      run(): Promise<{ ms: number; bytes: number; peakHeapBytes: number }>;
      runInWorker(): Promise<{ ms: number; bytes: number }>;
    };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of await pdfBench()) console.log(`${name.padEnd(52)} ${value}`);
}
