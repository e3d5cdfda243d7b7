import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { paperOf, saveStatus } from './documentPage';
import { closeBrowser, openBlankDocument, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

const dir = mkdtempSync(path.join(tmpdir(), 'wx-e2e-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FIRST = '第一页：公文的正文。';
const SECOND = '第二页：分页符之后。';
const THIRD = '第三页：又一个分页符之后。';

const pdfinfo = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });
/** A page's text as pdftotext reads it. */
const rawPageText = (file: string, page: number) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-'], {
    encoding: 'utf8',
  });
/** A page's text, without white space (line ends fall anywhere) and without its page number. */
const pageText = (file: string, page: number) =>
  rawPageText(file, page)
    .replace(/—\s*\d+\s*—/g, '')
    .replace(/\s/g, '');
/** The 公文 page number a page shows (— n —), or null. */
const numberOn = (file: string, page: number) => /—\s*(\d+)\s*—/.exec(rawPageText(file, page))?.[1] ?? null;
/** The first page's size in points, as pdfinfo reads it. */
function pageSize(file: string): { width: number; height: number } {
  const match = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(pdfinfo(file));
  return { width: Number(match?.[1]), height: Number(match?.[2]) };
}
const pageCount = (file: string) => Number(/Pages:\s+(\d+)/.exec(pdfinfo(file))?.[1]);

/**
 * 页面设置 › 公文, 插入 › 页码 in 公文's style (— n —, at the right, none on the cover), page breaks typed
 * with Ctrl+Enter between three paragraphs: the sheets of the page view, the exported PDF, what the browser
 * prints (only the document, none of the app around it, on the paper and margins chosen) and the DOCX as
 * LibreOffice lays it out are all three A4 pages, each paragraph on its own, numbered alike. Ctrl+P prints
 * through the editor, not the browser's own print of the whole page.
 */
