import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, register, signIn, signUpAndSignIn } from './harness';
import { LOAD_TEST_LIMITS, type RunningServer, startServer } from './server';

/**
 * Credits bought without a payment gateway, as an operator and a user meet them, on a server of its own:
 * new accounts get 20 credits and the built-in model's answers cost more than that, so a user's first long
 * answer is cut short by the balance. An operator made admin from the command line (while the server
 * runs) makes a redeem code in the console; the user follows the cut answer's 获取积分, redeems the code,
 * and finds the credits in the chat's header and the row in 积分明细. A code redeems once. The operator
 * then reads the spending in 用量 and exports it as CSV.
 */
const DEAR_OFFLINE_MODEL = JSON.stringify({
  providers: [
    {
      id: 'offline',
      type: 'offline',
      models: [
        { id: 'offline-demo', name: '离线演示模型', input_price_credits: 1, output_price_credits: 1000 },
      ],
    },
  ],
});
const SIGN_UP_CREDITS = 20;
const CODE_VALUE = 500;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    NODE_ENV: 'production',
    ...LOAD_TEST_LIMITS,
    // A database of its own: the models file seeds the model catalog of a database that has none, and the
    // shared one's catalog (free) is the other journeys'.
    DATABASE_URL: '',
    MODELS_CONFIG_JSON: DEAR_OFFLINE_MODEL,
    DEFAULT_PLAN_CREDITS: String(SIGN_UP_CREDITS),
  });
});
afterAll(async () => {
  await closeBrowser();
  await server?.stop();
});

