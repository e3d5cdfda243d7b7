/**
 * @wanxiang/charts in Debian Chromium: first render and hover update of the daily chart (90 days × 3
 * lines) and the minute chart (48 slots × 3 lines), from a production Vite build of
 * packages/charts/bench. The budget: a hover update under 4 ms at p95.
 */
import { ms, quantile, withBenchPage } from './browser';

type ChartKind = 'daily' | 'minute';

const MOUNTS = 20;
const HOVER_STEPS = 200;

export async function chartsBench(): Promise<Array<readonly [string, string]>> {
  return withBenchPage('packages/charts/bench', async (url, browser) => {
    const names: Record<ChartKind, string> = {
      daily: 'daily chart (90 days × 3 lines)',
      minute: 'minute chart (48 slots × 3 lines)',
    };
    const rows: Array<readonly [string, string]> = [];
    for (const kind of ['daily', 'minute'] as const) {
      // A fresh page per chart, so "cold" is the first chart React ever renders there.
      const page = await browser.newPage({ viewport: { width: 1024, height: 720 } });
      await page.goto(url);
      await page.waitForFunction(() => window.chartsBench?.ready === true);
      const mounts = await page.evaluate(
        ({ kind, count }) => Array.from({ length: count }, () => window.chartsBench.firstRender(kind)),
        { kind, count: MOUNTS },
      );
      const warm = [...mounts.slice(1)].sort((a, b) => a - b);
      const hovers = (
        await page.evaluate(({ kind, steps }) => window.chartsBench.hover(kind, steps), {
          kind,
          steps: HOVER_STEPS,
        })
      ).sort((a, b) => a - b);
      rows.push(
        [`${names[kind]} first render, cold`, ms(mounts[0] ?? Number.NaN)],
        [`${names[kind]} first render, p50 of ${warm.length}`, ms(quantile(warm, 0.5))],
        [`${names[kind]} hover update p50`, ms(quantile(hovers, 0.5))],
        [`${names[kind]} hover update p95`, ms(quantile(hovers, 0.95))],
      );
      await page.close();
    }
    return rows;
  });
}

declare global {
  interface Window {
    chartsBench: {
      ready: true;
      firstRender(kind: ChartKind): number;
      hover(kind: ChartKind, steps: number): Promise<number[]>;
    };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of await chartsBench()) console.log(`${name.padEnd(52)} ${value}`);
}
