import { afterAll, expect, test } from 'vitest';
import { closeBrowser, openSession } from './harness';

afterAll(closeBrowser);

test('a visitor without a session who opens / lands on /login', async () => {
  const session = await openSession();
  await session.goto('/');
  await session.expectPage('/login');
  await expect.poll(() => session.page.title()).toContain('万象');
  await session.close();
});

test('in dark mode the login page is still accessible', async () => {
  const session = await openSession({ colorScheme: 'dark' });
  await session.goto('/login');
  expect(await session.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await session.close();
});
