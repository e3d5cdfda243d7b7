import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { chromiumArgs, chromiumPath } from '../vite.shared';
import { accessOf, PASSWORD, subscribeToStrategy as subscribeThroughApi } from './api';

export interface Session {
  page: Page;
  context: BrowserContext;
  baseURL: string;
  /** Navigates to a path of the app and scans the page it lands on. */
  goto(path: string): Promise<void>;
  /** Waits until the app shows `path`, then runs the accessibility scan there. */
  expectPage(path: string | RegExp): Promise<void>;
  /**
   * Says that a console error matching `pattern` is expected (a request the journey makes fail on purpose
   * logs one), until the returned function is called: any other console error fails the journey at close().
   */
  allowConsoleError(pattern: RegExp): () => void;
  /**
   * Says that Content-Security-Policy violations whose report (`directive blocked … in file:line`) matches
   * `pattern` are known, until the returned function is called. For a cause the journey cannot fix, named
   * where it is called; any other violation fails the journey at close().
   */
  allowViolation(pattern: RegExp): () => void;
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
  // A dialog still fading in is text at part of its opacity, which axe rightly measures as too faint (it
  // did, on a busy machine, where the fade's frames came late). react-aria marks an overlay with
  // data-entering or data-exiting until its animation ends: the scan waits for that, not for a time.
  await expect.poll(() => page.locator('[data-entering], [data-exiting]').count()).toBe(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // A react-aria button that was pending (登录, 注册, 删除) announces its end through a live region that
    // keeps, for seven seconds, an image labelled by the button's id; once the button is gone axe reports
    // that stale, invisible node (the stories exclude it the same way). Waiting for it would make every
    // scan after a sign-in wait on a clock.
    .exclude('[data-live-announcer]')
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** A phone as Chinese users hold one: 390 × 844 CSS pixels, touch. */
export const PHONE = { width: 390, height: 844 } as const;

export async function openSession(
  /** `baseURL`: a server the journey started itself (see server.ts), instead of the shared one. */
  options: { colorScheme?: 'light' | 'dark'; phone?: boolean; baseURL?: string } = {},
): Promise<Session> {
  const baseURL = options.baseURL ?? inject('baseURL');
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
  // The page runs under the server's real Content-Security-Policy. A blocked inline style or script
  // breaks a feature silently (maths without its superscripts, a diagram in black), so every violation
  // fails the journey: reported by the page's own securitypolicyviolation event, which also names
  // violations Chromium does not log to the console.
  const violations: string[] = [];
  const knownViolations = new Set<RegExp>();
  await context.exposeBinding('__wxCspViolation', (_source, violation: string) => {
    if (![...knownViolations].some((pattern) => pattern.test(violation))) violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __wxCspViolation(v: string): void }).__wxCspViolation;
      void report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile || event.documentURI}:${event.lineNumber} (${event.sample})`,
      );
    });
  });
  const consoleErrors: string[] = [];
  const allowed = new Set<RegExp>();
  // Every page of the app in the context (a journey may open a second tab); not a page elsewhere that a
  // journey opens, such as a cited source, whose errors are not the app's.
  context.on('console', (message) => {
    if (message.type() !== 'error' || !message.page()?.url().startsWith(baseURL)) return;
    const text = `${message.text()} (${message.location().url})`;
    if (![...allowed].some((pattern) => pattern.test(text))) consoleErrors.push(text);
  });
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
      await expectAccessible(page);
    },
    allowConsoleError(pattern) {
      allowed.add(pattern);
      return () => allowed.delete(pattern);
    },
    allowViolation(pattern) {
      knownViolations.add(pattern);
      return () => knownViolations.delete(pattern);
    },
    async close() {
      await context.close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      expect(consoleErrors, 'console errors').toEqual([]);
    },
  };
  return session;
}

export { PASSWORD };

/** Makes an account through the API (the sign-up form has a journey of its own); resolves with its e-mail. */
export async function register(session: Session, options: { prefix?: string; nickname?: string } = {}) {
  const { prefix = 'user', nickname } = options;
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await session.page.request.post(`${session.baseURL}/api/auth/register/`, {
    data: { email, password: PASSWORD, ...(nickname ? { nickname } : {}) },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return email;
}

/** Signs in on the login page, as a user does, and waits for the home chat. */
export async function signIn(session: Session, email: string) {
  const { page, baseURL } = session;
  await session.goto('/login');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(`${baseURL}/home`);
}

/** A new account, signed in; resolves with its e-mail. */
export async function signUpAndSignIn(
  session: Session,
  options: { prefix?: string; nickname?: string } = {},
) {
  const email = await register(session, options);
  await signIn(session, email);
  return email;
}

/**
 * Buys the strategy's plan for the account of `email` through the API (a sign-in of its own: the page
 * keeps its access token in memory, out of the journey's reach).
 */
export async function subscribeToStrategy(session: Session, email: string): Promise<void> {
  await subscribeThroughApi(session.baseURL, await accessOf(session.baseURL, email));
}

/** Opens a new blank document from /document and resolves with its paper (the editable body). */
export async function openBlankDocument(session: Session) {
  const { page } = session;
  await session.goto('/document');
  await page.getByRole('button', { name: /空白文档/ }).click();
  await session.expectPage(/\/document\/local-doc-\d+$/);
  const paper = page.getByRole('textbox', { name: '文档正文' });
  await expect.poll(() => paper.isVisible()).toBe(true);
  return paper;
}
