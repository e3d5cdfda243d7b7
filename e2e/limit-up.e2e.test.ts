import { afterAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

test('a user opens 连板天梯 and 题材 on /stock, steps a day back and forward, and a name leads to its stock', async () => {
  const session = await openSession();
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'limit-up' });
  await session.goto('/stock');

  const section = page.getByRole('region', { name: '涨停复盘' });
  await expect
    .poll(() => section.getByRole('tab', { name: '连板天梯' }).getAttribute('aria-selected'))
    .toBe('true');
  // The latest day's ladder from the server's simulated market: rungs, the first board last.
  await expect.poll(() => section.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
  expect(await section.getByRole('heading', { level: 3 }).last().textContent()).toBe('首板');
  await expect.poll(() => section.getByText('模拟行情', { exact: true }).isVisible()).toBe(true);
  const day = section.locator('time').first();
  const latest = await day.getAttribute('datetime');
  expect(latest).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // ‹ by keyboard: the trading day before, then › back.
  await section.getByRole('button', { name: '前一交易日' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => day.getAttribute('datetime')).not.toBe(latest);
  const earlier = (await day.getAttribute('datetime')) as string;
  expect(earlier < (latest as string)).toBe(true);
  await section.getByRole('button', { name: '后一交易日' }).click();
  await expect.poll(() => day.getAttribute('datetime')).toBe(latest);

  // 题材 by the arrow keys on the tabs: themes with their leaders.
  await section.getByRole('tab', { name: '连板天梯' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(() => section.getByRole('tab', { name: '题材' }).getAttribute('aria-selected'))
    .toBe('true');
  await expect.poll(() => section.getByText(/题材即数据源给出的个股所属行业板块/).isVisible()).toBe(true);
  await expect.poll(() => section.getByText('龙头', { exact: true }).count()).toBeGreaterThan(0);
  await expectAccessible(page);

  // A leader's name is a link to its stock's page.
  const leader = section.getByRole('link', { name: /的个股页$/ }).first();
  const href = await leader.getAttribute('href');
  expect(href).toMatch(/^\/stock\/M[ZCKB]\d{4}$/);
  await leader.click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(href);
  await session.close();
});
