import { afterAll, expect, test } from 'vitest';
import { closeBrowser, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

/** A chat's own address. */
const CHAT_PATH = /^\/home\/[0-9a-f-]{36}$/;

/**
 * On a phone: the chat header names the model, 新建对话 is one tap from the chat (the top bar, not the
 * drawer), and 联网搜索, whose tooltip a touch never opens, says what it does when tapped.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`on a phone a new chat is one tap away and 联网搜索 explains itself on a tap (${colorScheme})`, async () => {
    const session = await openSession({ phone: true, colorScheme });
    const { page } = session;
    await signUpAndSignIn(session, { prefix: `phone-${colorScheme}` });
    const main = page.getByRole('main');
    await expect.poll(() => main.getByRole('button', { name: /离线演示模型/ }).isVisible()).toBe(true);

    const input = page.getByRole('textbox', { name: '输入消息' });
    await input.fill('手机上的第一个问题');
    await input.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(CHAT_PATH);
    await expect
      .poll(() => page.getByRole('button', { name: '发送' }).isVisible(), { timeout: 60_000 })
      .toBe(true);

    // One tap on the top bar's 新建对话: the drawer stays shut, the chat is a new one, ready to type in.
    await page.getByRole('banner').getByRole('button', { name: '新建对话' }).tap();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    await expect.poll(() => page.getByRole('heading', { name: '今天想聊点什么？' }).isVisible()).toBe(true);
    expect(await page.getByRole('dialog', { name: '导航菜单' }).count()).toBe(0);
    expect(await page.getByText('手机上的第一个问题').count()).toBe(0);

    // A tap on 联网搜索 turns it on and says, under the input, what it does; typing puts the note away.
    const search = page.getByRole('switch', { name: '联网搜索' });
    // Where a finger lands: the switch's track and label (the checkbox itself is hidden under them).
    await page.locator('label').filter({ has: search }).tap();
    await expect.poll(() => search.isChecked()).toBe(true);
    const note = page.getByRole('status').filter({ hasText: '回答前先搜索网页' });
    await expect.poll(() => note.isVisible()).toBe(true);
    await input.fill('下一个问题');
    await expect.poll(() => note.count()).toBe(0);
    await session.close();
  });
}
