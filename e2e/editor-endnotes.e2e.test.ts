import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { docxPart, paperOf, saveStatus } from './documentPage';
import { closeBrowser, openBlankDocument, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

const dir = mkdtempSync(path.join(tmpdir(), 'wx-e2e-notes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => {
  // The PDF is read as a reader's tools would, with pdftotext.
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error('This journey reads the PDF with pdftotext: install Debian’s poppler-utils.');
  }
});

/** Downloads 文件 → `item` into the test's folder and answers the file's path. */
async function download(page: Page, item: string): Promise<string> {
  await page.getByRole('menuitem', { name: '文件' }).click();
  const waiting = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('menuitem', { name: item }).click();
  const file = await waiting;
  const saved = path.join(dir, file.suggestedFilename());
  await file.saveAs(saved);
  return saved;
}

/** One part of a DOCX package, as text. */
const partOf = docxPart;

/**
 * 脚注和尾注 in the built app (issue 34): a footnote (Ctrl+Alt+F) and an endnote (Ctrl+Alt+D) typed into a new
 * document; the DOCX has the endnote as Word's own (word/endnotes.xml, w:endnoteReference), the PDF prints it
 * at the end of the document under 尾注, after the text, numbered i as endnotes are by default.
 */
test('a footnote and an endnote export as Word’s notes and print in the PDF, the endnote at the end', async () => {
  const session = await openSession();
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'endnotes', nickname: '尾注用户' });
  const paper = await openBlankDocument(session);
  await paper.click();
  await page.keyboard.type('正文开头');
  await page.keyboard.press('Control+Alt+F');
  const footnote = page.getByRole('textbox', { name: '注释 ①' });
  await expect.poll(() => footnote.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type('脚注文字');

  await paperOf(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('，再说一句');
  await page.keyboard.press('Control+Alt+D');
  const endnotes = page.getByRole('region', { name: '尾注' });
  const endnote = endnotes.getByRole('textbox', { name: '尾注 i' });
  await expect.poll(() => endnote.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type('尾注文字');
  await expect.poll(() => endnote.inputValue()).toBe('尾注文字');
  await expect.poll(() => saveStatus(page)).toBe('saved');

  const docx = await download(page, '导出为 DOCX');
  expect(partOf(docx, 'word/document.xml')).toMatch(/<w:endnoteReference w:id="\d+"\/>/);
  expect(partOf(docx, 'word/endnotes.xml')).toContain('尾注文字');
  expect(partOf(docx, 'word/footnotes.xml')).toContain('脚注文字');
  expect(partOf(docx, 'word/footnotes.xml')).not.toContain('尾注文字');

  const pdf = await download(page, '导出为 PDF');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' })
    .replace(/第 \d+ 页，共 \d+ 页/g, '')
    .replace(/\s/g, '');
  // The text with its markers, then 尾注 and the endnote, then the page's footnote at its foot.
  expect(text).toBe('正文开头①，再说一句i尾注i尾注文字①脚注文字');
  await session.close();
});
