import { afterAll, beforeAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, register, signIn, signUpAndSignIn } from './harness';
import { LOAD_TEST_LIMITS, type RunningServer, startServer } from './server';

/**
 * Models and prices set in the console, as an operator and a user meet them, on a server with a database
 * of its own (the catalog is the whole service's). The operator prices the built-in model per answer and
 * keeps a provider key; the user, already in the chat, sees the new price at the next load and pays it at
 * the next answer. The key never comes back to the page.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    NODE_ENV: 'production',
    ...LOAD_TEST_LIMITS,
    DATABASE_URL: '',
    OFFLINE_MODEL_CHUNK_DELAY: '0',
    DEFAULT_PLAN_CREDITS: '100',
  });
});
afterAll(async () => {
  await closeBrowser();
  await server?.stop();
});

const creditsIn = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
const PRICE = 7;
const SECRET = 'sk-journey-5b8e2c41d9f7';

test('an admin prices a model in the console; the user pays the new price from the next answer, and a provider key never returns', async () => {
  // The user, in the chat before the change: the built-in model is free.
  const user = await openSession({ baseURL: server.baseURL });
  await signUpAndSignIn(user, { prefix: 'priced' });
  await expect.poll(() => user.page.getByTestId('model-price').textContent()).toBe('免费');

  // The operator: 管理 › 模型 lists the seeded offline model; it becomes 按次, 7 积分.
  const admin = await openSession({ baseURL: server.baseURL });
  const adminEmail = await register(admin, { prefix: 'catalog' });
  expect(await server.operator(['admin', 'grant', adminEmail])).toContain('现在是管理员');
  await signIn(admin, adminEmail);
  await admin.goto('/admin/models');
  const page = admin.page;
  await expect.poll(() => page.getByText('内置离线演示模型').first().isVisible()).toBe(true);
  await page.getByRole('button', { name: '编辑模型“离线演示模型”' }).click();
  const form = page.getByRole('form', { name: '编辑模型“离线演示模型”' });
  await form.getByRole('button', { name: /计费方式/ }).click();
  await page.getByRole('option', { name: '按次' }).click();
  await form.getByRole('textbox', { name: '每次的积分' }).fill(String(PRICE));
  await form.getByRole('button', { name: '保存', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: '离线演示模型' });
  await expect.poll(() => row.textContent()).toContain(`每次 ${PRICE} 积分`);
  await expectAccessible(page);

  // A provider with a key: the page shows that a key is kept and its last four characters, never the key.
  await page.getByRole('button', { name: '新增服务商' }).click();
  const providerForm = page.getByRole('form', { name: '新增服务商' });
  await providerForm.getByRole('textbox', { name: 'ID' }).fill('relay');
  await providerForm.getByRole('textbox', { name: /地址/ }).fill('https://relay.example.com/v1');
  await providerForm.getByLabel(/API 密钥/).fill(SECRET);
  await providerForm.getByRole('button', { name: '新增', exact: true }).click();
  const providerRow = page.getByRole('row').filter({ hasText: 'relay' });
  await expect.poll(() => providerRow.textContent()).toContain('…d9f7');
  await page.reload();
  await expect.poll(() => providerRow.textContent()).toContain('…d9f7');
  expect(await page.content()).not.toContain(SECRET);

  // The user: the next load shows the new price, and the next answer costs exactly that.
  await user.page.reload();
  await expect.poll(() => user.page.getByTestId('model-price').textContent()).toBe(`每次 ${PRICE} 积分`);
  const header = user.page.getByTestId('chat-balance');
  await expect.poll(async () => creditsIn(await header.textContent())).toBe(100);
  const input = user.page.getByRole('textbox', { name: '输入消息' });
  await input.fill('你好');
  await input.press('Enter');
  await expect.poll(async () => creditsIn(await header.textContent()), { timeout: 60_000 }).toBe(100 - PRICE);
  await expectAccessible(user.page);
});
