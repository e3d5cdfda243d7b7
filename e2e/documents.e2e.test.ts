import { afterAll, expect, test } from 'vitest';
import { closeBrowser, openSession } from './harness';

afterAll(closeBrowser);

/**
 * The document journey of spec 01 §2 and 02: from the document home, create a blank document, write
 * Chinese, format it, insert a table and a footnote; after a reload everything is still there (IndexedDB),
 * and the home lists the document under its title.
 */
test('a document written in the editor survives a reload and shows on the document home', async () => {
  const session = await openSession();
  const { page, baseURL } = session;
  const email = `doc-${Date.now()}@example.com`;
  const password = 'wanxiang-docs-2026';

  const registered = await page.request.post(`${baseURL}/api/auth/register/`, {
    data: { email, password, nickname: '文档用户' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  await session.goto('/login');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  // Signed in: the app lands on the home chat (scanned by its own journey, not this one).
  await page.waitForURL(`${baseURL}/home`);

  await session.goto('/document');
  await page.getByRole('button', { name: /空白文档/ }).click();
  await session.expectPage(/\/document\/local-doc-\d+$/);
  const documentUrl = page.url();

  const paper = page.getByRole('textbox', { name: '文档正文' });
  await expect.poll(() => paper.isVisible()).toBe(true);
  await paper.click();
  await page.keyboard.type('万象季度报告');
  // Select the line and make it bold from the toolbar.
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: '加粗' }).click();
  await expect.poll(() => paper.locator('.wx-ed-bold').textContent()).toBe('万象季度报告');

  // A footnote at the end of the title line, with its note text.
  await paper.click();
  await page.keyboard.press('End');
  await page.keyboard.press('Control+Alt+KeyF');
  const note = page.getByRole('textbox', { name: '注释 ①' });
  await expect.poll(() => note.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type('数据截至九月底');

  // A new paragraph, then the 3 × 4 table with its header row; write into the first body cell.
  await paper.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  // Whether the new paragraph carries the bold on depends on what ends the title line (here the footnote
  // marker); the toolbar says which, and Ctrl+B turns it off when it is on.
  const bold = page.getByRole('button', { name: '加粗' });
  await page.waitForTimeout(200);
  if ((await bold.getAttribute('aria-pressed')) === 'true') await page.keyboard.press('Control+KeyB');
  await expect.poll(() => bold.getAttribute('aria-pressed')).not.toBe('true');
  await page.keyboard.type('正文第二段');
  await page.getByRole('button', { name: '居中' }).click();
  // Chinese through an input method: the composition commits whole, nothing is lost or doubled.
  await paper.click();
  await page.keyboard.press('End');
  const ime = await page.context().newCDPSession(page);
  await ime.send('Input.imeSetComposition', { text: 'zhong', selectionStart: 5, selectionEnd: 5 });
  await ime.send('Input.imeSetComposition', { text: '中文', selectionStart: 2, selectionEnd: 2 });
  await ime.send('Input.insertText', { text: '中文' });
  await expect.poll(() => paper.textContent()).toContain('正文第二段中文');
  await page.getByRole('button', { name: /插入表格/ }).click();
  await expect.poll(() => paper.locator('tr').count()).toBe(3);
  await page.keyboard.type('一百二十');

  await expect.poll(() => page.locator('[data-save-status]').getAttribute('data-save-status')).toBe('saved');

  await page.reload();
  await session.expectPage(documentUrl.slice(baseURL.length));
  const reloaded = page.getByRole('textbox', { name: '文档正文' });
  await expect.poll(() => reloaded.locator('.wx-ed-bold').allTextContents()).toEqual(['万象季度报告']);
  await expect.poll(() => reloaded.textContent()).toContain('正文第二段中文');
  expect(
    await reloaded
      .getByText('正文第二段')
      .evaluate((el) => getComputedStyle(el.closest('p') as Element).textAlign),
  ).toBe('center');
  expect(await reloaded.locator('tr').count()).toBe(3);
  expect(await reloaded.locator('th').allTextContents()).toEqual(['列 1', '列 2', '列 3', '列 4']);
  expect(await reloaded.locator('td').first().textContent()).toBe('一百二十');
  expect(await page.getByRole('textbox', { name: '注释 ①' }).inputValue()).toBe('数据截至九月底');
  expect(await page.getByText('草稿 · 万象季度报告').isVisible()).toBe(true);

  await page.getByRole('button', { name: '返回文档首页' }).click();
  await session.expectPage('/document');
  await expect.poll(() => page.getByRole('button', { name: /万象季度报告/ }).isVisible()).toBe(true);
  await session.close();
});
