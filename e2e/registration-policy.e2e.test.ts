import { afterAll, beforeAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, PASSWORD, register, signIn } from './harness';
import { LOAD_TEST_LIMITS, type RunningServer, startServer } from './server';

/**
 * How accounts are made, run from the console without a restart, on a server with a database of its own
 * (a closed registration would stop every other journey's sign-ups if it shared theirs): an admin makes the
 * service invite-only with other sign-up credits, and a visitor's register page asks for a code and names
 * the credits; with a code made on the same page the visitor gets an account and those credits. Closed, the
 * page says so; given back to the server's settings, registration is open again.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'production', DATABASE_URL: '', ...LOAD_TEST_LIMITS });
});
afterAll(async () => {
  await closeBrowser();
  await server?.stop();
});

test('an admin makes registration invite-only, then closed, then gives it back to the server; the register page follows each at once', async () => {
  const admin = await openSession({ baseURL: server.baseURL });
  const adminEmail = await register(admin, { prefix: 'operator' });
  expect(await server.operator(['admin', 'grant', adminEmail])).toContain('现在是管理员');
  await signIn(admin, adminEmail);
  await admin.goto('/admin/invites');
  const panel = admin.page.getByRole('region', { name: '注册设置' });
  await expect.poll(() => panel.textContent()).toContain('开放注册');
  expect(await panel.textContent()).toContain('当前来自服务器设置');

  const setMode = async (mode: string, credits?: number) => {
    await panel.getByRole('button', { name: '修改', exact: true }).click();
    await panel.getByRole('button', { name: /注册方式/ }).click();
    await admin.page.getByRole('option', { name: mode }).click();
    if (credits !== undefined) await panel.getByLabel('新用户赠送的积分').fill(String(credits));
    await panel.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => panel.textContent()).toContain('注册设置已保存');
    await expect.poll(() => panel.textContent()).toContain(mode);
  };
  await setMode('凭邀请码注册', 33);
  expect(await panel.textContent()).toContain('33 积分');
  expect(await panel.textContent()).toContain(`由 ${adminEmail} 于`);
  await expectAccessible(admin.page);

  await admin.page.getByLabel('数量（1–100）').fill('1');
  await admin.page.getByRole('button', { name: '生成', exact: true }).click();
  const created = admin.page.getByTestId('created-invites');
  await expect.poll(() => created.isVisible()).toBe(true);
  const code = ((await created.textContent()) ?? '').trim();

  const visitor = await openSession({ baseURL: server.baseURL });
  await visitor.goto('/register');
  const inviteField = visitor.page.getByLabel('邀请码', { exact: true });
  await expect.poll(() => inviteField.isVisible()).toBe(true);
  await expect.poll(() => visitor.page.getByText('注册即送 33 积分').isVisible()).toBe(true);
  await visitor.page.getByLabel('邮箱').fill(`invited-${Date.now()}@example.com`);
  await visitor.page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await inviteField.fill(code);
  await visitor.page.getByRole('button', { name: '注册', exact: true }).click();
  await visitor.page.waitForURL(`${server.baseURL}/home`);
  const balance = visitor.page.getByTestId('chat-balance');
  await expect.poll(async () => (await balance.textContent())?.replace(/[^\d]/g, '')).toBe('33');

  await setMode('已关闭注册');
  const late = await openSession({ baseURL: server.baseURL });
  await late.goto('/register');
  await expect
    .poll(() => late.page.getByText('本站目前不开放注册。如需账号，请联系管理员。').isVisible())
    .toBe(true);

  await panel.getByRole('button', { name: '恢复为服务器设置' }).click();
  const dialog = admin.page.getByRole('alertdialog', { name: '恢复为服务器设置？' });
  await dialog.getByRole('button', { name: '恢复为服务器设置' }).click();
  await expect.poll(() => panel.textContent()).toContain('已恢复为服务器设置');
  await expect.poll(() => panel.textContent()).toContain('开放注册');
  await late.goto('/register');
  await expect.poll(() => late.page.getByLabel('邮箱').isVisible()).toBe(true);
  expect(await late.page.getByLabel('邀请码', { exact: true }).count()).toBe(0);
  expect(await late.page.getByText('本站目前不开放注册').count()).toBe(0);

  await admin.goto('/admin/audit');
  const log = admin.page.getByRole('table', { name: '审计日志' });
  await expect.poll(() => log.textContent()).toContain('注册设置恢复为服务器设置');
  expect(await log.textContent()).toContain('修改注册设置');
});
