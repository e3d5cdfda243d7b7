/**
 * `pnpm bench`: builds the product, starts it as a user would, and prints the figures the issues ask for.
 * Figures are printed, not asserted: speed is judged by people reading them, not by flaky timed tests.
 */
import { buildProduct, startServer } from '../e2e/server';
import { chartsBench } from './charts.bench';
import { chatBrowserBench } from './chat-browser.bench';
import { chatServerBench } from './chat-server.bench';
import { editorBench } from './editor.bench';
import { loginBundle } from './login-bundle.bench';

if (process.env.BENCH_SKIP_BUILD !== '1') buildProduct();
const server = await startServer({ NODE_ENV: 'production' });
try {
  const rows: (readonly [string, string])[] = [];
  rows.push(...(await loginBundle(server)));
  rows.push(...(await chartsBench()));
  rows.push(...(await chatBrowserBench()));
  rows.push(...(await chatServerBench(server)));
  rows.push(...(await editorBench()));
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('\n万象 benchmarks');
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
} finally {
  await server.stop();
}
