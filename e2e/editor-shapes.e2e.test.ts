import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { docxPart, saveStatus } from './documentPage';
import { closeBrowser, openBlankDocument, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

const dir = mkdtempSync(path.join(tmpdir(), 'wx-e2e-shapes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * 插入 › 文本框 in the built app: the caret goes into the new box, 你好 typed there is its text, and the DOCX
 * export holds it as a VML text box Word draws (a v:rect with w:txbxContent); no console error nor CSP
 * violation on the way (session.close checks both).
 */
test('a text box typed in exports to DOCX as a VML shape with its text', async () => {
  const session = await openSession();
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'shapes', nickname: '形状用户' });
  const paper = await openBlankDocument(session);
  await paper.click();
  await page.keyboard.type('开头');

  await page.getByRole('menuitem', { name: '插入' }).click();
  await page.getByRole('menuitem', { name: '文本框' }).click();
  const box = page.getByRole('textbox', { name: /^文本框中的文字/ });
  await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type('你好');
  await page.keyboard.press('Control+Enter');
  await expect.poll(() => page.locator('.wx-ed-shape-text').textContent()).toBe('你好');
  await expect.poll(() => saveStatus(page)).toBe('saved');

  await page.getByRole('menuitem', { name: '文件' }).click();
  const waiting = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('menuitem', { name: '导出为 DOCX' }).click();
  const file = await waiting;
  const saved = path.join(dir, file.suggestedFilename());
  await file.saveAs(saved);
  const xml = docxPart(saved, 'word/document.xml');
  expect(xml).toMatch(
    /<w:pict><v:(rect|shape)\b[^>]*>[\s\S]*<w:txbxContent>[\s\S]*你好[\s\S]*<\/w:txbxContent>/,
  );
  expect(xml).toContain('开头');
  await session.close();
});
