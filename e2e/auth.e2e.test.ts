import { afterAll, expect, inject, test } from 'vitest';
import { closeBrowser, openSession } from './harness';

afterAll(closeBrowser);

/**
 * The account journey of spec 01 §2 and §4 on the real server: register in the form, land on /login, sign
 * in, reload and stay signed in, let the short-lived access token (70 s here) reach its refresh threshold
 * and see the token service rotate it while the user keeps working, then log out from the user menu.
 */
test('register, sign in, stay signed in across a reload and a token refresh, log out', async () => {
  const session = await openSession();
  const { page, baseURL } = session;
  const email = `auth-${Date.now()}@example.com`;
  const password = 'wanxiang-auth-2026';

  await session.goto('/register');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('昵称', { exact: false }).fill('万象新人');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  // Registration leads to /login with the new address already filled in.
  await session.expectPage(/\/login\?registered=1/);
  expect(await page.getByLabel('邮箱').inputValue()).toBe(email);
  // …and the password field waits for the password.
  await expect
    .poll(() => page.getByLabel('密码', { exact: true }).evaluate((el) => el === document.activeElement))
    .toBe(true);

  // Empty fields: each says so once, under itself, in plain words; no machine-like summary above.
  // The server refuses them (400), then the wrong password below (401): the browser logs each refusal.
  session.allowConsoleError(/status of 400 .*\/api\/auth\/login\/\)$/);
  session.allowConsoleError(/status of 401 .*\/api\/auth\/login\/\)$/);
  await page.getByLabel('邮箱').fill('');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect.poll(() => page.getByText('请输入邮箱', { exact: true }).count()).toBe(1);
  expect(await page.getByText('请输入密码', { exact: true }).count()).toBe(1);
  expect(await page.getByText(/登录失败|该字段/).count()).toBe(0);

  // A wrong password is refused with the server's Chinese message, and nothing is stored.
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect.poll(() => page.getByText('邮箱或密码错误').first().isVisible()).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(`${baseURL}/home`);
  await expect.poll(() => page.getByText('万象新人').first().isVisible()).toBe(true);

  await page.reload();
  await page.waitForURL(`${baseURL}/home`);
  await expect.poll(() => page.getByText('万象新人').first().isVisible()).toBe(true);

  // The token service refreshes at 60 s of life left: with a 70 s token that is after about 10 s.
  const firstAccess = await page.evaluate(() => localStorage.getItem('access_token'));
  const ttl = inject('accessTokenTtlSeconds');
  await page.waitForTimeout((ttl - 60 + 2) * 1000);
  // The user keeps working: opening the user menu fetches fresh user data, which needs a fresh token.
  await page.getByRole('button', { name: /万象新人/ }).click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('access_token')), { timeout: 20_000 })
    .not.toBe(firstAccess);
  expect(page.url()).toBe(`${baseURL}/home`);

  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await session.expectPage('/login');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  // The guard keeps a signed-out visitor out.
  await page.goto('/home');
  await page.waitForURL(/\/login/);
  await session.close();
});