test('公文 margins, page numbers and page breaks: three numbered A4 pages on screen, in PDF, print and DOCX', async () => {
  const session = await openSession({ colorScheme: 'light' });
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'pages', nickname: '公文 用户' });
  const paper = await openBlankDocument(session);
  await expect.poll(() => paper.getAttribute('contenteditable')).toBe('true');
  await paper.click();
  await page.keyboard.type(FIRST);

  // 文件 › 页面设置 › 公文.
  await page.getByRole('menuitem', { name: '文件' }).click();
  await page.getByRole('menuitem', { name: '页面设置' }).click();
  const dialog = page.getByRole('dialog', { name: '页面设置' });
  await dialog.getByRole('button', { name: /页边距预设/ }).click();
  await page.getByRole('option', { name: '公文（GB/T 9704）' }).click();
  await expect.poll(() => dialog.getByRole('textbox', { name: '上' }).inputValue()).toBe('37');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  // The paper's padding is the margins: 37 mm on top, 28 mm on the left (at 96 px an inch).
  const sheet = page.locator('[data-wx-paper]');
  await expect
    .poll(() => sheet.evaluate((el) => Math.round(Number.parseFloat(getComputedStyle(el).paddingTop))))
    .toBe(140);
  await expect
    .poll(() => sheet.evaluate((el) => Math.round(Number.parseFloat(getComputedStyle(el).paddingLeft))))
    .toBe(106);

  // Ctrl+Enter at the end of the first paragraph, then the second.
  await paper.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+Enter');
  await page.keyboard.type(SECOND);
  await page.keyboard.press('Control+Enter');
  await page.keyboard.type(THIRD);
  await expect.poll(() => paperOf(page).getByRole('separator', { name: '分页符' }).count()).toBe(2);

  // 插入 › 页码: 公文's — n — at the right, none on the cover.
  await page.getByRole('menuitem', { name: '插入' }).click();
  await page.getByRole('menuitem', { name: '页码' }).click();
  const numbers = page.getByRole('dialog', { name: '页码' });
  await numbers.getByRole('button', { name: /样式/ }).click();
  await page.getByRole('option', { name: '— 1 —（公文）' }).click();
  await numbers.getByRole('button', { name: /对齐方式/ }).click();
  await page.getByRole('option', { name: '右' }).click();
  // Where a click lands: the label (the checkbox itself is hidden under it).
  await numbers.getByText('首页不显示页码').click();
  await expect.poll(() => numbers.getByRole('checkbox', { name: '首页不显示页码' }).isChecked()).toBe(true);
  await numbers.getByRole('button', { name: '确定' }).click();
  await expect.poll(() => numbers.isVisible()).toBe(false);
  await expect.poll(() => saveStatus(page)).toBe('saved');
  // The page view (the default) shows three sheets, numbered from the second.
  const footers = () =>
    page
      .locator('[data-wx-sheets] > div')
      .evaluateAll((sheets) =>
        sheets.map((sheet) => sheet.querySelector('[data-wx-sheet-band="footer"]')?.textContent ?? ''),
      );
  await expect.poll(footers).toEqual(['', '— 2 —', '— 3 —']);

  // 文件 › 导出为 PDF: three A4 pages, a paragraph on each, numbered as the sheets are.
  await page.getByRole('menuitem', { name: '文件' }).click();
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('menuitem', { name: '导出为 PDF' }).click();
  const exported = path.join(dir, 'exported.pdf');
  await (await download).saveAs(exported);
  expect(pageCount(exported)).toBe(3);
  expect(pageSize(exported).width).toBeCloseTo(595.28, 0);
  expect(pageSize(exported).height).toBeCloseTo(841.89, 0);
  expect(pageText(exported, 1)).toContain(FIRST);
  expect(pageText(exported, 1)).not.toContain(SECOND);
  expect(pageText(exported, 2)).toContain(SECOND);
  expect(pageText(exported, 3)).toContain(THIRD);
  expect([1, 2, 3].map((n) => numberOn(exported, n))).toEqual([null, '2', '3']);
  // The text starts at the left margin (28 mm = 79.4 pt).
  const words = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', exported, '-'], {
    encoding: 'utf8',
  });
  expect(Number(/<word xMin="([\d.]+)"/.exec(words)?.[1])).toBeCloseTo(79.4, 0);

  // Ctrl+P in the editor prints through the editor (window.print, with the print stylesheet in the page),
  // not the browser's own print command.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await paper.click();
  await page.keyboard.press('Control+P');
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // The print stylesheet is in the page, on the document's paper and margins.
  const pageRules = await page.evaluate(() =>
    document.adoptedStyleSheets.flatMap((sheet) =>
      [...sheet.cssRules].filter((rule) => rule instanceof CSSPageRule).map((rule) => rule.cssText),
    ),
  );
  expect(pageRules).toContainEqual(expect.stringMatching(/size: 210mm 297mm; margin: 37mm 26mm 35mm 28mm;/));

  // What the browser prints: the document alone, on three A4 pages, a paragraph on each, numbered alike.
  await page.emulateMedia({ media: 'print' });
  const printed = path.join(dir, 'printed.pdf');
  writeFileSync(printed, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  expect(pageCount(printed)).toBe(3);
  expect(pageSize(printed).width).toBeCloseTo(595.28, 0);
  expect(pageSize(printed).height).toBeCloseTo(841.89, 0);
  expect(pageText(printed, 1)).toContain(FIRST);
  expect(pageText(printed, 1)).not.toContain(SECOND);
  expect(pageText(printed, 2)).toContain(SECOND);
  expect(pageText(printed, 3)).toContain(THIRD);
  expect([1, 2, 3].map((n) => numberOn(printed, n))).toEqual([null, '2', '3']);
  // None of the app's chrome: no menus, no toolbar, no label of the page break.
  for (const chrome of ['文件', '插入', '分页符']) expect(pageText(printed, 1)).not.toContain(chrome);
  // The printed text starts at the left margin too (28 mm).
  const printedWords = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', printed, '-'], {
    encoding: 'utf8',
  });
  expect(Number(/<word xMin="([\d.]+)"/.exec(printedWords)?.[1])).toBeCloseTo(79.4, -1);
  await page.emulateMedia({ media: 'screen' });

  // 文件 › 导出为 DOCX, laid out by LibreOffice: three pages, its own page fields numbering them alike.
  await page.getByRole('menuitem', { name: '文件' }).click();
  const docxDownload = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('menuitem', { name: '导出为 DOCX' }).click();
  const docx = path.join(dir, 'laid-out.docx');
  await (await docxDownload).saveAs(docx);
  const profile = mkdtempSync(path.join(dir, 'lo-profile-'));
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      '--headless',
      '--norestore',
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      docx,
    ],
    { stdio: 'pipe', timeout: 120_000 },
  );
  const laidOut = path.join(dir, 'laid-out.pdf');
  expect(pageCount(laidOut)).toBe(3);
  expect(pageText(laidOut, 3)).toContain(THIRD);
  expect([1, 2, 3].map((n) => numberOn(laidOut, n))).toEqual([null, '2', '3']);
  await session.close();
});
