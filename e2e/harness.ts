import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { chromiumArgs, chromiumPath } from '../vite.shared';

export interface Session {
  page: Page;
  context: BrowserContext;
  baseURL: string;
  /** Navigates to a path of the app and scans the page it lands on. */
  goto(path: string): Promise<void>;
  /** Waits until the app shows `path`, then runs the accessibility scan there. */
  expectPage(path: string | RegExp): Promise<void>;
  close(): Promise<void>;
}

let browser: Browser | undefined;

async function getBrowser() {
  browser ??= await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  return browser;
}

export async function closeBrowser() {
  await browser?.close();
  browser = undefined;
}

/**
 * axe on the page as the user sees it. Every page a journey visits goes through here, so an
 * accessibility regression anywhere in a journey fails it.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/*
 * A react-aria button that was pending (登录, 注册, 删除) announces its end through a live region that
 * keeps, for seven seconds, an image labelled by the button's id; once the button is gone axe reports
 * that stale invisible node (see the ConfirmDialog stories). Wait for it to go before scanning a page.
 */
export async function settleAnnouncer(page: Page) {
  // The announcement may be added a moment after the button went away.
  await page.waitForTimeout(500);
  await expect
    .poll(() => page.locator('[data-live-announcer] [role="img"]').count(), { timeout: 10_000 })
    .toBe(0);
}

/** A phone as Chinese users hold one: 390 × 844 CSS pixels, touch. */
export const PHONE = { width: 390, height: 844 } as const;

export async function openSession(
  options: { colorScheme?: 'light' | 'dark'; phone?: boolean } = {},
): Promise<Session> {
  const baseURL = inject('baseURL');
  const context = await (await getBrowser()).newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.phone ? PHONE : { width: 1280, height: 800 },
    ...(options.phone ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const session: Session = {
    page,
    context,
    baseURL,
    async goto(path) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    },
    async expectPage(path) {
      const pattern =
        typeof path === 'string' ? new RegExp(`^${baseURL}${path.replace(/[?]/g, '\\?')}$`) : path;
      await page.waitForURL(pattern);
      await page.waitForLoadState('networkidle');
      await settleAnnouncer(page);
      await expectAccessible(page);
    },
    async close() {
      await context.close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
  };
  return session;
}
