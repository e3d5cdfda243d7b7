import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { paperOf, saveStatus } from './documentPage';
import {
  closeBrowser,
  openBlankDocument,
  openSession,
  type Session,
  signIn,
  signUpAndSignIn,
} from './harness';

afterAll(closeBrowser);

/** 编辑 › 偏好设置, from the menu bar. */
async function openPreferences(session: Session) {
  const { page } = session;
  await page.getByRole('menuitem', { name: '编辑', exact: true }).click();
  await page.getByRole('menu', { name: '编辑' }).getByRole('menuitem', { name: '偏好设置' }).click();
  const dialog = page.getByRole('dialog', { name: '偏好设置' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return dialog;
}

async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('dialog', { name: '偏好设置' })
    .getByRole('button', { name: new RegExp(label) })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The computed font of the paper's first paragraph. */
const bodyFont = (page: Page) =>
  paperOf(page)
    .locator('p')
    .first()
    .evaluate((p) => ({ family: getComputedStyle(p).fontFamily, size: getComputedStyle(p).fontSize }));

/**
 * 偏好设置 kept on the server: 仿宋 16 and autosave off, saved; after a reload a new document opens in 仿宋
 * 16 pt and waits for Ctrl+S; the same account in another browser has the same preferences.
 */
test('the word processor’s preferences follow the user to a new document and to another browser', async () => {
  const session = await openSession();
  const { page } = session;
  const email = await signUpAndSignIn(session, { prefix: 'prefs' });
  await openBlankDocument(session);

  const dialog = await openPreferences(session);
  await expect.poll(() => dialog.getByRole('checkbox', { name: '自动保存' }).isChecked()).toBe(true);
  await choose(page, '默认字体', '仿宋');
  await choose(page, '默认字号', '16');
  // Where a click lands: the label (the checkbox itself is hidden under it).
  await dialog.getByText('自动保存', { exact: true }).click();
  await expect.poll(() => dialog.getByRole('checkbox', { name: '自动保存' }).isChecked()).toBe(false);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await expect.poll(() => page.getByText('偏好设置已保存').isVisible()).toBe(true);

  // After a reload (the preferences come from the server again), a new document uses them.
  await page.reload();
  await openBlankDocument(session);
  const paper = paperOf(page);
  await paper.click();
  await page.keyboard.type('仿宋正文');
  await expect.poll(() => paper.textContent()).toContain('仿宋正文');
  await expect.poll(async () => (await bodyFont(page)).family).toContain('FangSong');
  await expect.poll(async () => (await bodyFont(page)).size).toBe('21.33px');
  // Autosave off: the edit waits for Ctrl+S, and the status says so.
  await expect.poll(() => saveStatus(page)).toBe('dirty');
  await expect.poll(() => page.locator('[data-save-status]').textContent()).toBe('未保存 · 按 Ctrl+S 保存');
  // Leaving the page now asks first.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (question) => {
      resolve(question.type());
      void question.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);
  await page.keyboard.press('Control+KeyS');
  await expect.poll(() => saveStatus(page)).toBe('saved');
  await expect.poll(() => page.locator('[data-save-status]').textContent()).toBe('已保存');

  // Another browser, the same account: the same preferences.
  const other = await openSession();
  await signIn(other, email);
  await openBlankDocument(other);
  const otherDialog = await openPreferences(other);
  await expect
    .poll(() => otherDialog.getByRole('button', { name: /默认字体/ }).textContent())
    .toContain('仿宋');
  await expect
    .poll(() => otherDialog.getByRole('button', { name: /默认字号/ }).textContent())
    .toContain('三号');
  await expect.poll(() => otherDialog.getByRole('checkbox', { name: '自动保存' }).isChecked()).toBe(false);
  await otherDialog.getByRole('button', { name: '取消' }).click();
  await expect.poll(() => otherDialog.isVisible()).toBe(false);
  await paperOf(other.page).click();
  await other.page.keyboard.type('另一台电脑');
  await expect.poll(async () => (await bodyFont(other.page)).family).toContain('FangSong');

  // Saved before closing, so that no question holds the close up.
  await other.page.keyboard.press('Control+KeyS');
  await expect.poll(() => saveStatus(other.page)).toBe('saved');
  await other.close();
  await session.close();
});
