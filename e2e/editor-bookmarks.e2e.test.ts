import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { docxPart, paperOf, saveStatus } from './documentPage';
import { closeBrowser, openBlankDocument, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

const dir = mkdtempSync(path.join(tmpdir(), 'wx-e2e-bookmarks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Chooses 插入 › `item`. */
async function insertMenu(page: Page, item: string) {
  await page.getByRole('menuitem', { name: '插入' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** 插入 › 交叉引用 to the target whose list entry matches `entry`, of the kind given. */
async function insertReference(page: Page, kind: '标题' | '书签', entry: RegExp) {
  await insertMenu(page, '交叉引用');
  const dialog = page.getByRole('dialog', { name: '交叉引用' });
  await dialog.getByRole('button', { name: /引用类型/ }).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  const list = dialog.getByRole('listbox', { name: kind === '标题' ? '引用哪一个标题' : '引用哪一个书签' });
  await list.selectOption({
    label: (await list.locator('option').allTextContents()).find((t) => entry.test(t)) ?? '',
  });
  await dialog.getByRole('button', { name: '插入' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

/**
 * 书签 and 交叉引用 in the built app (issue 34): a heading and a bookmarked phrase, references to both that
 * show their targets' text; a click on the heading's reference puts the caret in the heading; after a
 * reload both are still there; the DOCX export has Word's bookmarks and REF fields.
 */
test('a bookmark and cross-references survive a reload, lead to their target and export as Word’s', async () => {
  const session = await openSession();
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'bookmarks', nickname: '书签用户' });
  const paper = await openBlankDocument(session);
  await paper.click();

  // A heading, then a paragraph with a bookmarked phrase (Ctrl+Shift+F5 on the selection).
  await page.keyboard.type('研究方法');
  await page.getByRole('button', { name: /样式$/ }).click();
  await page.getByRole('option', { name: '标题 1' }).click();
  await paper.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('我们抽取了三百份样本');
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+Shift+F5');
  const bookmarkDialog = page.getByRole('dialog', { name: '书签' });
  await bookmarkDialog.getByRole('textbox', { name: '书签名' }).fill('样本量');
  await bookmarkDialog.getByRole('button', { name: '添加' }).click();
  await expect.poll(() => paper.locator('[data-bookmark="样本量"]').textContent()).toBe('三百份');

  // A paragraph that refers to the heading and to the bookmark.
  await paper.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('详见');
  await insertReference(page, '标题', /研究方法/);
  await page.keyboard.type('，共');
  await insertReference(page, '书签', /样本量/);
  const headingRef = paper.getByRole('link', { name: '交叉引用：研究方法' });
  await expect.poll(() => headingRef.count()).toBe(1);
  await expect.poll(() => paper.getByRole('link', { name: '交叉引用：三百份' }).count()).toBe(1);

  // A click on the reference puts the caret in the heading.
  await headingRef.click();
  await expect
    .poll(() => page.evaluate(() => Boolean(window.getSelection()?.anchorNode?.parentElement?.closest('h1'))))
    .toBe(true);

  // Saved and reopened, the bookmark and the references are still there.
  await expect.poll(() => saveStatus(page)).toBe('saved');
  await page.reload();
  const reopened = paperOf(page);
  await expect.poll(() => reopened.locator('[data-bookmark="样本量"]').textContent()).toBe('三百份');
  await expect.poll(() => reopened.getByRole('link', { name: '交叉引用：研究方法' }).count()).toBe(1);

  // The DOCX: Word's bookmarks and REF fields holding what the references show.
  await page.getByRole('menuitem', { name: '文件' }).click();
  const waiting = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('menuitem', { name: '导出为 DOCX' }).click();
  const file = await waiting;
  const saved = path.join(dir, file.suggestedFilename());
  await file.saveAs(saved);
  const xml = docxPart(saved, 'word/document.xml');
  expect(xml).toMatch(/<w:bookmarkStart[^>]*w:name="样本量"/);
  expect(xml).toMatch(/<w:bookmarkStart[^>]*w:name="_Ref\d{9}"/);
  expect(xml).toMatch(/w:instr="REF _Ref\d{9} \\h"><w:r><w:t[^>]*>研究方法</);
  expect(xml).toMatch(/w:instr="REF 样本量 \\h"><w:r><w:t[^>]*>三百份</);
});
