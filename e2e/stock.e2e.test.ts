import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { closeBrowser, openSession, type Session, signUpAndSignIn, subscribeToStrategy } from './harness';

afterAll(closeBrowser);

/**
 * A new subscriber, signed in: both charts and today's feed are a subscriber's (what a free user meets is the
 * strategy board's own journey).
 */
async function newSubscriber(session: Session, prefix: string) {
  const email = await signUpAndSignIn(session, { prefix });
  await subscribeToStrategy(session, email);
}

/** Both charts drew their series: each explains its latest point under it. */
async function expectBothCharts(page: Page) {
  await expect.poll(() => page.getByRole('region', { name: /^最新情绪构成/ }).count()).toBe(2);
  await expect.poll(() => page.getByText(/^数据日期：/).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('暂无分钟级情绪数据').count()).toBe(0);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a subscriber opens /stock and sees both charts, the clock ticking and 模拟行情 (${colorScheme})`, async () => {
    const session = await openSession({ colorScheme });
    const { page } = session;
    await newSubscriber(session, `stock-${colorScheme}`);
    await session.goto('/stock');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('短线策略看板');
    await expectBothCharts(page);
    // In the header first, and on each strategy panel once it has loaded.
    await expect.poll(() => page.getByText('模拟行情', { exact: true }).first().isVisible()).toBe(true);

    const clock = page.getByTestId('board-clock');
    const first = await clock.textContent();
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(first);

    await session.close();
  });
}

test('the point a chart shows, by pointer or keyboard, is explained by its sub-scores', async () => {
  const session = await openSession();
  const { page } = session;
  await newSubscriber(session, 'stock-focus');
  await session.goto('/stock');
  await expectBothCharts(page);
  const daily = page.getByRole('application', { name: /市场情绪指标/ });
  // The keyboard: Home shows the first day of the range, and its sub-scores replace the latest day's.
  await daily.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => page.getByRole('region', { name: /^情绪构成 · / }).count()).toBe(1);
  await expect.poll(() => page.getByRole('region', { name: /^最新情绪构成/ }).count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('region', { name: /^最新情绪构成/ }).count()).toBe(2);
  // The pointer: the minute chart's middle shows a slot before the close.
  const minute = page.getByRole('application', { name: /分钟级情绪/ });
  const box = await minute.boundingBox();
  if (!box) throw new Error('the minute chart has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => page.getByRole('heading', { name: /^情绪构成 · \d{2}:\d{2}/ }).count()).toBe(1);
  await page.mouse.move(0, 0);
  await expect.poll(() => page.getByRole('region', { name: /^最新情绪构成/ }).count()).toBe(2);
  await session.close();
});

test('when the series calls fail each chart says so, and 重试 loads it', async () => {
  const session = await openSession();
  const { page } = session;
  await newSubscriber(session, 'stock-fail');
  const failing = async (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' });
  await page.route('**/api/v1/market/daily-series/**', failing);
  await page.route('**/api/v1/market/minute-series/**', failing);
  // The browser logs each refused call.
  const refused = session.allowConsoleError(/status of 500 .*\/api\/v1\/market\/(daily|minute)-series\//);
  await session.goto('/stock');

  await expect.poll(() => page.getByText('获取情绪指标数据失败，请稍后重试').isVisible()).toBe(true);
  await expect.poll(() => page.getByText('获取分钟情绪数据失败', { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: '重试' }).count()).toBe(2);

  await page.unrouteAll();
  refused();
  await page.getByRole('button', { name: '重试' }).first().click();
  await expect.poll(() => page.getByRole('region', { name: /^最新情绪构成/ }).count()).toBe(1);
  await page.getByRole('button', { name: '重试' }).click();
  await expectBothCharts(page);
  await session.close();
});

test('on a phone the panels stack under each other', async () => {
  const session = await openSession({ phone: true });
  const { page } = session;
  await newSubscriber(session, 'stock-phone');
  await session.goto('/stock');
  await expectBothCharts(page);
  const feed = await page.getByRole('region', { name: '策略执行动态' }).boundingBox();
  const picks = await page.getByRole('region', { name: '每日策略推荐' }).boundingBox();
  expect(feed && picks && picks.y >= feed.y + feed.height).toBe(true);
  expect(feed?.height).toBe(500);
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await session.close();
});

test('the strategy panels show today’s feed (or that it has not run, or 休市) and the newest report with its plans', async () => {
  const session = await openSession();
  const { page } = session;
  await newSubscriber(session, 'stock-report');
  const nodes = page.waitForResponse((r) => r.url().includes('/api/v1/strategy/nodes/today/'));
  await session.goto('/stock');
  const answered = (await (await nodes).json()) as unknown[];
  const feed = page.getByRole('region', { name: '策略执行动态' });
  if (answered.length > 0)
    await expect.poll(() => feed.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
  else {
    // Not run yet on a trading day, 休市 on a weekend or holiday; either way the next run is named.
    await expect.poll(() => feed.getByText(/^(今日策略尚未运行|今日休市)$/).isVisible()).toBe(true);
    await expect.poll(() => feed.getByText(/^下次运行：.+（上海时间）$/).isVisible()).toBe(true);
  }
  await expect.poll(() => feed.getByText(/^运行时间（上海时间） 08:45 盘前分析/).isVisible()).toBe(true);

  // A fresh install has the last five reports: the newest is shown, labelled by its phase,
  // the later arrow (›) disabled and the earlier one (‹) enabled; the panel says 模拟行情.
  const panel = page.getByRole('region', { name: '每日策略推荐' });
  await expect
    .poll(() => panel.getByRole('heading', { name: '市场整体分析' }).isVisible(), { timeout: 60_000 })
    .toBe(true);
  await expect.poll(() => panel.getByRole('button', { name: '下一份（更新）' }).isDisabled()).toBe(true);
  await expect.poll(() => panel.getByRole('button', { name: '上一份（更早）' }).isEnabled()).toBe(true);
  await expect
    .poll(() => panel.getByText(/^(盘前分析|盘中 · 早盘跟踪|盘中 · 午后评估|盘后复盘)$/).count())
    .toBe(1);
  await expect.poll(() => panel.getByText('盘中评估').count()).toBe(0);
  await expect.poll(() => panel.getByText('模拟行情', { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => panel.getByText('情绪阶段').isVisible()).toBe(true);
  await expect.poll(() => panel.getByText(/^(低位反弹|震荡偏多|高位震荡|风险释放)$/).count()).toBe(1);
  await expect.poll(() => panel.getByRole('heading', { name: /^推荐个股\s*\d+$/ }).isVisible()).toBe(true);
  // Every pick is a simulated security (M, a board letter, four digits), never a listed code.
  for (const symbol of await panel.getByRole('heading', { level: 4 }).allTextContents())
    if (/^M[ZCKB]\d{4}/.test(symbol) || /\d{6}/.test(symbol)) expect(symbol).toMatch(/^M[ZCKB]\d{4}模拟/);
  await expect
    .poll(() => panel.getByText('本页内容仅供参考，不构成投资建议；股市有风险，投资需谨慎').isVisible())
    .toBe(true);
  // Stepping to the earlier report and back.
  await panel.getByRole('button', { name: '上一份（更早）' }).click();
  await expect.poll(() => panel.getByRole('button', { name: '下一份（更新）' }).isEnabled()).toBe(true);
  await session.close();
});