/** The whole number in a text such as `1,234 积分`. */
const creditsIn = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('an admin makes a redeem code; a user whose answer the balance cut short redeems it and sees the credits in the header and in 积分明细', async () => {
  // The operator: an account made admin from the command line while the server runs.
  const admin = await openSession({ baseURL: server.baseURL });
  const adminEmail = await register(admin, { prefix: 'operator' });
  expect(await server.operator(['admin', 'grant', adminEmail])).toContain('现在是管理员');
  await signIn(admin, adminEmail);
  await admin.goto('/admin/redeem-codes');
  await admin.page.getByLabel('每个兑换码的积分').fill(String(CODE_VALUE));
  await admin.page.getByLabel('数量（1–1000）').fill('1');
  // The server shares its database with the other journeys (PostgreSQL in CI), so the console may list
  // their batches and users too: this batch is told apart by its note, the user by the email.
  const note = `journey ${Date.now().toString(36)}`;
  await admin.page.getByLabel('备注').fill(note);
  await admin.page.getByRole('button', { name: '生成', exact: true }).click();
  const created = admin.page.getByTestId('created-codes');
  await expect.poll(() => created.isVisible()).toBe(true);
  const code = ((await created.textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z0-9]{4}(?:-[A-Z0-9]{4})+$/);
  const batchRow = admin.page.getByRole('row').filter({ hasText: note });
  await expect.poll(() => batchRow.textContent()).toContain('已使用 0 / 1');
  await expectAccessible(admin.page);

  // The user: the sign-up credits in the header, then an answer the balance cuts short.
  const user = await openSession({ baseURL: server.baseURL });
  const userEmail = await signUpAndSignIn(user, { prefix: 'redeemer' });
  const { page } = user;
  const header = page.getByTestId('chat-balance');
  await expect.poll(async () => creditsIn(await header.textContent())).toBe(SIGN_UP_CREDITS);
  const input = page.getByRole('textbox', { name: '输入消息' });
  await input.fill('请写一篇长文章');
  await input.press('Enter');
  const answer = page.getByRole('article', { name: 'AI 助手' }).last();
  const cut = answer.getByRole('note').filter({ hasText: '余额不足，回答已截断' });
  await expect.poll(() => cut.isVisible(), { timeout: 60_000 }).toBe(true);
  await expect.poll(async () => creditsIn(await header.textContent())).toBeLessThan(SIGN_UP_CREDITS);
  const left = creditsIn(await header.textContent());
  await expectAccessible(page);

  // 获取积分 leads to 充值, where the code (typed in lower case) is redeemed.
  await cut.getByRole('link', { name: '获取积分' }).click();
  await user.expectPage('/account/credits');
  const field = page.getByRole('textbox', { name: '兑换码' });
  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: '兑换', exact: true }).click();
  // The success is announced as a status message, which is how the user (and a screen reader) meets it.
  const result = page.getByRole('status').filter({ hasText: '兑换成功' });
  await expect
    .poll(() => result.textContent())
    .toContain(`兑换成功：增加 ${CODE_VALUE} 积分，当前余额 ${left + CODE_VALUE} 积分。`);

  // The same code again says it has been used, and credits nothing. The refusal is a 400, which the
  // browser logs; that one is expected.
  const forgetRefusal = user.allowConsoleError(/status of 400 .*\/api\/account\/redeem\//);
  await field.fill(code);
  await page.getByRole('button', { name: '兑换', exact: true }).click();
  await expect.poll(() => page.getByText('这个兑换码已经被使用过了。').isVisible()).toBe(true);
  forgetRefusal();
  await expectAccessible(page);

  // 积分明细 has the redeem on top, under the new balance.
  await page.getByRole('tab', { name: '积分明细' }).click();
  await expect
    .poll(async () => creditsIn(await page.getByTestId('account-balance').textContent()))
    .toBe(left + CODE_VALUE);
  const newest = page.getByRole('region', { name: '积分明细' }).getByRole('row').nth(1);
  await expect.poll(() => newest.textContent()).toContain('兑换码');
  expect(await newest.textContent()).toContain(`+${CODE_VALUE}`);

  // Back in the chat, the header shows the new balance.
  await page.getByRole('link', { name: 'AI 对话' }).click();
  await expect.poll(async () => creditsIn(await header.textContent())).toBe(left + CODE_VALUE);

  // The console counts the code as used.
  await admin.goto('/admin/redeem-codes');
  await expect.poll(() => batchRow.textContent()).toContain('已使用 1 / 1');

  // 用量: the user's cut answer is today's spending, under the model's name, and exports as CSV.
  await admin.page.getByRole('link', { name: '用量', exact: true }).click();
  await admin.expectPage('/admin/usage');
  const userRow = admin.page
    .getByRole('table', { name: '用得最多的用户' })
    .getByRole('row')
    .filter({ hasText: userEmail });
  await expect.poll(() => userRow.textContent()).toContain(String(SIGN_UP_CREDITS - left));
  const [download] = await Promise.all([
    admin.page.waitForEvent('download'),
    admin.page.getByRole('button', { name: '导出 CSV' }).click(),
  ]);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF日期,邮箱,昵称,模型,积分,输入 token,输出 token\r\n')).toBe(true);
  const userLine = csv.split('\r\n').find((line) => line.includes(`,${userEmail},`));
  expect(userLine).toContain(`,离线演示模型,${SIGN_UP_CREDITS - left},`);

  // The user's own page in the console: their spending over the last 30 days, as they see it.
  await admin.page.getByRole('link', { name: '用户', exact: true }).click();
  await admin.page.getByLabel('搜索邮箱或昵称').fill(userEmail);
  await admin.page.getByRole('button', { name: '搜索', exact: true }).click();
  const found = admin.page.getByRole('table', { name: '用户列表' }).getByRole('link', { name: userEmail });
  await expect.poll(() => found.isVisible()).toBe(true);
  await found.click();
  const usage = admin.page.getByRole('region', { name: '最近 30 天用量' });
  await expect.poll(() => usage.textContent()).toContain(`共消耗 ${SIGN_UP_CREDITS - left} 积分`);
  await expectAccessible(admin.page);

  await user.close();
  await admin.close();
});
