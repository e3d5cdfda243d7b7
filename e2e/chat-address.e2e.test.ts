import { afterAll, expect, test } from 'vitest';
import { closeBrowser, openSession, register, signIn, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

/** A chat's own address. */
const CHAT_PATH = /^\/home\/[0-9a-f-]{36}$/;

/**
 * Addresses that name nothing: another user's chat, a made-up id, an address that is no id at all, a cloud
 * document the server does not have and a local one this browser does not have. Each says the thing is not
 * there (not that loading failed, and with no 重试, which could never help) and offers a new one.
 */
test('a chat or document address that names nothing says so and offers a new one', async () => {
  const owner = await openSession();
  await signUpAndSignIn(owner, { prefix: 'owner' });
  const ownerInput = owner.page.getByRole('textbox', { name: '输入消息' });
  await ownerInput.fill('我的私人对话');
  await ownerInput.press('Enter');
  await expect.poll(() => new URL(owner.page.url()).pathname).toMatch(CHAT_PATH);
  const ownersChat = new URL(owner.page.url()).pathname;
  await expect
    .poll(() => owner.page.getByRole('button', { name: '发送' }).isVisible(), { timeout: 60_000 })
    .toBe(true);
  await owner.close();

  const session = await openSession({ colorScheme: 'dark' });
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'stranger' });
  // The browser logs each 404 as an error; those are the answers this journey asks for.
  session.allowConsoleError(/status of 404 .*\/api\/chat\/sessions\/[^/]+\/\)$/);
  session.allowConsoleError(/status of 404 .*\/api\/docs\/[^/]+\/\)$/);
  const main = page.getByRole('main');
  for (const path of [ownersChat, `/home/${crypto.randomUUID()}`, '/home/not-a-uuid']) {
    await session.goto(path);
    await expect.poll(() => main.getByRole('heading', { name: '找不到这个对话' }).isVisible()).toBe(true);
    expect(await main.getByText('它可能已被删除，或不属于当前账号。').isVisible()).toBe(true);
    expect(await main.getByRole('button', { name: '重试' }).count()).toBe(0);
    expect(await main.getByText('无法加载会话历史').count()).toBe(0);
    expect(await main.getByText('未命名会话').count()).toBe(0);
    // Nothing can be sent to it, and nothing of the owner's shows.
    expect(await page.getByRole('textbox', { name: '输入消息' }).count()).toBe(0);
    expect(await page.getByText('我的私人对话').count()).toBe(0);
  }

  // 新建对话 leads to a new chat, ready to type in.
  await main.getByRole('button', { name: '新建对话' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
  await expect.poll(() => page.getByRole('heading', { name: '今天想聊点什么？' }).isVisible()).toBe(true);
  const input = page.getByRole('textbox', { name: '输入消息' });
  await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);

  // A cloud document the server does not have, and a local one this browser does not have.
  for (const [path, hint] of [
    [`/document/${crypto.randomUUID()}`, '它可能已被删除，或不属于当前账号。'],
    ['/document/local-doc-404', '它可能已被删除，或者链接有误。'],
  ] as const) {
    await session.goto(path);
    await expect.poll(() => main.getByRole('heading', { name: '找不到这个文档' }).isVisible()).toBe(true);
    expect(await main.getByText(hint).isVisible()).toBe(true);
    expect(await main.getByRole('button', { name: '重试' }).count()).toBe(0);
    expect(await main.getByRole('button', { name: '返回文档首页' }).isVisible()).toBe(true);
  }
  await main.getByRole('button', { name: '新建文档' }).click();
  await session.expectPage(/\/document\/local-doc-\d+$/);
  await expect.poll(() => page.getByRole('textbox', { name: '文档正文' }).isVisible()).toBe(true);
  await session.close();
}, 150_000);

/**
 * Signing in opens a new chat, not yesterday's: a message typed at once starts a conversation of its own.
 * That chat has its address and its row in the history as soon as its answer starts, so a reload while it
 * is being written comes back to it.
 */
test('signing in opens a new chat, which has its address while its first answer is written', async () => {
  const first = await openSession();
  const email = await register(first, { prefix: 'returning' });
  await signIn(first, email);
  const firstInput = first.page.getByRole('textbox', { name: '输入消息' });
  await firstInput.fill('昨天的问题');
  await firstInput.press('Enter');
  await expect
    .poll(() => first.page.getByRole('button', { name: '发送' }).isVisible(), { timeout: 60_000 })
    .toBe(true);
  await expect.poll(() => new URL(first.page.url()).pathname).toMatch(CHAT_PATH);
  const yesterday = new URL(first.page.url()).pathname;
  await first.close();

  // The next visit: a new chat at /home, yesterday's only in the history.
  const session = await openSession({ phone: true });
  const { page } = session;
  await signIn(session, email);
  await session.expectPage('/home');
  await expect.poll(() => page.getByRole('heading', { name: '今天想聊点什么？' }).isVisible()).toBe(true);
  expect(await page.getByText('昨天的问题').count()).toBe(0);

  // A long question: the offline model quotes it, so its answer takes a while to write.
  const input = page.getByRole('textbox', { name: '输入消息' });
  await input.fill(`今天的问题：${'请把这段话原样抄一遍，越慢越好。'.repeat(20)}`);
  await input.press('Enter');
  const stop = page.getByRole('button', { name: '停止生成' });
  await expect.poll(() => stop.isVisible()).toBe(true);
  // While it is written, the chat already has an address of its own, and the history lists it as open.
  await expect.poll(() => new URL(page.url()).pathname).toMatch(CHAT_PATH);
  const today = new URL(page.url()).pathname;
  expect(today).not.toBe(yesterday);
  expect(await stop.isVisible()).toBe(true);
  await page.getByRole('button', { name: '打开菜单' }).click();
  const history = page.getByRole('navigation', { name: '主导航' });
  await expect
    .poll(() => history.locator('a[aria-current="page"]', { hasText: '今天的问题' }).count())
    .toBe(1);
  expect(await history.getByRole('link', { name: /昨天的问题/ }).count()).toBe(1);
  await page.keyboard.press('Escape');

  // A reload while it is written comes back to the same chat, which goes on to its end.
  await page.reload();
  await expect.poll(() => new URL(page.url()).pathname).toBe(today);
  await expect
    .poll(() => page.getByRole('article', { name: '你' }).last().textContent(), { timeout: 15_000 })
    .toContain('今天的问题');
  const answer = page.getByRole('article', { name: 'AI 助手' }).last();
  await expect.poll(() => answer.textContent(), { timeout: 15_000 }).toContain('请把这段话原样抄一遍');
  await expect
    .poll(() => page.getByRole('button', { name: '发送' }).isVisible(), { timeout: 60_000 })
    .toBe(true);
  await expect.poll(() => answer.getByText('已停止').count()).toBe(0);
  expect(await page.getByText('昨天的问题').count()).toBe(0);
  await session.close();
}, 180_000);
