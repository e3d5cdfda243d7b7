/**
 * `pnpm bench login-challenge`: how long the security check of a sign-in takes to solve, at each
 * difficulty an operator may choose (LOGIN_CHALLENGE_BITS … LOGIN_CHALLENGE_BITS_MAX, 16 to 18 by default):
 * the api-client's own solver in Node and in Chromium, there also with the CPU slowed four times as a
 * stand-in for a mid-range phone; then the whole sign-in of the owner, from the click to the home chat, on
 * the real server while the account is under attack (its challenge at the default 16 bits) on that phone.
 * A search takes a random number of tries (2^bits on average, split into eight finds so that it varies
 * less), so each difficulty is solved many times with fresh salts: the median, 90th percentile and worst.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import ts from 'typescript';
import { LOAD_TEST_LIMITS, startServer } from '../e2e/server';
import { solveLoginChallenge } from '../packages/api-client/src/auth/loginChallenge';
import { chromiumArgs, chromiumPath } from '../vite.shared';
import { quantile } from './stats';

const BITS = [16, 17, 18, 19, 20] as const;
const SOLVES = 15;
/** The server splits a challenge's work into 8 finds (modules/auth/challenge.ts): 2^bits = 8 × 2^(bits − 3). */
const PARTS = 8;
/** Chromium's CPU throttling rate taken for a mid-range phone. */
const PHONE_SLOWDOWN = 4;

const salt = () => randomBytes(16).toString('base64url');
const figure = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
  return `median ${s(quantile(sorted, 0.5))}, p90 ${s(quantile(sorted, 0.9))}, worst ${s(sorted.at(-1) ?? Number.NaN)} (${times.length} solves)`;
};

/** The solver's source as a script a page can run: its types taken off, its exports made page globals. */
function solverScript(): string {
  const file = path.resolve(import.meta.dirname, '../packages/api-client/src/auth/loginChallenge.ts');
  const js = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  return `${js.replace(/^export /gm, '')}\nwindow.solveLoginChallenge = solveLoginChallenge;`;
}

export async function loginChallengeBench(): Promise<(readonly [string, string])[]> {
  const rows: (readonly [string, string])[] = [];
  for (const bits of BITS) {
    const times: number[] = [];
    for (let i = 0; i < SOLVES; i += 1) {
      const start = performance.now();
      await solveLoginChallenge({ salt: salt(), bits: bits - 3, parts: PARTS });
      times.push(performance.now() - start);
    }
    rows.push([`login challenge ${bits} bits, Node`, figure(times)]);
  }

  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const slowdown of [1, PHONE_SLOWDOWN]) {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      await page.addScriptTag({ content: solverScript() });
      for (const bits of BITS) {
        const times = await page.evaluate(
          async ({ bits, parts, salts }) => {
            const solve = (window as unknown as { solveLoginChallenge: typeof solveLoginChallenge })
              .solveLoginChallenge;
            const out: number[] = [];
            for (const salt of salts) {
              const start = performance.now();
              await solve({ salt, bits, parts });
              out.push(performance.now() - start);
            }
            return out;
          },
          { bits: bits - 3, parts: PARTS, salts: Array.from({ length: SOLVES }, salt) },
        );
        const where = slowdown === 1 ? 'Chromium' : `Chromium, CPU ÷${slowdown} (phone)`;
        rows.push([`login challenge ${bits} bits, ${where}`, figure(times)]);
      }
      await page.close();
    }
    rows.push(...(await ownerSignIn(browser)));
  } finally {
    await browser.close();
  }
  return rows;
}

/**
 * The owner's sign-in on a phone while a guesser rotates addresses: the server of its own trusts
 * X-Forwarded-For, so the guesser's failures come from other addresses than the browser's.
 */
async function ownerSignIn(browser: import('playwright-core').Browser) {
  const server = await startServer({
    NODE_ENV: 'production',
    TRUST_PROXY: 'true',
    LOGIN_ACCOUNT_FREE_FAILURES: '3',
    ...LOAD_TEST_LIMITS,
  });
  const times: number[] = [];
  try {
    for (let round = 0; round < 5; round += 1) {
      const email = `bench-besieged-${round}-${Date.now()}@example.com`;
      const password = 'bench-owner-2026';
      await fetch(`${server.baseURL}/api/auth/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      for (let i = 1; i <= 3; i += 1)
        await fetch(`${server.baseURL}/api/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
          body: JSON.stringify({ email, password: `guess-${i}` }),
        });
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await page.goto(`${server.baseURL}/login`, { waitUntil: 'networkidle' });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_SLOWDOWN });
      await page.getByLabel('邮箱').fill(email);
      await page.getByLabel('密码', { exact: true }).fill(password);
      const start = performance.now();
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL(`${server.baseURL}/home`, { timeout: 120_000 });
      times.push(performance.now() - start);
      await context.close();
    }
  } finally {
    await server.stop();
  }
  return [[`owner's sign-in through a 16-bit check, CPU ÷${PHONE_SLOWDOWN}`, figure(times)] as const];
}
