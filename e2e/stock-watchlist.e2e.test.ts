import { afterAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

test('a user opens a stock from a pick, adds it to 自选股, finds it on the board, and an unknown code is not found', async () => {
  const session = await openSession();
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'watchlist' });
  await session.goto('/stock');

  // A pick of the latest report: its code is a link to the stock's page.
  const picks = page.getByRole('region', { name: '每日策略推荐' });
  const pick = picks.locator('[data-stock-link]').first();
  await expect.poll(() => pick.count(), { timeout: 60_000 }).toBe(1);
  const code = (await pick.getAttribute('data-stock-link')) as string;
  expect(code).toMatch(/^M[ZCKB]\d{4}$/);
  await pick.click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/stock/${code}`);

  const heading = page.getByRole('heading', { level: 1 });
  await expect.poll(() => heading.textContent(), { timeout: 30_000 }).toContain(code);
  expect(await heading.getByText('模拟行情').isVisible()).toBe(true);
  await expect.poll(() => page.getByTestId('stock-price').isVisible()).toBe(true);
  // The report that picked it is listed with its decision.
  const mentions = page.getByRole('region', { name: '策略点名' });
  await expect.poll(() => mentions.getByRole('listitem').count()).toBeGreaterThan(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: '加入自选' }).click();
  await expect.poll(() => page.getByRole('button', { name: '移出自选' }).isVisible()).toBe(true);

  // The refusals below are answers the page shows (409 already there, 404 unknown code), not faults.
  session.allowConsoleError(/status of 409 \(Conflict\) \(.*\/api\/v1\/market\/watchlist\/\)/);
  session.allowConsoleError(
    /status of 404 \(Not Found\) \(.*\/api\/v1\/market\/(watchlist|stocks\/MZ9999)\/\)/,
  );

  // Back on the board, 自选股 lists it with its change; adding it again says so under the field.
  await session.goto('/stock');
  const watchlist = page.getByRole('region', { name: '自选股' });
  const row = watchlist.locator(`[data-code="${code}"]`);
  await expect.poll(() => row.isVisible(), { timeout: 30_000 }).toBe(true);
  expect(await row.textContent()).toMatch(/%/);
  await watchlist.getByRole('textbox', { name: '股票代码' }).fill(code.toLowerCase());
  await watchlist.getByRole('button', { name: '加入' }).click();
  await expect.poll(() => watchlist.getByText(`${code} 已在自选股中。`).isVisible()).toBe(true);
  await watchlist.getByRole('textbox', { name: '股票代码' }).fill('MZ9999');
  await watchlist.getByRole('button', { name: '加入' }).click();
  await expect.poll(() => watchlist.getByText(/没有代码为 MZ9999 的股票/).isVisible()).toBe(true);

  // A code no market has: the app's not-found page.
  await session.goto('/stock/MZ9999');
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 30_000 })
    .toBe('页面不存在');
  await session.close();
});
