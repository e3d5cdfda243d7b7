import { afterAll, expect, test } from 'vitest';
import { addParagraph, cloudStatus, paperOf } from './documentPage';
import { closeBrowser, openBlankDocument, openSession, register, signIn } from './harness';

afterAll(closeBrowser);

/**
 * A signed-in user's new document is a cloud document from its first keystroke: another browser signed in
 * to the same account lists it without any 保存到云端. Typed while the network is gone (and the page
 * reloaded meanwhile), the paragraph waits in this browser, the label says so, and it reaches the server
 * when the network is back.
 */
test('a new document is in the cloud from its first edit, and offline typing syncs on reconnect', async () => {
  const laptop = await openSession();
  const email = await register(laptop, { prefix: 'cloudfirst', nickname: '云端优先' });
  await signIn(laptop, email);
  await openBlankDocument(laptop);
  const { page } = laptop;
  const address = page.url();
  await addParagraph(page, '云端优先的第一段');
  await expect.poll(() => cloudStatus(page)).toBe('saved');
  expect(await page.getByRole('status').filter({ hasText: '已保存到云端' }).isVisible()).toBe(true);

  // Another browser (another context: its own storage) of the same user lists it, with no Ctrl+S.
  const desk = await openSession();
  await signIn(desk, email);
  await desk.goto('/document');
  const cloudList = desk.page.getByRole('list', { name: '云端文档列表' });
  await expect.poll(() => cloudList.getByRole('button', { name: /^云端优先的第一段/ }).count()).toBe(1);

  // The network goes: the edit is kept here and queued.
  laptop.allowConsoleError(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|Failed to load resource/);
  await laptop.context.setOffline(true);
  await addParagraph(page, '断网时写的第二段');
  await expect.poll(() => cloudStatus(page)).toBe('offline');
  expect(
    await page.getByRole('status').filter({ hasText: '离线，已保存在本机，联网后同步' }).isVisible(),
  ).toBe(true);

  // The page reloads while the server stays out of reach (the app loads, its document calls do not).
  await laptop.context.route('**/api/docs/**', (route) => route.abort('internetdisconnected'));
  await laptop.context.setOffline(false);
  await page.reload();
  await expect.poll(() => paperOf(page).textContent()).toContain('断网时写的第二段');
  expect(page.url()).toBe(address);
  await expect.poll(() => cloudStatus(page)).toBe('offline');

  // Back online: the queued edit reaches the server.
  await laptop.context.setOffline(true);
  await laptop.context.unroute('**/api/docs/**');
  await laptop.context.setOffline(false);
  await expect.poll(() => cloudStatus(page), { timeout: 30_000 }).toBe('saved');

  // The other browser opens it from the cloud: both paragraphs are there.
  await desk.page.reload();
  await cloudList.getByRole('button', { name: /^云端优先的第一段/ }).click();
  await desk.expectPage(/\/document\/local-doc-\d+$/);
  await expect.poll(() => paperOf(desk.page).textContent()).toContain('断网时写的第二段');
  expect(await paperOf(desk.page).textContent()).toContain('云端优先的第一段');

  // Back on its home, the laptop lists the document once: a card that says 云端, no second cloud row.
  await page.getByRole('button', { name: '返回文档首页' }).click();
  await laptop.expectPage('/document');
  const card = page.getByRole('button', { name: /^云端优先的第一段/ });
  await expect.poll(() => card.count()).toBe(1);
  expect(await page.locator('[data-document-place="cloud"]').count()).toBe(1);
  await expect.poll(() => page.getByText('没有只在云端的文档').isVisible(), { timeout: 10_000 }).toBe(true);

  await desk.close();
  await laptop.close();
}, 240_000);
