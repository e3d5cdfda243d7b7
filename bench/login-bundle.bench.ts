import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import type { RunningServer } from '../e2e/server';
import { chromiumArgs, chromiumPath } from '../vite.shared';

const PASSWORD = 'bench-password-2026';
/** Sign-ins timed one after another on fresh pages; the median is printed. */
const SIGN_IN_ROUNDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * The gzip size of the JS and CSS a first visit to /login downloads (fonts and images apart), and the time
 * from submitting the sign-in form to the home chat being usable: its input shown, enabled and focused.
 */
export async function loginBundle(server: RunningServer) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const sizes = { js: 0, css: 0, files: 0 };
  const signIns: number[] = [];
  try {
    const page = await browser.newPage();
    const pending: Promise<void>[] = [];
    const measure = (response: Response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        response.body().then((body) => {
          const gz = gzipSync(body, { level: 9 }).length;
          if (type === 'script') sizes.js += gz;
          else sizes.css += gz;
          sizes.files++;
        }),
      );
    };
    page.on('response', measure);
    await page.goto(`${server.baseURL}/login`, { waitUntil: 'networkidle' });
    // Every body is read before the browser closes: a response counted after it would read a closed page.
    page.off('response', measure);
    await Promise.all(pending);
    await page.close();

    const email = `bench-login-${process.pid}-${Date.now()}@example.com`;
    const registered = await fetch(`${server.baseURL}/api/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!registered.ok) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
    for (let round = 0; round < SIGN_IN_ROUNDS; round += 1)
      signIns.push(await timeSignIn(browser, server, email));
  } finally {
    await browser.close();
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return [
    ['/login JS (gzip)', kb(sizes.js)],
    ['/login CSS (gzip)', kb(sizes.css)],
    ['/login JS + CSS (gzip, budget < 150 KiB)', kb(sizes.js + sizes.css)],
    ['/login JS + CSS files', String(sizes.files)],
    [
      `sign-in submitted → home chat input enabled and focused, median of ${SIGN_IN_ROUNDS} (budget < 1.5 s)`,
      `${median(signIns).toFixed(0)} ms (each: ${signIns.map((n) => n.toFixed(0)).join(', ')})`,
    ],
  ] as const;
}

/**
 * One sign-in as a user does it, in a fresh browser context (nothing cached, no stored session): the form
 * is filled, the password typed key by key (the page fetches the next screen meanwhile), and the clock runs
 * from the click on 登录 until the chat's input is enabled and has the focus.
 */
async function timeSignIn(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  server: RunningServer,
  email: string,
): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${server.baseURL}/login`);
    await page.getByLabel('邮箱').fill(email);
    await page.getByLabel('密码', { exact: true }).pressSequentially(PASSWORD, { delay: 40 });
    const usable = page.waitForFunction(
      () => {
        const input = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="输入消息"]');
        return input !== null && !input.disabled && document.activeElement === input;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    const started = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await usable;
    return (await page.evaluate(() => performance.now())) - started;
  } finally {
    await context.close();
  }
}
