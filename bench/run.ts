/**
 * `pnpm bench`: builds the product, starts it as a user would, and prints the figures the issues ask for.
 * Figures are printed, not asserted: speed is judged by people reading them, not by flaky timed tests.
 */
import { buildProduct, LOAD_TEST_LIMITS, startServer } from '../e2e/server';
import { chartsBench } from './charts.bench';
import { chatBrowserBench } from './chat-browser.bench';
import { chatServerBench } from './chat-server.bench';
import { convertBench } from './convert.bench';
import { docxBench } from './docx.bench';
import { editorBench } from './editor.bench';
import { embedBench } from './embed.bench';
import { hostileFilesBench } from './hostile-files.bench';
import { loginBundle } from './login-bundle.bench';
import { loginChallengeBench } from './login-challenge.bench';
import { machineBench } from './machine';
import { marketBench } from './market.bench';
import { marketBrowserBench } from './market-browser.bench';
import { memoryBench } from './memory.bench';
import { pageWeightBench } from './page-weight.bench';
import { pdfBench } from './pdf.bench';

/** `pnpm bench [name…]` runs only the named benchmarks (login-bundle, login-challenge, page-weight, charts, chat-browser, chat-server, editor, convert, docx, embed, market, memory, pdf, hostile-files). */
const benches = {
  'login-bundle': loginBundle,
  'login-challenge': () => loginChallengeBench(),
  'page-weight': pageWeightBench,
  charts: () => chartsBench(),
  'chat-browser': () => chatBrowserBench(),
  'chat-server': chatServerBench,
  editor: () => editorBench(),
  embed: () => embedBench(),
  convert: () => convertBench(),
  docx: () => docxBench(),
  // The emotion series' server times, then the market pages' first paint in the browser.
  market: async () => {
    // The browser's figures are taken even when the series' ones fail.
    const series = await marketBench().catch((error: unknown) => {
      console.error('benchmark market (emotion series) failed:', error);
      process.exitCode = 1;
      return [
        [
          'emotion series',
          `FAILED: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        ] as const,
      ];
    });
    return [...series, ...(await marketBrowserBench())];
  },
  memory: () => memoryBench(),
  pdf: () => pdfBench(),
  'hostile-files': hostileFilesBench,
} as const;
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}.`);
  process.exit(2);
}

if (process.env.BENCH_SKIP_BUILD !== '1') buildProduct();
// The load figures put 20 streams on each user from one address: the per-user and per-address limits
// are raised for them (their own behaviour is tested in apps/server/test/limits.test.ts).
const server = await startServer({ NODE_ENV: 'production', ...LOAD_TEST_LIMITS });
try {
  // The machine's own speed first, before any benchmark loads it: every figure below depends on it.
  const rows: (readonly [string, string])[] = [...machineBench()];
  for (const [name, run] of Object.entries(benches)) {
    if (wanted.length > 0 && !wanted.includes(name)) continue;
    // A benchmark that fails is named with its error, and the others still run.
    try {
      rows.push(...(await run(server)));
    } catch (error) {
      console.error(`benchmark ${name} failed:`, error);
      rows.push([name, `FAILED: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`]);
      process.exitCode = 1;
    }
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('\n万象 benchmarks');
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
} finally {
  await server.stop();
}
