import { afterAll, expect, inject, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession } from './harness';
import { LOAD_TEST_LIMITS, startServer } from './server';

afterAll(closeBrowser);

/**
 * The account journey on the real server: register in the form (which says what a new account gets) and
 * land in the workspace already signed in, reload and stay signed in, let the short-lived access token
 * (70 s here) reach its refresh threshold and see the token service rotate it while the user keeps
 * working, log out from the user menu, then sign in again through the form and its errors.
 */
test('register and be signed in, stay signed in across a reload and a token refresh, log out, sign in', async () => {
  const session = await openSession();
  const { page, baseURL } = session;
  const email = `auth-${Date.now()}@example.com`;
  const password = 'wanxiang-auth-2026';

  await session.goto('/register');
  await expect.poll(() => page.getByText(/注册即送 \d+ 积分/).isVisible()).toBe(true);
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('昵称', { exact: false }).fill('万象新人');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  // Registration signs the new user in: no second trip through the sign-in form.
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
  await page.waitForURL(/\/home$/);
  await expect.poll(() => page.getByText('万象新人').first().isVisible()).toBe(true);
  await session.close();
});

/**
 * Issue 37: a guesser who tries one wrong password after another, each from a new address, used to keep
 * the account behind a wait that a new device could not pass. Now the server asks that device for a
 * proof of work instead: the sign-in form solves it, says so with its progress, and signs the owner in
 * without another click. A server of its own, trusting X-Forwarded-For so the guesser's addresses differ
 * from the browser's, with the account's threshold at three failures.
 */
test('the owner signs in from a new device while a guesser rotates addresses: the form solves the security check', async () => {
  const server = await startServer({
    NODE_ENV: 'production',
    TRUST_PROXY: 'true',
    LOGIN_ACCOUNT_FREE_FAILURES: '3',
    LOGIN_CHALLENGE_BITS: '18',
    LOGIN_CHALLENGE_BITS_MAX: '19',
    ...LOAD_TEST_LIMITS,
  });
  try {
    const email = `besieged-${Date.now()}@example.com`;
    const password = 'wanxiang-owner-2026';
    const post = (body: object, address: string) =>
      fetch(`${server.baseURL}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(body),
      });
    const registered = await fetch(`${server.baseURL}/api/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(registered.status).toBe(201);
    // Three wrong passwords, each from another address; the fourth guess is asked for a proof of work.
    for (let i = 1; i <= 3; i += 1)
      expect((await post({ email, password: `guess-${i}` }, `198.51.100.${i}`)).status).toBe(401);
    const asked = await post({ email, password: 'guess-4' }, '198.51.100.4');
    expect(asked.status).toBe(403);
    expect(await asked.json()).toMatchObject({ code: 'challenge_required', challenge: expect.any(String) });

    const session = await openSession({ phone: true });
    const { page } = session;
    // The first try is answered 403 with the challenge, which the browser logs.
    session.allowConsoleError(/status of 403 .*\/api\/auth\/login\/\)$/);
    await page.goto(`${server.baseURL}/login`);
    await page.getByLabel('邮箱').fill(email);
    await page.getByLabel('密码', { exact: true }).fill(password);
    // Everything the form says it is doing from the click on, however briefly: the status line under the
    // button (which shows a spinner meanwhile).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { formSaid: string[] }).formSaid = seen;
      const form = document.querySelector('form');
      if (!form) throw new Error('no form');
      new MutationObserver(() => {
        const text = form.querySelector('p[role="status"]')?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(form, { subtree: true, childList: true, characterData: true });
    });
    const started = Date.now();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`${server.baseURL}/home`);
    const seconds = (Date.now() - started) / 1000;
    const said = await page.evaluate(() => (window as unknown as { formSaid: string[] }).formSaid);
    expect(said.some((text) => /^正在进行安全验证… \d{1,2}%$/.test(text))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();
    console.log(
      `signed in through the security check in ${seconds.toFixed(1)} s, ${said.length} statuses: ${said.slice(0, 3).join(' → ')} … ${said.at(-1)}`,
    );
    await expectAccessible(page);
    await session.close();
  } finally {
    await server.stop();
  }
});
