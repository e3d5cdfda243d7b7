/**
 * How fast the market pages paint for a signed-in user, in Debian's Chromium on the production build
 * served by the real server, over a year of simulated market data (the server backfills its archive as
 * it does on a fresh install, before the runs). The user has bought the strategy's plan with its credits
 * (through the API, before the runs), so the board is the whole of it: minute emotion, live feed, today's
 * picks. Each run is a new browser context (empty cache) in which the user signs in on /login as anyone
 * does, lands in the app, and then:
 *
 * - the board: clicks 股票 in the sidebar, until the daily emotion chart has drawn and explained its
 *   latest day;
 * - 连板天梯: the same visit, until the ladder's rungs are on screen;
 * - the stock detail: clicks a stock of the ladder, until the stock's page names it.
 *
 * These are timed from the click (the event's own time stamp) to the first animation frame in which the
 * content is in the document, read in that frame, on the page's clock. Target: 500 ms. For reference, the
 * board opened by its address in a new context (a bookmark, nothing cached, the session cookie only) is
 * timed from the navigation's start: that adds the whole app's download and start-up.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { accessOf, subscribeToStrategy } from '../e2e/api';
import { startServer } from '../e2e/server';
import { chromiumArgs, chromiumPath } from '../vite.shared';
import { quantile } from './stats';

const PASSWORD = 'bench-password-2026';
const RUNS = Number(process.env.BENCH_MARKET_RUNS ?? 10);
const TARGET_MS = 500;
/** About a year of trading days: the most the server backfills (MARKET_BACKFILL_DAYS ≤ 240). */
const BACKFILL_DAYS = 240;

type Painted = { kind: 'board' } | { kind: 'ladder' } | { kind: 'detail'; code: string };

/**
 * Milliseconds from the navigation's start to the first frame in which the content is in the document:
 * the board's first emotion chart explained its latest day, 涨停复盘 has its
 * rungs, or the stock page's heading names the stock. A function, not a string: the app's CSP forbids eval.
 */
async function paintedAt(page: Page, what: Painted): Promise<number> {
  const handle = await page.waitForFunction(
    (w: Painted) => {
      const sections = [...document.querySelectorAll('section[aria-labelledby]')].map((s) => ({
        s,
        title: document.getElementById(s.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
      }));
      let ready: boolean;
      if (w.kind === 'board') ready = sections.some((x) => x.title.startsWith('最新情绪构成'));
      else if (w.kind === 'ladder')
        ready = sections.some((x) => x.title === '涨停复盘' && x.s.querySelector('h3') !== null);
      else ready = [...document.querySelectorAll('h1')].some((h) => (h.textContent ?? '').includes(w.code));
      return ready ? performance.now() : false;
    },
    what,
    { polling: 'raf', timeout: 120_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function signedInState(browser: Browser, baseURL: string) {
  const email = `bench-market-${process.pid}-${Date.now()}@example.com`;
  const registered = await fetch(`${baseURL}/api/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!registered.ok) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, baseURL, email);
  const state = await context.storageState();
  await context.close();
  // The API's own sign-in, for the requests the bench makes beside the browser.
  const access = await accessOf(baseURL, email, PASSWORD);
  await subscribeToStrategy(baseURL, access);
  return { state, access, email };
}

/** Signs in on /login as a user does, and waits until the app the user lands in has settled. */
async function signIn(page: Page, baseURL: string, email: string) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 120_000 });
  await page.waitForLoadState('networkidle');
}

/** Records, on the page's clock, the time stamp of the next click the user makes. */
async function nextClick(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { clickedAt?: Promise<number> };
    w.clickedAt = new Promise((resolve) =>
      document.addEventListener('click', (event) => resolve(event.timeStamp), { capture: true, once: true }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { clickedAt: Promise<number> }).clickedAt);
}

const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const p95 = quantile(sorted, 0.95);
  return `median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms over ${times.length} runs (target ${TARGET_MS} ms)${
    p95 > TARGET_MS ? ' — OVER TARGET' : ''
  }`;
};

/** A figure with no target of its own: the first visit also downloads and starts the whole app. */
const reference = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${quantile(sorted, 0.5).toFixed(0)} ms, p95 ${quantile(sorted, 0.95).toFixed(0)} ms over ${times.length} runs`;
};

export async function marketBrowserBench(): Promise<Array<readonly [string, string]>> {
  // Ten sign-ins and board visits by one user inside a minute pass the per-user request limit (300 a
  // minute), which is there for abuse, not for what this measures.
  const server = await startServer({
    NODE_ENV: 'production',
    MARKET_BACKFILL_DAYS: String(BACKFILL_DAYS),
    USER_RATE_LIMIT_MAX: '100000',
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const { state, access, email } = await signedInState(browser, server.baseURL);
    const auth = { authorization: `Bearer ${access}` };
    // The archive as a server a year old has it: the first request waits for the backfill.
    const started = performance.now();
    const daily = await fetch(`${server.baseURL}/api/v1/market/daily-series/`, { headers: auth });
    if (!daily.ok) throw new Error(`daily series answered ${daily.status}`);
    const backfill = performance.now() - started;

    const board: number[] = [];
    const ladderTimes: number[] = [];
    const detail: number[] = [];
    const cold: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ locale: 'zh-CN' });
      const page = await context.newPage();
      await signIn(page, server.baseURL, email);
      let clicked = await nextClick(page);
      await page.getByRole('link', { name: '股票', exact: true }).click();
      const boardPainted = await paintedAt(page, { kind: 'board' });
      const ladderPainted = await paintedAt(page, { kind: 'ladder' });
      const boardClick = await clicked();
      board.push(boardPainted - boardClick);
      ladderTimes.push(ladderPainted - boardClick);
      await page.waitForLoadState('networkidle');
      const ladder = page
        .locator('section[aria-labelledby]')
        .filter({ has: page.getByRole('heading', { name: '涨停复盘', exact: true }) });
      const href = (await ladder.locator('a[href^="/stock/"]').first().getAttribute('href')) ?? '';
      const code = decodeURIComponent(href.slice('/stock/'.length));
      clicked = await nextClick(page);
      // The link of that stock, not "the first link" again: the board may have refreshed in between.
      await ladder.locator(`a[href="${href}"]`).first().click();
      const detailPainted = await paintedAt(page, { kind: 'detail', code });
      detail.push(detailPainted - (await clicked()));
      await context.close();

      const bookmark = await browser.newContext({ locale: 'zh-CN', storageState: state });
      const fresh = await bookmark.newPage();
      await fresh.goto(`${server.baseURL}/stock`, { waitUntil: 'commit' });
      cold.push(await paintedAt(fresh, { kind: 'board' }));
      await bookmark.close();
    }
    return [
      [
        `market pages: backfill of ${BACKFILL_DAYS} trading days (before the runs)`,
        `${backfill.toFixed(0)} ms`,
      ],
      [
        'market pages: 股票 clicked after sign-in → board painted (daily emotion chart drawn)',
        figures(board),
      ],
      ['market pages: 股票 clicked after sign-in → 连板天梯 on screen', figures(ladderTimes)],
      ['market pages: a stock of 连板天梯 clicked → its /stock/<code> page painted', figures(detail)],
      [
        'market pages (reference): /stock opened by its address, nothing cached → board painted',
        reference(cold),
      ],
    ] as const;
  } finally {
    await browser.close();
    await server.stop();
  }
}
