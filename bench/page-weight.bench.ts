/**
 * What the browser receives, as bytes on the wire, at each step a new user takes: the sign-in page, the
 * home chat after signing in, a document opened, the first export. The production build on the real
 * server, in Debian's Chromium with an empty cache; every response's encodedDataLength from the DevTools
 * protocol (compressed body plus headers, as received), the page's and its workers' alike.
 */
import { type Browser, type BrowserContext, chromium, type Request } from 'playwright-core';
import type { RunningServer } from '../e2e/server';
import { chromiumArgs, chromiumPath } from '../vite.shared';

const PASSWORD = 'bench-password-2026';
/** The network is idle once nothing has been in flight for this long (what Playwright's networkidle uses). */
const QUIET_MS = 500;
const KiB = 1024;
const BUDGETS = { login: 150 * KiB, home: 400 * KiB, document: 250 * KiB } as const;

const kb = (n: number) => `${(n / KiB).toFixed(1)} KiB`;

/**
 * Counts what the browser receives for one context (its pages and their workers), and what it still waits
 * for. Playwright's request sizes are the DevTools protocol's encodedDataLength split into headers and body,
 * and it follows a worker's script, whose request starts in the page and finishes in the worker.
 */
class WireMeter {
  received = 0;
  files = 0;
  /** Of `received`, the self-hosted CJK font's slices (the browser fetches those its text needs). */
  fonts = 0;
  private readonly inFlight = new Set<Request>();
  private lastActivity = Date.now();
  /** Per URL, for the list of the largest responses of a step. */
  readonly byUrl = new Map<string, number>();
  private readonly pending: Promise<void>[] = [];

  constructor(context: BrowserContext) {
    context.on('request', (request) => {
      this.inFlight.add(request);
      this.lastActivity = Date.now();
    });
    context.on('requestfinished', (request) => {
      this.pending.push(
        Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => {
          // Chromium reports no body bytes for a dedicated worker's own script (its response events go to
          // the worker, which counts the headers only); for such a response the Content-Length the server
          // sent, which is the encoded length, stands in.
          const declared = Number((await response?.headerValue('content-length')) ?? 0);
          const body = sizes.responseBodySize > 0 ? sizes.responseBodySize : declared;
          const bytes = sizes.responseHeadersSize + body;
          this.received += bytes;
          this.files += 1;
          if (request.resourceType() === 'font') this.fonts += bytes;
          this.byUrl.set(request.url(), (this.byUrl.get(request.url()) ?? 0) + bytes);
          this.inFlight.delete(request);
          this.lastActivity = Date.now();
        }),
      );
    });
    context.on('requestfailed', (request) => {
      this.inFlight.delete(request);
      this.lastActivity = Date.now();
    });
  }

  /** Resolves once nothing has been in flight for QUIET_MS and every size is counted. */
  async idle(timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight.size > 0 || Date.now() - this.lastActivity < QUIET_MS) {
      if (Date.now() > deadline)
        throw new Error(
          `the network did not go quiet: ${[...this.inFlight].map((r) => r.url()).join(', ')} in flight`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(this.pending);
  }
}

interface Step {
  name: string;
  bytes: number;
  files: number;
  fonts: number;
  largest: Array<[string, number]>;
}

/** Runs `act`, waits for the network to go quiet, and returns what was received meanwhile. */
async function step(meter: WireMeter, name: string, act: () => Promise<void>): Promise<Step> {
  const before = {
    bytes: meter.received,
    files: meter.files,
    fonts: meter.fonts,
    urls: new Map(meter.byUrl),
  };
  await act();
  await meter.idle();
  const largest = [...meter.byUrl]
    .map(([url, n]): [string, number] => [url, n - (before.urls.get(url) ?? 0)])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, process.env.BENCH_VERBOSE === '1' ? 60 : 5);
  return {
    name,
    bytes: meter.received - before.bytes,
    files: meter.files - before.files,
    fonts: meter.fonts - before.fonts,
    largest,
  };
}

async function meteredPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'zh-CN', acceptDownloads: true });
  const meter = new WireMeter(context);
  const page = await context.newPage();
  // The figures are bytes, not times: on a busy machine a step may take long, and that changes nothing.
  page.setDefaultTimeout(120_000);
  return { context, page, meter };
}

/**
 * The four steps in one fresh browser context, so each one's figure is what it adds over the ones before
 * (the browser's cache holds what an earlier step fetched, as it would for a user).
 */
export async function pageWeightBench(server: RunningServer) {
  const email = `bench-weight-${process.pid}-${Date.now()}@example.com`;
  const registered = await fetch(`${server.baseURL}/api/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!registered.ok) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);

  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const steps: Step[] = [];
  try {
    const { page, meter } = await meteredPage(browser);
    steps.push(
      await step(meter, '/login', async () => {
        await page.goto(`${server.baseURL}/login`, { waitUntil: 'load' });
      }),
    );
    steps.push(
      await step(meter, 'home chat after sign-in', async () => {
        await page.getByLabel('邮箱').fill(email);
        // Typed as a person does: the sign-in page fetches the next screen meanwhile, and that counts here.
        await page.getByLabel('密码', { exact: true }).pressSequentially(PASSWORD, { delay: 40 });
        await page.getByRole('button', { name: '登录', exact: true }).click();
        await page.waitForFunction(
          () => {
            const input = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="输入消息"]');
            return input !== null && !input.disabled;
          },
          undefined,
          { timeout: 120_000 },
        );
      }),
    );
    steps.push(
      await step(meter, 'open a document', async () => {
        await page.getByRole('link', { name: '文档', exact: true }).click();
        await page.getByRole('button', { name: /空白文档/ }).click();
        await page.getByRole('textbox', { name: '文档正文' }).waitFor({ timeout: 120_000 });
        await page.getByRole('textbox', { name: '文档正文' }).click();
        await page.keyboard.type('年度计划');
        await page.locator('[data-save-status="saved"]').waitFor({ timeout: 120_000 });
      }),
    );
    steps.push(
      await step(meter, 'first export (DOCX)', async () => {
        await page.getByRole('menuitem', { name: '文件' }).click();
        const download = page.waitForEvent('download', { timeout: 120_000 });
        await page.getByRole('menuitem', { name: '导出为 DOCX' }).click();
        await download;
      }),
    );
  } finally {
    await browser.close();
  }

  if (process.env.BENCH_VERBOSE === '1')
    for (const s of steps) {
      console.log(`${s.name}: ${kb(s.bytes)} in ${s.files} responses; largest:`);
      for (const [url, n] of s.largest)
        console.log(`  ${kb(n).padStart(10)}  ${url.replace(server.baseURL, '')}`);
    }
  const [login, home, opened, exported] = steps as [Step, Step, Step, Step];
  const row = (s: Step, budget?: number) =>
    [
      `received: ${s.name}${budget ? ` (budget ≤ ${kb(budget)})` : ''}`,
      `${kb(s.bytes)} in ${s.files} responses, of which fonts ${kb(s.fonts)}${budget && s.bytes > budget ? ' — OVER BUDGET' : ''}`,
    ] as const;
  return [
    row(login, BUDGETS.login),
    row(home, BUDGETS.home),
    row(opened, BUDGETS.document),
    row(exported),
    ['received: /login → first export, in all', kb(steps.reduce((n, s) => n + s.bytes, 0))],
  ] as const;
}
