import { afterAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, type Session } from './harness';

afterAll(closeBrowser);

/** A chat's own address. */
const CHAT_PATH = /^\/home\/[0-9a-f-]{36}$/;

async function arrive(session: Session, path: string | RegExp) {
  const { page, baseURL } = session;
  await page.waitForURL(typeof path === 'string' ? `${baseURL}${path}` : path);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
}

/**
 * The home chat on the real server with its built-in offline model (which answers
 * in Markdown and quotes the prompt): register (which signs in), send, watch the answer stream, see it
 * rendered with its cost, find the new chat selected in the history, stop a second answer (it says 已停止,
 * and no toast calls the user's own stop an interruption), reload and find the session with its whole
 * history, delete it after confirmation.
 * The prompt carries raw HTML and a script, so the quoted answer proves they render inert.
 */
test('a chat streams, stops, survives a reload and is deleted after confirmation', async () => {
  const session = await openSession();
  const { page } = session;
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const email = `chat-${Date.now()}@example.com`;
  const password = 'wanxiang-chat-2026';

  await session.goto('/register');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  // A new account is signed in at once and lands in the home chat.
  await arrive(session, '/home');

  // A fresh account: the welcome screen with its four suggestions, the model and its price.
  await expect.poll(() => page.getByRole('heading', { name: '今天想聊点什么？' }).isVisible()).toBe(true);
  for (const title of ['创意灵感', '撰写文档', '解答问题', '数据分析']) {
    expect(await page.getByRole('button', { name: new RegExp(title) }).isVisible()).toBe(true);
  }
  // The built-in offline model is a free demonstration, and says so.
  expect(await page.getByTestId('model-price').textContent()).toBe('免费');
  const history = page.getByRole('navigation', { name: '主导航' });
  await expect.poll(() => history.getByText('还没有会话，发送第一条消息吧').isVisible()).toBe(true);

  // A suggestion fills the input; the user replaces it with a prompt that carries hostile markup.
  const input = page.getByRole('textbox', { name: '输入消息' });
  await page.getByRole('button', { name: /解答问题/ }).click();
  expect(await input.inputValue()).toContain('复利');
  const prompt = 'XSS 测试 <img src=x onerror=alert(1)> 与 <script>alert(2)</script> 结束';
  await input.fill(prompt);
  await input.press('Enter');

  // Streaming: the send button became stop, then the answer grows. The input stays editable meanwhile.
  const stop = page.getByRole('button', { name: '停止生成' });
  await expect.poll(() => stop.isVisible()).toBe(true);
  expect(await input.isDisabled()).toBe(false);
  const answer = page.getByRole('article', { name: 'AI 助手' }).last();
  await expect
    .poll(async () => (await answer.textContent())?.length ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(20);
  const early = (await answer.textContent())?.length ?? 0;
  await expect
    .poll(async () => (await answer.textContent())?.length ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(early);

  // Done: the cost shows under the answer, and the input is back.
  await expect
    .poll(() => page.getByRole('button', { name: '发送' }).isVisible(), { timeout: 60_000 })
    .toBe(true);
  await expect.poll(() => answer.getByText(/^消耗 \d+ 积分$/).isVisible()).toBe(true);
  // The new chat has its own address now.
  await expect.poll(() => new URL(page.url()).pathname).toMatch(CHAT_PATH);
  const chatPath = new URL(page.url()).pathname;

  // The quoted markup is plain text: no element was made from it and nothing ran.
  await expect.poll(() => answer.getByText(/<img src=x onerror=alert\(1\)>/).count()).toBeGreaterThan(0);
  expect(await answer.locator('img, script, iframe, [onerror]').count()).toBe(0);
  expect(dialogs).toEqual([]);

  // The new chat is in the history, selected, counted.
  const current = history.locator('a[aria-current="page"]', { hasText: 'XSS 测试' });
  await expect.poll(() => current.count()).toBe(1);
  expect(await history.getByLabel('1 个会话').isVisible()).toBe(true);
  // It is under the history's 今天 heading, the one group there is.
  expect(await history.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['今天']);
  // The answer's two-column table is as wide as its content, not stretched over the column.
  const tableWidth = await answer
    .locator('table')
    .first()
    .evaluate((t) => t.getBoundingClientRect().width);
  expect(tableWidth).toBeLessThan(400);
  await expectAccessible(page);

  // A second turn in the same session, stopped while it streams. Meanwhile the next question is written:
  // Enter does not send it while the answer runs, and it is still there after the stop.
  await input.fill('请再详细讲讲，越长越好');
  await input.press('Enter');
  const second = page.getByRole('article', { name: 'AI 助手' }).last();
  await expect
    .poll(async () => (await second.textContent())?.length ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(10);
  await input.fill('下一个问题的草稿');
  await input.press('Enter');
  expect(await page.getByRole('article', { name: '你' }).last().textContent()).toContain('请再详细讲讲');
  await stop.click();
  expect(await input.inputValue()).toBe('下一个问题的草稿');
  await expect.poll(() => second.getByText('已停止').isVisible()).toBe(true);
  // No final_data comes after a stop, yet the answer shows what the server charged for the part it
  // generated, and which model gave it.
  await expect.poll(() => second.getByText(/^消耗 \d+ 积分$/).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await second.locator('footer').getByText('离线演示模型').isVisible()).toBe(true);
  // The stop was the user's own: no toast reports it as a fault (it would have shown with the stop).
  expect(await page.getByText('对话已中断').count()).toBe(0);
  const stoppedText = (await second.textContent()) ?? '';
  expect(stoppedText.replace('已停止', '').length).toBeGreaterThan(0);

  // Reload: the same chat comes back at its address with its whole history, the stopped answer included.
  // The list is virtualized, so the bottom shows first and the first turn is reached by scrolling up.
  await page.reload();
  await arrive(session, chatPath);
  const you = page.getByRole('article', { name: '你' });
  await expect.poll(() => you.last().textContent(), { timeout: 15_000 }).toContain('请再详细讲讲');
  const reloaded = page.getByRole('article', { name: 'AI 助手' }).last();
  expect(await reloaded.getByText('已停止').isVisible()).toBe(true);
  // The server keeps what it had sent when the stop reached it, which may be a few characters more than
  // the browser had read when it hung up: the kept answer begins as the one on screen and is no shorter.
  const body = (text: string | null) => (text ?? '').replace('已停止', '').trim();
  const kept = body(await reloaded.textContent());
  const seen = body(stoppedText);
  expect(kept.length).toBeGreaterThanOrEqual(seen.length);
  expect(kept.slice(0, Math.min(seen.length, 5))).toBe(seen.slice(0, 5));
  await page.getByRole('region', { name: '对话消息' }).evaluate((list) => list.scrollTo({ top: 0 }));
  await expect.poll(() => you.first().textContent()).toContain('XSS 测试');
  const firstAnswer = page.getByRole('article', { name: 'AI 助手' }).first();
  await expect.poll(() => firstAnswer.getByText(/^消耗 \d+ 积分$/).count()).toBe(1);
  expect(await firstAnswer.locator('img, script, iframe, [onerror]').count()).toBe(0);
  await expect.poll(() => history.locator('a[aria-current="page"]', { hasText: 'XSS 测试' }).count()).toBe(1);

  // Delete it: the row's delete button asks first; confirming removes it and clears the selection.
  const row = history.getByRole('link', { name: /XSS 测试/ });
  await row.hover();
  await history.getByRole('button', { name: /^删除会话：XSS 测试/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect.poll(() => confirm.isVisible()).toBe(true);
  expect(await confirm.textContent()).toContain('确定要删除这个会话吗？');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: '删除', exact: true }).click();
  await expect.poll(() => confirm.count()).toBe(0);
  await expect.poll(() => row.count()).toBe(0);
  await expect.poll(() => page.getByRole('heading', { name: '今天想聊点什么？' }).isVisible()).toBe(true);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
  await expectAccessible(page);

  // And it stays deleted.
  await page.reload();
  await arrive(session, '/home');
  await expect.poll(() => history.getByText('还没有会话，发送第一条消息吧').isVisible()).toBe(true);
  expect(dialogs).toEqual([]);
  await session.close();
  // A long journey (two answers, a stop, a reload, a deletion): more than the default's 90 s on a busy machine.
}, 180_000);

test('in dark mode: accessible, a new chat starts from the welcome screen, the next user sees none of it', async () => {
  const session = await openSession({ colorScheme: 'dark' });
  const { page, baseURL } = session;
  const email = `chat-dark-${Date.now()}@example.com`;
  const password = 'wanxiang-chat-2026';
  const registered = await page.request.post(`${baseURL}/api/auth/register/`, { data: { email, password } });
  expect(registered.ok(), await registered.text()).toBe(true);
  await session.goto('/login');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await arrive(session, '/home');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

  const input = page.getByRole('textbox', { name: '输入消息' });
  await input.fill('你好');
  await input.press('Enter');
  await expect
    .poll(() => page.getByRole('button', { name: '发送' }).isVisible(), { timeout: 60_000 })
    .toBe(true);
  await expectAccessible(page);

  // New chat clears the selection and shows the welcome again; the session stays in the history.
  await page.getByRole('button', { name: '新建对话' }).click({ timeout: 10_000 });
  await expect.poll(() => page.getByRole('heading', { name: '今天想聊点什么？' }).isVisible()).toBe(true);
  const history = page.getByRole('navigation', { name: '主导航' });
  expect(await history.locator('a[aria-current="page"]', { hasText: '你好' }).count()).toBe(0);
  await expect.poll(() => history.getByRole('link', { name: /你好/ }).count()).toBe(1);
  expect(new URL(page.url()).pathname).toBe('/home');

  // Back returns to the chat at its address, forward to the new one.
  await page.goBack({ timeout: 10_000 });
  await expect.poll(() => new URL(page.url()).pathname).toMatch(CHAT_PATH);
  await expect.poll(() => page.getByRole('article', { name: '你' }).first().textContent()).toBe('你好');
  await expect.poll(() => history.locator('a[aria-current="page"]', { hasText: '你好' }).count()).toBe(1);
  await page.goForward({ timeout: 10_000 });
  await expect.poll(() => page.getByRole('heading', { name: '今天想聊点什么？' }).isVisible()).toBe(true);
  // The history marks the open chat on the chat only: on another page nothing is current in it.
  await page.goBack({ timeout: 10_000 });
  await expect.poll(() => history.locator('a[aria-current="page"]', { hasText: '你好' }).count()).toBe(1);
  await history.getByRole('link', { name: '文档' }).click({ timeout: 10_000 });
  await expect.poll(() => new URL(page.url()).pathname).toBe('/document');
  await expect.poll(() => history.locator('a[aria-current="page"]', { hasText: '你好' }).count()).toBe(0);

  // Log out and sign in as someone else: nothing of the first user's chat is left on screen.
  await page.getByRole('button', { name: new RegExp(email) }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.waitForURL(/\/login/);
  const other = `chat-other-${Date.now()}@example.com`;
  const again = await page.request.post(`${baseURL}/api/auth/register/`, {
    data: { email: other, password },
  });
  expect(again.ok(), await again.text()).toBe(true);
  await page.getByLabel('邮箱').fill(other);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await arrive(session, '/home');
  await expect.poll(() => history.getByText('还没有会话，发送第一条消息吧').isVisible()).toBe(true);
  expect(await history.getByRole('link', { name: /你好/ }).count()).toBe(0);
  expect(await page.getByRole('heading', { name: '今天想聊点什么？' }).isVisible()).toBe(true);
  await session.close();
});
