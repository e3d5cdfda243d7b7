/**
 * What the browser benchmarks share: a production Vite build of a bench page (packages/…/bench or
 * apps/…/bench), served by Vite's preview server, and Debian's Chromium; plus the figures' formatting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { type Browser, chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath, sourceResolution } from '../vite.shared';

/** One event of a Chromium trace (Playwright's browser.startTracing), as the benches read them. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  cat?: string;
  args?: { data?: { type?: string } };
}

export const ms = (n: number) => `${n.toFixed(2)} ms`;

/**
 * Builds the page at `root` (relative to the repository) for production, serves it, launches Chromium
 * with `extraArgs`, runs `measure` with the page's URL and the browser, and always tears all three down.
 */
export async function withBenchPage<T>(
  root: string,
  measure: (url: string, browser: Browser) => Promise<T>,
  extraArgs: readonly string[] = [],
): Promise<T> {
  const absoluteRoot = path.resolve(import.meta.dirname, '..', root);
  const outDir = mkdtempSync(path.join(tmpdir(), 'wanxiang-bench-'));
  try {
    await build({
      root: absoluteRoot,
      configFile: false,
      logLevel: 'warn',
      mode: 'production',
      plugins: [react(), vanillaExtractPlugin()],
      ...sourceResolution,
      build: { outDir, emptyOutDir: true },
    });
    const server = await preview({
      root: absoluteRoot,
      configFile: false,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    try {
      const url = server.resolvedUrls?.local[0];
      if (!url) throw new Error(`the bench page server of ${root} has no address`);
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: [...chromiumArgs, ...extraArgs],
      });
      try {
        return await measure(url, browser);
      } finally {
        await browser.close();
      }
    } finally {
      await server.close();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
