import { readFile } from 'node:fs/promises';
import { afterAll, expect, test } from 'vitest';
import { closeBrowser, openBlankDocument, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

/**
 * Documents in and out of the built app (issue 16): 文件 → 导出为 DOCX and 导出为 Markdown download the
 * document, and the DOCX opens again with 文件 → 打开… as a new document with its heading and text — the
 * converters running in their worker in the production build.
 */
test('a document exported as DOCX and Markdown downloads, and the DOCX opens again as a new document', async () => {
  const session = await openSession();
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'files', nickname: '文件用户' });
  const paper = await openBlankDocument(session);
  await paper.click();
  await page.keyboard.type('年度计划:下半年发布');
  await expect.poll(() => page.locator('[data-save-status]').getAttribute('data-save-status')).toBe('saved');
  const firstUrl = page.url();

  const download = async (item: string) => {
    await page.getByRole('menuitem', { name: '文件' }).click();
    const waiting = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const file = await waiting;
    return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
  };

  // The title's colon is not allowed in a file name: it becomes _.
  const docx = await download('导出为 DOCX');
  expect(docx.name).toBe('年度计划_下半年发布.docx');
  expect(docx.bytes.subarray(0, 2).toString()).toBe('PK');
  const markdown = await download('导出为 Markdown');
  expect(markdown.name).toBe('年度计划_下半年发布.md');
  expect(markdown.bytes.toString('utf8')).toBe('年度计划:下半年发布\n');

  await page.getByRole('menuitem', { name: '文件' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: '打开…' }).click();
  await (await chooser).setFiles({
    name: docx.name,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx.bytes,
  });
  await expect.poll(() => page.url()).not.toBe(firstUrl);
  await expect.poll(() => paper.textContent()).toBe('年度计划:下半年发布');
  await session.close();
});
