import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { docxPart, paperOf, saveStatus } from './documentPage';
import { closeBrowser, openBlankDocument, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

const dir = mkdtempSync(path.join(tmpdir(), 'wx-e2e-formula-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function download(page: Page, item: string): Promise<string> {
  await page.getByRole('menuitem', { name: '文件' }).click();
  const waiting = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('menuitem', { name: item }).click();
  const file = await waiting;
  const saved = path.join(dir, file.suggestedFilename());
  await file.saveAs(saved);
  return saved;
}

/** The filled outlines (paths closed and filled, `f`) the PDF's deflated streams draw. */
function filledPaths(file: string): number {
  const raw = readFileSync(file);
  let fills = 0;
  for (let at = raw.indexOf('stream\n'); at >= 0; at = raw.indexOf('stream\n', at + 7)) {
    const end = raw.indexOf('\nendstream', at);
    try {
      const content = inflateSync(raw.subarray(at + 7, end)).toString('latin1');
      fills += content.split('\n').filter((line) => line === 'f' || line.endsWith(' f')).length;
    } catch {
      // Not a deflated stream.
    }
  }
  return fills;
}

/**
 * 插入 › 公式 in the built app, under the production Content-Security-Policy: \frac{a}{b} typed into the
 * dialog is typeset by KaTeX in the page (its fonts and stylesheet load, no violation, no console error),
 * Alt+= opens the same dialog, the DOCX holds the formula as a Word equation with its fraction, and the PDF
 * (made by the server) draws it as outlines, its LaTeX source nowhere in the text.
 */
test('a formula inserted through the menu is typeset in the page and exports as a Word equation', async () => {
  const session = await openSession();
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'formula', nickname: '公式用户' });
  const paper = await openBlankDocument(session);
  await paper.click();
  await page.keyboard.type('比例为');

  await page.getByRole('menuitem', { name: '插入' }).click();
  await page.getByRole('menuitem', { name: /^公式/ }).click();
  const dialog = page.getByRole('dialog', { name: '插入公式' });
  const source = dialog.getByRole('textbox', { name: 'LaTeX 公式' });
  await source.fill('\\frac{a}{b}');
  await expect.poll(() => dialog.locator('.katex .mfrac').count()).toBe(1);
  await dialog.getByRole('button', { name: '插入', exact: true }).click();
  await expect.poll(() => dialog.count()).toBe(0);

  const formula = paperOf(page).getByRole('img', { name: '公式：\\frac{a}{b}' });
  await expect.poll(() => formula.locator('.katex .mfrac').count()).toBe(1);
  // KaTeX's own font drew it: the stylesheet and the fonts loaded under the policy.
  await expect.poll(() => page.evaluate(() => document.fonts.check('italic 16px KaTeX_Math'))).toBe(true);
  // The fraction is laid out (numerator above denominator), not a line of source text.
  const letter = (text: string) =>
    formula
      .locator('.katex-html .mord.mathnormal')
      .filter({ hasText: new RegExp(`^${text}$`) })
      .boundingBox();
  const [numerator, denominator] = await Promise.all([letter('a'), letter('b')]);
  expect(numerator && denominator && numerator.y < denominator.y).toBe(true);
  await expect.poll(() => saveStatus(page)).toBe('saved');

  // Word's key for a new equation opens the same dialog.
  await paper.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Alt+Equal');
  await expect.poll(() => page.getByRole('dialog', { name: '插入公式' }).count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

  const docx = await download(page, '导出为 DOCX');
  const xml = docxPart(docx, 'word/document.xml');
  expect(xml).toMatch(
    /<m:oMath\b[^>]*>\s*<m:f>\s*<m:num>[\s\S]*?a[\s\S]*?<\/m:num>\s*<m:den>[\s\S]*?b[\s\S]*?<\/m:den>/,
  );

  const pdf = await download(page, '导出为 PDF');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain('比例为');
  expect(text).not.toContain('frac');
  expect(text).not.toContain('$');
  // a, b and the fraction's bar.
  expect(filledPaths(pdf)).toBeGreaterThanOrEqual(3);
  await session.close();
});
