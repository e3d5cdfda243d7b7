import { afterAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

/**
 * The history as a tool: a chat renamed from its row's menu is found again by a part of its new name,
 * another by a part of what was said in it (Chinese, partial word), the match marked; a pinned chat sits
 * on top under 已置顶; the chat's own menu in the top bar renames it too, and opens the chat as a new
 * document (在文档中打开) whose body holds the question and the answer's headings, list and code.
 */
test('rename, search and pin chats in the history', async () => {
  const session = await openSession();
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'history' });

  const input = page.getByRole('textbox', { name: '输入消息' });
  const send = page.getByRole('button', { name: '发送' });
  const history = page.getByRole('navigation', { name: '主导航' });
  for (const prompt of ['请写一首关于秋天落叶的诗', '周末去哪里玩']) {
    await page.getByRole('button', { name: '新建对话' }).click();
    await input.fill(prompt);
    await input.press('Enter');
    await expect.poll(() => history.getByRole('link', { name: new RegExp(prompt) }).count()).toBe(1);
    await expect.poll(() => send.isVisible(), { timeout: 60_000 }).toBe(true);
  }

  // Rename the trip chat from its row's menu.
  const tripRow = history.getByRole('link', { name: /周末去哪里玩/ });
  await tripRow.hover();
  await history.getByRole('button', { name: '会话操作：周末去哪里玩' }).click();
  await page.getByRole('menuitem', { name: '重命名' }).click();
  const dialog = page.getByRole('alertdialog');
  const field = dialog.getByRole('textbox', { name: '会话名称' });
  await field.fill('杭州西湖周末游');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  await expect.poll(() => history.getByRole('link', { name: /杭州西湖周末游/ }).count()).toBe(1);
  // The top bar shows the open chat's new name.
  await expect.poll(() => page.getByRole('heading', { level: 1, name: '杭州西湖周末游' }).count()).toBe(1);

  // Search by part of the new name, then by part of a word said in the other chat.
  const search = history.getByRole('searchbox', { name: '搜索会话' });
  await search.fill('西湖');
  await expect.poll(() => history.getByRole('link').filter({ hasText: '周末' }).count()).toBe(1);
  await expect.poll(() => history.getByRole('link', { name: /秋天落叶/ }).count()).toBe(0);
  expect(await history.locator('mark').first().textContent()).toBe('西湖');
  await search.fill('秋天落');
  await expect.poll(() => history.getByRole('link', { name: /秋天落叶/ }).count()).toBe(1);
  await expect.poll(() => history.getByRole('link', { name: /杭州西湖/ }).count()).toBe(0);
  await search.fill('没有这样的话');
  await expect.poll(() => history.getByText('没有找到包含“没有这样的话”的会话').isVisible()).toBe(true);
  await search.fill('');
  await expect.poll(() => history.getByRole('link', { name: /杭州西湖|秋天落叶/ }).count()).toBe(2);

  // Pin the older chat: it moves on top under 已置顶.
  const poemRow = history.getByRole('link', { name: /秋天落叶/ });
  await poemRow.hover();
  await history.getByRole('button', { name: /^会话操作：请写一首关于秋天落叶的诗/ }).click();
  await page.getByRole('menuitem', { name: '置顶' }).click();
  await expect
    .poll(async () => (await history.getByRole('heading', { level: 3 }).allTextContents())[0])
    .toBe('已置顶');
  await expectAccessible(page);

  // The open chat (the trip) becomes a new local document: the question quoted, the answer's blocks kept.
  await page.getByRole('button', { name: '对话操作' }).click();
  await page.getByRole('menuitem', { name: '在文档中打开' }).click();
  await page.waitForURL(/\/document\/local-doc-\d+$/);
  const paper = page.getByRole('textbox', { name: '文档正文' });
  await expect.poll(() => paper.locator('blockquote').first().textContent()).toBe('周末去哪里玩');
  await expect.poll(() => paper.getByRole('heading', { name: '想得到真正的回答' }).count()).toBe(1);
  expect(await paper.locator('ol li', { hasText: '打开页面顶部的模型选择器' }).count()).toBe(1);
  expect(await paper.locator('code', { hasText: 'print("你好，万象", 2026)' }).count()).toBe(1);
  // The document is named after the chat.
  await expect.poll(() => page.title()).toBe('杭州西湖周末游 · 万象');

  // A match deep in what was said shows whole in its row's snippet, not cut off at the row's edge.
  await page.getByRole('button', { name: '新建对话' }).click();
  await page.waitForURL(/\/home$/);
  await input.fill(
    '帮我看看下面这段配置为什么一直连不上服务器，谢谢：base_url 写的是 https://api.deepseek.com/v1 ，超时三十秒。',
  );
  await input.press('Enter');
  await expect.poll(() => send.isVisible(), { timeout: 60_000 }).toBe(true);
  await search.fill('DeepSeek');
  const config = history.getByRole('link').filter({ hasText: '帮我看看下面这段配置' });
  const mark = config.locator('mark');
  await expect.poll(() => mark.count()).toBe(1);
  expect(await mark.textContent()).toBe('deepseek');
  const clipped = await mark.evaluate((element) => {
    const shown = (element.parentElement as HTMLElement).getBoundingClientRect();
    const { left, right, top, bottom } = element.getBoundingClientRect();
    return left < shown.left || right > shown.right + 0.5 || top < shown.top || bottom > shown.bottom + 0.5;
  });
  expect(clipped).toBe(false);
  await session.close();
});
