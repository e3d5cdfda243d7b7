import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { closeBrowser, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

/** Types the document's one line in a new blank document, and opens 文件 ready for 导出为 PDF. */
async function writeDocument(colorScheme: 'light' | 'dark', prefix: string) {
  const session = await openSession({ colorScheme });
  const { page } = session;
  await signUpAndSignIn(session, { prefix, nickname: 'PDF 用户' });
  await session.goto('/document');
  await page.getByRole('button', { name: /空白文档/ }).click();
  await session.expectPage(/\/document\/local-doc-\d+$/);
  const paper = page.getByRole('textbox', { name: '文档正文' });
  await expect.poll(() => paper.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(TEXT);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  return { session, page, requested, workers };
}

const TEXT = '季度报告：收入同比增长，利润稳定。';

/** Exports through 文件 → 导出为 PDF and answers the text pdftotext reads from the file downloaded. */
async function exportAndRead(page: Page): Promise<string> {
  await page.getByRole('menuitem', { name: '文件' }).click();
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('menuitem', { name: '导出为 PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const dir = mkdtempSync(path.join(tmpdir(), 'wx-e2e-pdf-'));
  try {
    const saved = path.join(dir, 'out.pdf');
    await file.saveAs(saved);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', saved, '-'], { encoding: 'utf8' });
    return text.replace(/第 \d+ 页，共 \d+ 页/g, '').replace(/\s/g, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One of the PDF writer's font files (Noto Sans SC, Noto Serif SC, LXGW WenKai). */
const isFont = (url: string) => /(NotoSansSC|NotoSerifSC|lxgw-wenkai).*\.(ttf|woff)$/.test(url);

/**
 * File → 导出为 PDF in the built app, signed in: the server makes the PDF, which has the fonts on its disk, so
 * the browser downloads the file alone (not 20 MiB of fonts), under the document's title; its text, read
 * back with pdftotext, is what the user wrote. In both themes, failing on any violation of the page's policy.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`a document exports as a PDF whose text is the document’s, made by the server (${colorScheme})`, async () => {
    const { session, page, requested, workers } = await writeDocument(colorScheme, 'pdf');
    expect(await exportAndRead(page)).toBe(TEXT);
    expect(requested.some((url) => /\/api\/exports\//.test(url))).toBe(true);
    expect(requested.filter(isFont)).toEqual([]);
    expect(workers.some((url) => /pdfWorker/.test(url))).toBe(false);
    await expect.poll(() => page.getByText(/^已导出 .*\.pdf$/).isVisible()).toBe(true);
    await session.close();
  });
}

/**
 * When the server cannot make it (down, the user's storage full), the browser does: the writer and the font
 * load on demand, in a worker, from the app's own origin (the policy allows nothing else).
 */
test('a PDF the server cannot make is made in the browser, with the font from the app’s own origin', async () => {
  const { session, page, requested, workers } = await writeDocument('light', 'pdf-fallback');
  // Nothing of the browser's writer is loaded before it is needed.
  const loadedBefore = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect(loadedBefore.filter(isFont)).toEqual([]);
  await page.route('**/api/exports/transient', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"导出服务暂不可用"}' }),
  );
  const refused = session.allowConsoleError(/status of 503 .*\/api\/exports\/transient/);
  expect(await exportAndRead(page)).toBe(TEXT);
  refused();
  expect(workers.some((url) => /pdfWorker/.test(url))).toBe(true);
  const fonts = requested.filter(isFont);
  expect(fonts.length).toBeGreaterThan(0);
  for (const url of fonts) expect(url.startsWith(session.baseURL)).toBe(true);
  await expect.poll(() => page.getByText('已导出 PDF').isVisible()).toBe(true);
  await session.close();
});
