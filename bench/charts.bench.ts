/**
 * @wanxiang/charts in Debian Chromium: first render and hover update of the daily chart (90 days × 3
 * lines) and the minute chart (48 slots × 3 lines), from a production Vite build of
 * packages/charts/bench. The budget: a hover update under 4 ms at p95.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath, sourceResolution } from '../vite.shared';

type ChartKind = 'daily' | 'minute';

const MOUNTS = 20;
const HOVER_STEPS = 200;

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(2)} ms`;

export async function chartsBench(): Promise<Array<readonly [string, string]>> {
  const root = path.resolve(import.meta.dirname, '../packages/charts/bench');
  const outDir = mkdtempSync(path.join(tmpdir(), 'wanxiang-charts-bench-'));
  try {
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      mode: 'production',
      plugins: [react(), vanillaExtractPlugin()],
      ...sourceResolution,
      build: { outDir, emptyOutDir: true },
    });
    const server = await preview({
      root,
      configFile: false,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('the bench page server has no address');
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
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
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
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
