import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { addParagraph, cloudStatus, paperOf } from './documentPage';
import { closeBrowser, openBlankDocument, openSession, register, signIn } from './harness';

afterAll(closeBrowser);

const readOnlyNotice = (page: Page) => page.getByText('这个文档正在另一个标签页中编辑');

/** The reading tab asks to edit; the editing tab gives way. */
async function takeOver(reader: Page, editor: Page) {
  await expect.poll(() => readOnlyNotice(reader).isVisible()).toBe(true);
  await reader.getByRole('button', { name: '在此编辑' }).click();
  await expect.poll(() => readOnlyNotice(reader).isVisible()).toBe(false);
  await expect.poll(() => readOnlyNotice(editor).isVisible()).toBe(true);
}

/**
 * One document open in two tabs of one browser: one tab edits, the other says so and is read-only until
 * the user chooses to edit there. Paragraphs typed in turn in both, first in a local document and then
 * after it was saved to the cloud, are all in the document after a reload, locally and in the cloud.
 */
test('two tabs of one document never drop each other’s paragraphs, locally or in the cloud', async () => {
  const session = await openSession();
  const email = await register(session, { prefix: 'cloud', nickname: '两个标签页' });
  await signIn(session, email);
  await openBlankDocument(session);
  const first = session.page;
  const url = first.url();
  const second = await session.context.newPage();
  await second.goto(url);
  await expect.poll(() => paperOf(second).isVisible()).toBe(true);
  await expect.poll(() => readOnlyNotice(second).isVisible()).toBe(true);
  expect(await paperOf(second).getAttribute('contenteditable')).toBe('false');

  await addParagraph(first, '甲的第一段');
  // The reading tab follows the editing tab's saves.
  await expect.poll(() => paperOf(second).textContent()).toContain('甲的第一段');
  await takeOver(second, first);
  await addParagraph(second, '乙的第一段');
  await takeOver(first, second);
  await addParagraph(first, '甲的第二段');

  await first.reload();
  await expect.poll(() => paperOf(first).textContent()).toContain('甲的第二段');
  const local = (await paperOf(first).textContent()) ?? '';
  for (const text of ['甲的第一段', '乙的第一段', '甲的第二段']) expect(local).toContain(text);

  // Reloading gave the lock up: the other tab edits now, this one reads until it asks.
  await takeOver(first, second);
  // Saved to the cloud (Ctrl+S): the document keeps its address and gets its uuid.
  await paperOf(first).click();
  await first.keyboard.press('Control+KeyS');
  await expect.poll(() => cloudStatus(first)).toBe('saved');
  expect(await first.getByRole('status').filter({ hasText: '已保存到云端' }).isVisible()).toBe(true);
  expect(first.url()).toBe(url);

  await takeOver(second, first);
  await addParagraph(second, '乙的云端段');
  await expect.poll(() => cloudStatus(second)).toBe('saved');
  await takeOver(first, second);
  await addParagraph(first, '甲的云端段');
  await expect.poll(() => cloudStatus(first)).toBe('saved');

  await second.reload();
  await expect.poll(() => paperOf(second).textContent()).toContain('甲的云端段');
  const all = ['甲的第一段', '乙的第一段', '甲的第二段', '乙的云端段', '甲的云端段'];
  const reloaded = (await paperOf(second).textContent()) ?? '';
  for (const text of all) expect(reloaded).toContain(text);

  // The cloud has every paragraph too: another browser signed in to the account opens the same document.
  const other = await openSession();
  await signIn(other, email);
  await other.goto('/document');
  const cloudList = other.page.getByRole('list', { name: '云端文档列表' });
  // Each cloud document is one list item: its open button and its delete button.
  await expect.poll(() => cloudList.getByRole('listitem').count()).toBe(1);
  expect(await cloudList.textContent()).toMatch(/更新于/);
  await cloudList.getByRole('button', { name: /^甲的第一段/ }).click();
  await other.expectPage(/\/document\/local-doc-\d+$/);
  await expect.poll(() => paperOf(other.page).textContent()).toContain('甲的云端段');
  const elsewhere = (await paperOf(other.page).textContent()) ?? '';
  for (const text of all) expect(elsewhere).toContain(text);

  await other.close();
  await second.close();
  await session.close();
}, 240_000);

/**
 * A save from a stale copy (another device saved meanwhile) is refused and shown as a choice; whichever
 * the user keeps, the other version stays as a document of its own.
 */
test('a conflict with another device shows the choice and keeps both versions', async () => {
  const laptop = await openSession();
  const email = await register(laptop, { prefix: 'cloud', nickname: '两台设备' });
  await signIn(laptop, email);
  await openBlankDocument(laptop);
  await addParagraph(laptop.page, '共同的开头');
  await laptop.page.keyboard.press('Control+KeyS');
  await expect.poll(() => cloudStatus(laptop.page)).toBe('saved');

  // Another device opens it from the cloud and saves a change.
  const phone = await openSession();
  await signIn(phone, email);
  await phone.goto('/document');
  await phone.page
    .getByRole('list', { name: '云端文档列表' })
    .getByRole('button', { name: /^共同的开头/ })
    .click();
  await phone.expectPage(/\/document\/local-doc-\d+$/);
  await expect.poll(() => paperOf(phone.page).textContent()).toContain('共同的开头');
  await addParagraph(phone.page, '手机上的修改');
  await expect.poll(() => cloudStatus(phone.page)).toBe('saved');

  // The laptop, still on the version before, saves its own change: refused (409, which the browser logs),
  // and the choice is shown.
  laptop.allowConsoleError(/status of 409 .*\/api\/docs\/[0-9a-f-]+\/\)$/);
  await addParagraph(laptop.page, '电脑上的修改');
  const dialog = laptop.page.getByRole('dialog', { name: '文档在别处被修改了' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  expect(await dialog.textContent()).toContain('手机上的修改');
  expect(await dialog.textContent()).toContain('电脑上的修改');
  expect(await cloudStatus(laptop.page)).toBe('conflict');
  await dialog.getByRole('button', { name: '保留这里的版本' }).click();
  await expect.poll(() => cloudStatus(laptop.page)).toBe('saved');
  expect(await paperOf(laptop.page).textContent()).toContain('电脑上的修改');

  // The phone's version is kept as a document of its own on the laptop.
  await laptop.page.getByRole('button', { name: '返回文档首页' }).click();
  await laptop.expectPage('/document');
  const copy = laptop.page.getByRole('button', { name: /^共同的开头（云端版本）/ });
  await expect.poll(() => copy.isVisible()).toBe(true);
  await copy.click();
  await expect.poll(() => paperOf(laptop.page).textContent()).toContain('手机上的修改');

  // The phone, opening the document again, gets the version the laptop kept.
  await phone.page.reload();
  await expect.poll(() => paperOf(phone.page).textContent()).toContain('电脑上的修改');

  await phone.close();
  await laptop.close();
}, 180_000);
