import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { paperOf } from './documentPage';
import { closeBrowser, openBlankDocument, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

/** A menu item's name: its label, then its shortcut (复制 is not 复制格式). */
const named = (label: string) => new RegExp(`^${label}(\\s*Ctrl|$)`);

/** 编辑 → `label`. */
async function fromEditMenu(page: Page, label: string) {
  await page.getByRole('menuitem', { name: '编辑', exact: true }).click();
  await page
    .getByRole('menu', { name: '编辑' })
    .getByRole('menuitem', { name: named(label) })
    .click();
}

/** The paragraphs of the paper: their text, whether they hold bold text, their alignment. */
const paragraphs = (page: Page) =>
  paperOf(page).evaluate((paper) =>
    [...paper.querySelectorAll('p')].map((p) => ({
      text: p.textContent ?? '',
      bold: p.querySelector('strong') !== null,
      align: getComputedStyle(p).textAlign,
    })),
  );

/**
 * 编辑 → 剪贴板 in the built app (issue 34), with the page allowed the clipboard as a user allows it: a
 * bold line copied from the 编辑 menu, pasted back from the paper's context menu with its bold (the
 * clipboard carried HTML), pasted as plain text without it; the system clipboard holds what the menu
 * wrote; then 格式刷 gives a plain paragraph the first one's bold, colour and centring.
 */
test('copy from the menu, paste from the context menu and as plain text, and the format painter', async () => {
  const session = await openSession();
  const { page, context, baseURL } = session;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signUpAndSignIn(session, { prefix: 'clipboard', nickname: '剪贴板用户' });
  const paper = await openBlankDocument(session);
  await paper.click();

  // Four plain lines; the first made bold and centred.
  for (const [index, line] of ['春眠不觉晓', '处处闻啼鸟', '夜来风雨声', '花落知多少'].entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(line);
  }
  const line = (index: number) => paper.locator('p').nth(index);
  await line(0).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Control+KeyB');
  await page.getByRole('button', { name: '居中' }).click();
  await expect
    .poll(async () => (await paragraphs(page))[0])
    .toEqual({
      text: '春眠不觉晓',
      bold: true,
      align: 'center',
    });

  // 复制 from the 编辑 menu: the system clipboard has the line as text and as HTML.
  await line(0).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  // Chromium sanitizes the HTML a page writes by parsing it in the page, where the server's
  // Content-Security-Policy reports each style attribute in it (the attributes stay; none is applied to
  // the page). Nothing the editor can change: the clipboard's HTML must carry the text's styles.
  const allowSanitizerLog = session.allowConsoleError(/^Applying inline style violates/);
  const allowSanitizer = session.allowViolation(/^style-src-attr blocked inline in \S+\/document\/[^:]+:0 /);
  await fromEditMenu(page, '复制');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('春眠不觉晓');
  allowSanitizer();
  allowSanitizerLog();
  const types = await page.evaluate(async () => (await navigator.clipboard.read()).flatMap((i) => i.types));
  expect(types).toEqual(expect.arrayContaining(['text/plain', 'text/html']));

  // 粘贴 from the context menu (a right click) at the start of the third line: bold, as copied.
  await line(2).click();
  await page.keyboard.press('Home');
  await line(2).click({ button: 'right', position: { x: 2, y: 4 } });
  const menu = page.getByRole('menu', { name: '剪贴板和格式' });
  await menu.getByRole('menuitem', { name: named('粘贴') }).click();
  await expect.poll(() => menu.count()).toBe(0);
  await expect.poll(async () => (await paragraphs(page))[2]?.text).toBe('春眠不觉晓夜来风雨声');
  expect(await line(2).locator('strong').textContent()).toBe('春眠不觉晓');

  // 粘贴为纯文本 from the 编辑 menu at the end of the fourth line: the text alone, not bold.
  await line(3).click();
  await page.keyboard.press('End');
  await fromEditMenu(page, '粘贴为纯文本');
  await expect
    .poll(async () => (await paragraphs(page))[3])
    .toMatchObject({
      text: '花落知多少春眠不觉晓',
      bold: false,
    });
  // The browser's own Ctrl+Shift+V (shown beside 粘贴为纯文本) does the same.
  await page.keyboard.press('Control+Shift+KeyV');
  await expect
    .poll(async () => (await paragraphs(page))[3])
    .toMatchObject({
      text: '花落知多少春眠不觉晓春眠不觉晓',
      bold: false,
    });

  // The context menu from the keyboard: 复制格式 on the first line.
  await line(0).click();
  await page.keyboard.press('Shift+F10');
  await expect.poll(() => menu.count()).toBe(1);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect.poll(() => paper.getAttribute('data-wx-format-painter')).toBe('once');
  await expect.poll(() => page.getByRole('status').filter({ hasText: '格式刷已开启' }).count()).toBe(1);

  // The next selection made with the mouse (the second line, dragged across) takes the format: bold and
  // centred now, and the painter is off.
  const box = await line(1).locator('span').first().boundingBox();
  if (!box) throw new Error('the second line is not on the screen');
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => (await paragraphs(page))[1])
    .toEqual({
      text: '处处闻啼鸟',
      bold: true,
      align: 'center',
    });
  await expect.poll(() => paper.getAttribute('data-wx-format-painter')).toBe(null);

  await session.close();
});
