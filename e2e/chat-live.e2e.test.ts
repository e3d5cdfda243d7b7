import { afterAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, type Session } from './harness';

afterAll(closeBrowser);

async function arrive(session: Session, path: string | RegExp) {
  const { page, baseURL } = session;
  await page.waitForURL(typeof path === 'string' ? `${baseURL}${path}` : path);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
}

const lengthOf = async (locator: { textContent(): Promise<string | null> }) =>
  ((await locator.textContent()) ?? '').length;

/**
 * An answer belongs to the server, not to the tab that asked: a second tab of the same browser opens the
 * chat while the offline model is still answering, sees the answer growing, and stops it there; the first
 * tab, which asked, shows it stopped with its cost, as does a reload.
 */
test('a second tab follows an answer being generated and stops it; the first tab shows it stopped', async () => {
  const session = await openSession();
  const { page, context } = session;
  const email = `live-${Date.now()}@example.com`;
  const password = 'wanxiang-live-2026';
  await session.goto('/register');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  // A new account is signed in at once and lands in the home chat.
  await arrive(session, '/home');

  // A long question: the offline model quotes it, so the answer takes several seconds to write.
  const input = page.getByRole('textbox', { name: '输入消息' });
  const prompt = `请写一篇很长的文章。${'春天来了，万物复苏，田野里一片生机勃勃的景象。'.repeat(25)}`;
  await input.fill(prompt);
  await input.press('Enter');
  const asked = page.getByRole('article', { name: 'AI 助手' }).last();
  await expect.poll(() => lengthOf(asked), { timeout: 30_000 }).toBeGreaterThan(30);

  // The same chat in a new tab, opened from the history: its answer grows there too.
  const other = await context.newPage();
  await other.goto('/home');
  const listed = other
    .getByRole('navigation', { name: '主导航' })
    .locator('a', { hasText: '请写一篇很长的文章' });
  await expect.poll(() => listed.count(), { timeout: 30_000 }).toBe(1);
  await listed.click();
  const followed = other.getByRole('article', { name: 'AI 助手' }).last();
  await expect.poll(() => lengthOf(followed), { timeout: 30_000 }).toBeGreaterThan(30);
  const early = await lengthOf(followed);
  await expect.poll(() => lengthOf(followed), { timeout: 30_000 }).toBeGreaterThan(early);
  const stop = other.getByRole('button', { name: '停止生成' });
  expect(await stop.isVisible()).toBe(true);
  await expectAccessible(other);

  // Stopped in the second tab: both tabs show it stopped, with what it cost.
  await stop.click();
  await expect.poll(() => followed.getByText('已停止').isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => asked.getByText('已停止').isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => asked.getByText(/^消耗 \d+ 积分$/).isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => followed.getByText(/^消耗 \d+ 积分$/).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByRole('button', { name: '发送' }).isVisible()).toBe(true);
  expect(await other.getByRole('button', { name: '发送' }).isVisible()).toBe(true);
  // A stop the user made, in either tab, is no fault: 已停止 says it, no toast 对话已中断.
  expect(await other.getByText('对话已中断').count()).toBe(0);
  expect(await page.getByText('对话已中断').count()).toBe(0);
  // The whole answer would end with the offline model's tip; it was cut before.
  const body = (text: string | null) => (text ?? '').replace(/已停止|消耗 \d+ 积分/g, '').trim();
  const shownFirst = body(await asked.textContent());
  expect(shownFirst).not.toContain('请联系本站管理员');
  await expect.poll(async () => body(await followed.textContent())).toBe(shownFirst);

  // A reload of the first tab shows the stopped answer as stored.
  await page.reload();
  await page.waitForLoadState('networkidle');
  const reloaded = page.getByRole('article', { name: 'AI 助手' }).last();
  await expect.poll(() => reloaded.getByText('已停止').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(body(await reloaded.textContent())).toBe(shownFirst);
  await other.close();
  await session.close();
}, 240_000);
