import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { closeBrowser, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

/**
 * File → 导出为 PDF in the built app: the writer and the font load on demand, in a worker, from the app's
 * own origin (the CSP allows nothing else), the PDF downloads under the document's title, and its text, read back with
 * pdftotext, is what the user wrote.
 */
// In both themes: the worker, the fonts and the images come from the same origin under the same policy,
// and the journey fails on any violation of it.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`a document exports as a PDF whose text is the document’s (${colorScheme})`, async () => {
    const session = await openSession({ colorScheme });
    const { page, baseURL } = session;
    await signUpAndSignIn(session, { prefix: 'pdf', nickname: 'PDF 用户' });
    await session.goto('/document');
    await page.getByRole('button', { name: /空白文档/ }).click();
    await session.expectPage(/\/document\/local-doc-\d+$/);
    const paper = page.getByRole('textbox', { name: '文档正文' });
    await expect.poll(() => paper.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('季度报告：收入同比增长，利润稳定。');

    // Nothing of the export is loaded before the user asks for it.
    const loadedBefore = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name),
    );
    expect(loadedBefore.filter((url) => /NotoSansSC.*\.ttf$/.test(url))).toEqual([]);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

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
      expect(text.replace(/第 \d+ 页，共 \d+ 页/g, '').replace(/\s/g, '')).toBe(
        '季度报告：收入同比增长，利润稳定。',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The export ran in a worker, off the editor's thread.
    expect(workers.some((url) => /pdfWorker/.test(url))).toBe(true);
    // The font came from the app's own origin.
    const fonts = requested.filter((url) => /NotoSansSC.*\.ttf$/.test(url));
    expect(fonts.length).toBeGreaterThan(0);
    for (const url of fonts) expect(url.startsWith(baseURL)).toBe(true);
    await expect.poll(() => page.getByText('已导出 PDF').isVisible()).toBe(true);
    await session.close();
  });
}
