import { afterAll, beforeAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, type Session, signUpAndSignIn } from './harness';
import { LOAD_TEST_LIMITS, type RunningServer, startServer } from './server';

/**
 * The storage allowance as a user meets it, on a server of its own whose plan allows 40 KB: the user menu
 * shows 存储空间 with 已用 x / 40 KB; a file past what is left is refused with the server's words in the
 * chat, and deleting the chat gives the room back. In both themes, and the meter on a phone.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'production', DEFAULT_PLAN_STORAGE: '40kb', ...LOAD_TEST_LIMITS });
});
afterAll(async () => {
  await closeBrowser();
  await server?.stop();
});

const text = (kb: number, line: string) => ({
  name: `${line}.txt`,
  mimeType: 'text/plain',
  // Exactly `kb` KB: the first line in UTF-8, then filler.
  buffer: Buffer.from(`${line}\n${'a'.repeat(kb * 1024 - Buffer.byteLength(line) - 1)}`, 'utf8'),
});

/**
 * Opens the user menu (from the drawer on a phone) and waits for its storage line to say `expected`: the
 * menu shows what it knew at once and the fresh figure when the server answers.
 */
async function expectStorageShown(session: Session, expected: string, phone = false): Promise<void> {
  const { page } = session;
  if (phone) await page.getByRole('button', { name: '打开菜单' }).click();
  await page.getByRole('button', { name: /免费体验版/ }).click();
  const menu = page.getByRole('menu');
  await expect.poll(() => menu.getByText('存储空间').isVisible()).toBe(true);
  await expect.poll(() => menu.getByText(expected, { exact: true }).isVisible()).toBe(true);
  await expectAccessible(page);
  if (process.env.STORAGE_SHOTS)
    await page.screenshot({ path: `${process.env.STORAGE_SHOTS}-${Date.now()}.png` });
  await page.keyboard.press('Escape');
  await expect.poll(() => menu.count()).toBe(0);
  if (phone) await page.keyboard.press('Escape');
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the user menu shows the storage used; a file past the allowance is refused with its reason, and deleting the chat frees it (${colorScheme})`, async () => {
    const session = await openSession({ colorScheme, baseURL: server.baseURL });
    const { page } = session;
    await signUpAndSignIn(session, { prefix: 'storage' });
    await expectStorageShown(session, '已用 0 字节 / 40 KB');

    const pick = async (file: ReturnType<typeof text>) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: '添加附件' }).click(),
      ]);
      await chooser.setFiles([file]);
      await expect
        .poll(() => page.getByRole('list', { name: '待发送的附件' }).getByRole('listitem').count())
        .toBe(1);
    };
    const send = page.getByRole('button', { name: '发送', exact: true });

    await pick(text(30, '季度预算'));
    await send.click();
    const answer = page.getByRole('article', { name: 'AI 助手' }).last();
    await expect.poll(() => answer.textContent(), { timeout: 60_000 }).toContain('季度预算.txt');
    await expect.poll(() => send.isVisible(), { timeout: 60_000 }).toBe(true);
    await expectStorageShown(session, '已用 30 KB / 40 KB');

    // The next 30 KB do not fit: the server refuses the turn (the browser logs the 413), and the chat's
    // banner shows its sentence.
    const allowed = session.allowConsoleError(/status of 413/);
    await pick(text(30, '第二份'));
    await send.click();
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: /存储空间已满：已用 30 KB \/ 40 KB，剩余 10 KB，这些附件需要 30 KB。/ });
    await expect.poll(() => refusal.count(), { timeout: 30_000 }).toBe(1);
    expect(await refusal.isVisible()).toBe(true);
    await expectAccessible(page);
    if (process.env.STORAGE_SHOTS)
      await page.screenshot({ path: `${process.env.STORAGE_SHOTS}-refused-${colorScheme}.png` });
    allowed();

    // Deleting the chat gives its 30 KB back.
    const history = page.getByRole('navigation', { name: '主导航' });
    const row = history.getByRole('link', { name: /季度预算/ });
    await row.hover();
    await history
      .getByRole('button', { name: /^删除会话：/ })
      .first()
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: '删除', exact: true }).click();
    await expect.poll(() => row.count()).toBe(0);
    await expectStorageShown(session, '已用 0 字节 / 40 KB');
    await session.close();
  });
}

test('the storage meter on a phone', async () => {
  const session = await openSession({ phone: true, baseURL: server.baseURL });
  await signUpAndSignIn(session, { prefix: 'storage-phone' });
  await expectStorageShown(session, '已用 0 字节 / 40 KB', true);
  await session.close();
});
