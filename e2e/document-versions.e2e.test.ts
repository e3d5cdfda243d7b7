import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { addParagraph, cloudStatus, paperOf, saveStatus } from './documentPage';
import { closeBrowser, expectAccessible, openBlankDocument, openSession, register, signIn } from './harness';

afterAll(closeBrowser);

/** Puts `text` at the end of the document in one edit (a paste would), then saves to the cloud (Ctrl+S). */
async function writeAndSave(page: Page, text: string) {
  await addParagraph(page, text, { paste: true });
  await page.keyboard.press('Control+KeyS');
  await expect.poll(() => cloudStatus(page)).toBe('saved');
}

async function openHistory(page: Page) {
  await page.getByRole('menubar', { name: '菜单栏' }).getByRole('menuitem', { name: '文件' }).click();
  await page.getByRole('menuitem', { name: '查看版本历史' }).click();
  const dialog = page.getByRole('dialog', { name: '版本历史' });
  const list = dialog.getByRole('list', { name: '保存过的版本' });
  await expect.poll(() => list.getByRole('button').count()).toBeGreaterThanOrEqual(2);
  return { dialog, versions: list.getByRole('button') };
}

/**
 * 版本历史 on the real server: two versions saved to the cloud, the first one shown beside the current
 * text with the later paragraph marked, restored after a confirmation; the text is the first version's
 * again, and the later version is still in the history.
 */
test('a cloud document’s earlier version is compared, restored, and the later one stays in the history', async () => {
  const session = await openSession();
  const email = await register(session, { prefix: 'versions', nickname: '版本历史' });
  await signIn(session, email);
  await openBlankDocument(session);
  const { page } = session;

  await writeAndSave(page, '第一版的内容');
  await writeAndSave(page, '第二版加的一段');

  const first = await openHistory(page);
  const count = await first.versions.count();
  await expect.poll(() => first.versions.first().textContent()).toContain('当前版本');
  // The oldest version is the first save: the paragraph added later shows as inserted in the current text.
  await first.versions.last().click();
  const inserted = first.dialog.locator('ins');
  await expect.poll(() => inserted.allTextContents()).toContain('第二版加的一段');
  expect(await first.dialog.getByRole('status').textContent()).toMatch(/插入 \d+ 字，删除 0 字/);
  await expectAccessible(page);

  await first.dialog.getByRole('button', { name: '恢复此版本' }).click();
  const confirm = page.getByRole('alertdialog', { name: '恢复此版本？' });
  expect(await confirm.textContent()).toContain('当前文本不会丢失');
  await confirm.getByRole('button', { name: '恢复', exact: true }).click();
  await expect.poll(() => first.dialog.isVisible()).toBe(false);

  // The text is the first version's again, saved locally and to the cloud.
  const paper = paperOf(page);
  await expect.poll(() => paper.textContent()).not.toContain('第二版加的一段');
  expect(await paper.textContent()).toContain('第一版的内容');
  await expect.poll(() => saveStatus(page)).toBe('saved');
  await expect.poll(() => cloudStatus(page)).toBe('saved');

  // The later version is still listed, below the restored one: it holds the paragraph the restore took out.
  const again = await openHistory(page);
  await expect.poll(() => again.versions.count()).toBeGreaterThan(count);
  expect(await again.versions.first().textContent()).toContain('恢复的版本');
  await again.versions.nth(1).click();
  await expect.poll(() => again.dialog.locator('del').allTextContents()).toContain('第二版加的一段');

  // After a reload the text is still the restored one.
  await page.keyboard.press('Escape');
  await expect.poll(() => again.dialog.isVisible()).toBe(false);
  await page.reload();
  await expect.poll(() => paperOf(page).textContent()).toContain('第一版的内容');
  expect(await paperOf(page).textContent()).not.toContain('第二版加的一段');
  await session.close();
}, 240_000);
