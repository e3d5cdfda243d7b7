/**
 * How fast the market pages paint for a signed-in user, in Debian's Chromium on the production build
 * served by the real server, over a year of simulated market data (the server backfills its archive as
 * it does on a fresh install, before the runs). The user has bought the strategy's plan with its credits
 * (through the API, before the runs), so the board is the whole of it: minute emotion, live feed, today's
 * picks. Each run is a new browser context (empty cache) holding the signed-in session, so every figure is
 * a first visit after sign-in:
 *
 * - the board: /stock until the daily emotion chart has drawn and explained its latest day;
 * - 连板天梯: the same visit, until the ladder's rungs are on screen;
 * - the stock detail: /stock/<a simulated code> until the page shows the stock — measured once the app
 *   has that route; until then the row says it is not measured.
 *
 * Times are the page's own clock (performance.now(), from the navigation's start) at the first animation
 * frame in which the content is in the document, read in that frame. Target: 500 ms.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { accessOf, subscribeToStrategy } from '../e2e/api';
import { startServer } from '../e2e/server';
import { chromiumArgs, chromiumPath } from '../vite.shared';
import { quantile } from './stats';

const PASSWORD = 'bench-password-2026';
const RUNS = Number(process.env.BENCH_MARKET_RUNS ?? 10);
const TARGET_MS = 500;
/** About a year of trading days: the most the server backfills (MARKET_BACKFILL_DAYS ≤ 240). */
const BACKFILL_DAYS = 240;

/** Whether the app routes /stock/<code> to a stock page (the route table is the source of truth). */
function hasStockDetailRoute(): boolean {
  const router = readFileSync(
    path.resolve(import.meta.dirname, '../apps/workspace/src/app/router.tsx'),
    'utf8',
  );
  return /['"]\/stock\/:/.test(router);
}

type Painted = { kind: 'board' } | { kind: 'ladder' } | { kind: 'detail'; code: string };

/**
 * Milliseconds from the navigation's start to the first frame in which the content is in the document:
 * the board's first emotion chart explained its latest day, 涨停复盘 has its
 * rungs, or the stock page's heading names the stock. A function, not a string: the app's CSP forbids eval.
 */
async function paintedAt(page: import('playwright-core').Page, what: Painted): Promise<number> {
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
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 120_000 });
  const state = await context.storageState();
  await context.close();
  // The API's own sign-in, for the requests the bench makes beside the browser.
  const access = await accessOf(baseURL, email, PASSWORD);
  await subscribeToStrategy(baseURL, access);
  return { state, access };
}

const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const p95 = quantile(sorted, 0.95);
  return `median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms over ${times.length} runs (target ${TARGET_MS} ms)${
    p95 > TARGET_MS ? ' — OVER TARGET' : ''
  }`;
};

export async function marketBrowserBench(): Promise<Array<readonly [string, string]>> {
  const server = await startServer({ NODE_ENV: 'production', MARKET_BACKFILL_DAYS: String(BACKFILL_DAYS) });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const { state, access } = await signedInState(browser, server.baseURL);
    const auth = { authorization: `Bearer ${access}` };
    // The archive as a server a year old has it: the first request waits for the backfill.
    const started = performance.now();
    const daily = await fetch(`${server.baseURL}/api/v1/market/daily-series/`, { headers: auth });
    if (!daily.ok) throw new Error(`daily series answered ${daily.status}`);
    const backfill = performance.now() - started;
    const ladder = (await (
      await fetch(`${server.baseURL}/api/v1/market/ladder/`, { headers: auth })
    ).json()) as {
      rungs?: { stocks: { code: string; name: string }[] }[];
    };
    // The highest rung may be empty (yesterday's top stock failed): the first rung with a stock.
    const stock = ladder.rungs?.flatMap((rung) => rung.stocks)[0];
    if (!stock) throw new Error('the latest day’s ladder has no stock to open');

    const board: number[] = [];
    const ladderTimes: number[] = [];
    const detail: number[] = [];
    const detailRoute = hasStockDetailRoute();
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ locale: 'zh-CN', storageState: state });
      const page = await context.newPage();
      await page.goto(`${server.baseURL}/stock`, { waitUntil: 'commit' });
      board.push(await paintedAt(page, { kind: 'board' }));
      ladderTimes.push(await paintedAt(page, { kind: 'ladder' }));
      await context.close();
      if (detailRoute) {
        const fresh = await browser.newContext({ locale: 'zh-CN', storageState: state });
        const detailPage = await fresh.newPage();
        await detailPage.goto(`${server.baseURL}/stock/${stock.code}`, { waitUntil: 'commit' });
        detail.push(await paintedAt(detailPage, { kind: 'detail', code: stock.code }));
        await fresh.close();
      }
    }
    return [
      [
        `market pages: backfill of ${BACKFILL_DAYS} trading days (before the runs)`,
        `${backfill.toFixed(0)} ms`,
      ],
      ['market pages: /stock first paint after sign-in (daily emotion chart drawn)', figures(board)],
      ['market pages: /stock 连板天梯 on screen', figures(ladderTimes)],
      [
        `market pages: /stock/${stock.code} stock detail first paint`,
        detailRoute ? figures(detail) : 'not measured: the app has no /stock/:code route yet',
      ],
    ] as const;
  } finally {
    await browser.close();
    await server.stop();
  }
}
