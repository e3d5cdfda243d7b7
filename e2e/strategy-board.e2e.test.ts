/**
 * The strategy board as its three kinds of visitor meet it, on the real server with the simulated market:
 * a free user, a user who buys the plan with credits, and anybody on a day the exchanges are closed.
 *
 * What the board shows depends on the market's calendar (a trading day's runs, 休市 on a holiday), so these
 * journeys never run against today's date: each starts a server of its own whose clock is moved to a fixed
 * instant by the test-only server-clock.mjs (loaded with `--import`, never part of the product), and the
 * browser's clock is set to the same instant. Those servers run on the embedded database, each in its own
 * throwaway directory even when DATABASE_URL is set, so that no other server's reports (written at the real
 * date) are mixed with theirs.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accessOf, PASSWORD, subscribeToStrategy } from './api';
import { closeBrowser, openSession, register, signIn } from './harness';
import { LOAD_TEST_LIMITS, type RunningServer, startServer } from './server';

const CLOCK_MODULE = pathToFileURL(path.join(import.meta.dirname, 'server-clock.mjs')).href;

/** A Wednesday, during the morning session: the 早盘跟踪 run (10:30) is due. */
const TRADING_DAY = { instant: '2026-06-17T11:00:00+08:00', today: '2026-06-17', yesterday: '2026-06-16' };
/** 端午节, a Friday the exchanges are closed; the next run is Monday's 盘前分析. */
const HOLIDAY = { instant: '2026-06-19T10:00:00+08:00', nextRunDay: '2026-06-22' };

interface ClockedServer {
  server: RunningServer;
  /** The server's moved clock, as read here. */
  now(): Date;
}

async function startClocked(instant: string): Promise<ClockedServer> {
  const started = Date.now();
  const server = await startServer(
    {
      NODE_ENV: 'production',
      WANXIANG_E2E_CLOCK: instant,
      // The embedded database (an empty value is "not set"), in this server's own directory.
      DATABASE_URL: '',
      // The first tick runs the due phase and the reports' backfill as soon as the server is up.
      STRATEGY_TICK: '1s',
      MARKET_BACKFILL_DAYS: '20',
      ...LOAD_TEST_LIMITS,
    },
    { nodeArgs: ['--import', CLOCK_MODULE] },
  );
  return { server, now: () => new Date(Date.parse(instant) + Date.now() - started) };
}

/**
 * Waits until the server's scheduler has run today's 早盘跟踪 and backfilled the day before's report (it
 * does both at its first tick): the journeys below are about what the board shows, not about the run.
 */
