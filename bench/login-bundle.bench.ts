import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { RunningServer } from '../e2e/server';
import { chromiumArgs, chromiumPath } from '../vite.shared';

/** The gzip size of the JS and CSS a first visit to /login downloads (fonts and images apart). */
export async function loginBundle(server: RunningServer) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage();
  const sizes = { js: 0, css: 0, files: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
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
  });
  await page.goto(`${server.baseURL}/login`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return [
    ['/login JS (gzip)', kb(sizes.js)],
    ['/login CSS (gzip)', kb(sizes.css)],
    ['/login JS + CSS files', String(sizes.files)],
  ] as const;
}
