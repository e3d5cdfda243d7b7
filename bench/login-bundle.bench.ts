import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import type { RunningServer } from '../e2e/server';
import { chromiumArgs, chromiumPath } from '../vite.shared';

/** The gzip size of the JS and CSS a first visit to /login downloads (fonts and images apart). */
export async function loginBundle(server: RunningServer) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const sizes = { js: 0, css: 0, files: 0 };
  try {
    const page = await browser.newPage();
    const pending: Promise<void>[] = [];
    const measure = (response: Response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        response.body().then((body) => {
          const gz = gzipSync(body, { level: 9 }).length;
          if (type === 'script') sizes.js += gz;
          else sizes.css += gz;
          sizes.files++;
        }),
      );
    };
    page.on('response', measure);
    await page.goto(`${server.baseURL}/login`, { waitUntil: 'networkidle' });
    // Every body is read before the browser closes: a response counted after it would read a closed page.
    page.off('response', measure);
    await Promise.all(pending);
  } finally {
    await browser.close();
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return [
    ['/login JS (gzip)', kb(sizes.js)],
    ['/login CSS (gzip)', kb(sizes.css)],
    ['/login JS + CSS files', String(sizes.files)],
  ] as const;
}