async function waitForRuns(baseURL: string) {
  const email = `board-runs-${Date.now()}@example.com`;
  const registered = await fetch(`${baseURL}/api/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!registered.ok) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const access = await accessOf(baseURL, email);
  await subscribeToStrategy(baseURL, access);
  for (;;) {
    const answer = await fetch(`${baseURL}/api/v1/strategy/reports/recent/?limit=10`, {
      headers: { authorization: `Bearer ${access}` },
    });
    const reports = answer.ok ? ((await answer.json()) as { trade_date: string; run_phase: string }[]) : [];
    const has = (date: string, phase: string) =>
      reports.some((r) => r.trade_date === date && r.run_phase === phase);
    if (has(TRADING_DAY.today, 'MORNING') && has(TRADING_DAY.yesterday, 'POST_CLOSE')) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A browser session on `clocked`, its clock at the server's. */
async function openClocked(clocked: ClockedServer) {
  const session = await openSession({ baseURL: clocked.server.baseURL });
  await session.context.clock.install({ time: clocked.now() });
  return session;
}

let trading: ClockedServer;
let holiday: ClockedServer;

beforeAll(async () => {
  [trading, holiday] = await Promise.all([startClocked(TRADING_DAY.instant), startClocked(HOLIDAY.instant)]);
  await waitForRuns(trading.server.baseURL);
});

afterAll(async () => {
  await closeBrowser();
  await Promise.all([trading?.server.stop(), holiday?.server.stop()]);
});

test('a free user sees the daily emotion and yesterday’s report, and each locked view says what it would show and how to get it', async () => {
  const session = await openClocked(trading);
  const { page } = session;
  const email = await register(session, { prefix: 'board-free' });
  await signIn(session, email);
  await session.goto('/stock');

  // The daily emotion is drawn and explained; the minute emotion is not (one breakdown, the daily one's).
  await expect.poll(() => page.getByRole('region', { name: /^最新情绪构成/ }).count()).toBe(1);

  // The minute emotion and the feed: what they would show, the plan's price and 订阅.
  const minute = page.getByRole('region', { name: '分钟级情绪' });
  await expect.poll(() => minute.getByText(/盘中每 5 分钟更新的市场情绪值/).isVisible()).toBe(true);
  const plan = minute.getByRole('group', { name: '策略月度订阅' });
  await expect.poll(() => plan.getByText('300 积分 / 30 天').isVisible()).toBe(true);
  await expect.poll(() => plan.getByRole('button', { name: '订阅' }).isVisible()).toBe(true);
  const feed = page.getByRole('region', { name: '策略执行动态' });
  await expect.poll(() => feed.getByText('订阅内容').isVisible()).toBe(true);
  await expect.poll(() => feed.getByText(/策略每个交易日四次运行/).isVisible()).toBe(true);
  await expect.poll(() => feed.getByRole('button', { name: '订阅' }).isVisible()).toBe(true);
  // Today's picks are the plan's; the panel shows yesterday's post-close report instead.
  const today = page.getByRole('complementary', { name: '今日推荐个股' });
  await expect.poll(() => today.getByText(/今天盘前与盘中的推荐个股/).isVisible()).toBe(true);
  const picks = page.getByRole('region', { name: '每日策略推荐' });
  await expect.poll(() => picks.getByText('盘后复盘', { exact: true }).isVisible()).toBe(true);
  expect(await picks.locator('time').first().getAttribute('datetime')).toBe(TRADING_DAY.yesterday);
  expect(await picks.getByText('盘中 · 早盘跟踪').count()).toBe(0);
  await expect.poll(() => page.getByRole('button', { name: /免费体验版/ }).count()).toBe(1);
  await session.close();
});

test('a subscriber buys the plan with credits: today’s picks and the live feed open at once, the board and the user menu say until when, and 积分明细 has the purchase', async () => {
  const session = await openClocked(trading);
  const { page } = session;
  const email = await register(session, { prefix: 'board-buy' });
  await signIn(session, email);
  await session.goto('/stock');

  const minute = page.getByRole('region', { name: '分钟级情绪' });
  await minute.getByRole('group', { name: '策略月度订阅' }).getByRole('button', { name: '订阅' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect.poll(() => dialog.getByRole('heading', { name: '订阅策略月度订阅' }).isVisible()).toBe(true);
  await expect
    .poll(() => dialog.getByText('将从积分余额中扣除 300 积分，订阅 30 天。').isVisible())
    .toBe(true);
  await dialog.getByRole('button', { name: '支付 300 积分' }).click();
  await expect.poll(() => dialog.count()).toBe(0);

  // At once, without a reload: the minute emotion, today's run in the feed, today's report in the panel.
  await expect.poll(() => page.getByRole('region', { name: /^最新情绪构成/ }).count()).toBe(2);
  const feed = page.getByRole('region', { name: '策略执行动态' });
  await expect.poll(() => feed.getByRole('heading', { level: 3, name: /早盘跟踪/ }).count()).toBe(1);
  expect(await feed.getByText('订阅内容').count()).toBe(0);
  const picks = page.getByRole('region', { name: '每日策略推荐' });
  await expect.poll(() => picks.getByText('盘中 · 早盘跟踪', { exact: true }).isVisible()).toBe(true);
  expect(await picks.locator('time').first().getAttribute('datetime')).toBe(TRADING_DAY.today);
  expect(await page.getByRole('complementary', { name: '今日推荐个股' }).count()).toBe(0);

  // Bought at 11:00 on 17 June for 30 days: the board's control says until when.
  const control = page.getByRole('region', { name: '策略订阅' });
  await expect.poll(() => control.getByText('已订阅，有效期至 2026-07-17').isVisible()).toBe(true);
  // The user menu names the plan and its last day; 积分明细 has the purchase, 300 积分 less.
  await expect.poll(() => page.getByRole('button', { name: /策略订阅 · 至 2026-07-17/ }).count()).toBe(1);
  await session.goto('/account');
  const table = page.getByRole('table');
  await expect.poll(() => table.getByRole('row').nth(1).textContent()).toMatch(/订阅.*-300/);
  await session.close();
});

test('on a holiday the feed says 休市, the day’s run times and when the next run is', async () => {
  const { baseURL } = holiday.server;
  const session = await openClocked(holiday);
  const { page } = session;
  // A subscriber: the feed is the plan's, and on a closed day it says so instead of a locked view.
  const email = await register(session, { prefix: 'board-holiday' });
  await subscribeToStrategy(baseURL, await accessOf(baseURL, email));
  await signIn(session, email);
  await session.goto('/stock');

  const feed = page.getByRole('region', { name: '策略执行动态' });
  await expect.poll(() => feed.getByText('今日休市', { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => feed.getByText('周末与交易所节假日不运行策略').isVisible()).toBe(true);
  const nextDay = new Intl.DateTimeFormat('zh-CN', {
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${HOLIDAY.nextRunDay}T00:00:00Z`));
  await expect
    .poll(() => feed.getByText(`下次运行：${nextDay} 08:45 盘前分析（上海时间）`).isVisible())
    .toBe(true);
  await expect.poll(() => feed.getByText(/^运行时间（上海时间） 08:45 盘前分析/).isVisible()).toBe(true);
  expect(await feed.getByText('今日策略尚未运行').count()).toBe(0);
  await session.close();
});
