import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { docxPart, saveStatus } from './documentPage';
import { closeBrowser, openBlankDocument, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

const dir = mkdtempSync(path.join(tmpdir(), 'wx-e2e-toc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Types `text` as a new block and gives it the paragraph style 标题 1. */
async function heading(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.getByRole('button', { name: /样式$/ }).click();
  await page.getByRole('option', { name: '标题 1' }).click();
}

/**
 * 插入 › 目录 in the built app, in 页面视图: three chapters on three pages (分页符 between them), a table of
 * contents after the cover line whose entries read the pages the sheets show the headings on; a click on an
 * entry takes the caret to its chapter; the DOCX export holds Word's TOC field. No console error or policy
 * violation on the way (the harness fails on one).
 */
test('目录 in page view: entries with the sheets’ page numbers, and a Word TOC field in the DOCX', async () => {
  const session = await openSession();
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'toc', nickname: '目录用户' });
  const paper = await openBlankDocument(session);
  await expect.poll(() => paper.getAttribute('contenteditable')).toBe('true');

  await page.getByRole('menuitem', { name: '视图' }).click();
  await page.getByRole('menuitemradio', { name: '页面视图' }).click();
  await expect.poll(() => page.locator('[data-wx-paper][data-wx-page-view]').count()).toBe(1);

  await paper.click();
  await page.keyboard.type('封面');
  await page.keyboard.press('Enter');
  const chapters = ['第一章 起步', '第二章 进展', '第三章 收尾'];
  for (const [i, chapter] of chapters.entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    await heading(page, chapter);
    await paper.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`${chapter}的正文。`);
  }
  // 分页符 (Ctrl+Enter) at the end of the first two chapters' text: each chapter on a page of its own.
  for (const chapter of chapters.slice(0, 2)) {
    await paper.getByText(`${chapter}的正文。`).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Control+Enter');
  }
  await expect.poll(() => page.locator('[data-wx-sheets] > div').count()).toBe(3);

  // The sheet each chapter's heading stands on, as the reader sees it.
  const sheetsOfHeadings = () =>
    page.evaluate(() => {
      const sheets = [...document.querySelectorAll('[data-wx-sheets] > div')].map((sheet) =>
        sheet.getBoundingClientRect(),
      );
      return [...document.querySelectorAll('[data-lexical-editor] > h1')].map((h1) => {
        // Where its text is: a heading moved to the next sheet keeps its box's top on the one before.
        const range = document.createRange();
        range.selectNodeContents(h1);
        const top = range.getClientRects()[0]?.top ?? h1.getBoundingClientRect().top;
        return String(sheets.findIndex((sheet) => top >= sheet.top && top < sheet.bottom) + 1);
      });
    });
  // The caret after 封面, then 插入 › 目录.
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.getByRole('menuitem', { name: '插入' }).click();
  await page.getByRole('menuitem', { name: '目录', exact: true }).click();
  const toc = paper.getByRole('navigation', { name: '目录' });
  await expect
    .poll(() => toc.locator('[data-toc-text]').allTextContents())
    .toEqual(['第一章 起步', '第二章 进展', '第三章 收尾']);
  // Its page numbers are the sheets' (meant to be 1, 2, 3; the page view's own placement of a heading
  // right after a 分页符 decides, which the table only reads).
  // Each chapter on a sheet of its own, as the page breaks put them.
  const shown = await sheetsOfHeadings();
  expect(shown).toEqual(['1', '2', '3']);
  await expect.poll(() => toc.locator('[data-toc-page]').allTextContents()).toEqual(shown);
  await expect.poll(() => saveStatus(page)).toBe('saved');

  // An entry takes the caret to its chapter.
  await toc.getByRole('link', { name: /第三章 收尾/ }).click();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const node = window.getSelection()?.anchorNode;
        return (node instanceof Element ? node : node?.parentElement)?.closest('h1')?.textContent ?? null;
      }),
    )
    .toBe('第三章 收尾');

  // 导出为 DOCX: Word's TOC field with the entries as its result.
  await page.getByRole('menuitem', { name: '文件' }).click();
  const waiting = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('menuitem', { name: '导出为 DOCX' }).click();
  const file = await waiting;
  const saved = path.join(dir, file.suggestedFilename());
  await file.saveAs(saved);
  const xml = docxPart(saved, 'word/document.xml');
  expect(xml).toContain('TOC \\o');
  expect(xml).toContain('<w:pStyle w:val="TOC1"/>');
  expect(xml).toMatch(new RegExp(`第二章 进展</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t[^>]*>${shown[1]}<`));
  await session.close();
});
