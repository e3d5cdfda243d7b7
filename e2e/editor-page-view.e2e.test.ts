import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { saveStatus } from './documentPage';
import { closeBrowser, openBlankDocument, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

const PARAGRAPH = '分页视图中的正文段落，用来把文字写满几页纸，看它从一页流到下一页。'.repeat(6);

/** How the sheets stand: their number, and the lines of text that are not inside a sheet's text area. */
const sheetsOf = (page: Page) =>
  page.evaluate(() => {
    const paper = document.querySelector<HTMLElement>('[data-wx-paper]') as HTMLElement;
    const style = getComputedStyle(paper);
    const top = Number.parseFloat(style.paddingTop);
    const bottom = Number.parseFloat(style.paddingBottom);
    const areas = Array.from(paper.querySelectorAll('[data-wx-sheets] > div')).map((sheet) => {
      const rect = sheet.getBoundingClientRect();
      return { top: rect.top + top, bottom: rect.bottom - bottom };
    });
    const range = document.createRange();
    const walker = document.createTreeWalker(
      paper.querySelector('[data-lexical-editor]') as HTMLElement,
      NodeFilter.SHOW_TEXT,
    );
    let outside = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.height < 4) continue;
        if (!areas.some((area) => rect.top >= area.top - 1.5 && rect.bottom <= area.bottom + 1.5))
          outside += 1;
      }
    }
    // The sheets below the ones in view wait for the browser to be idle: their lines are not placed yet.
    if (paper.hasAttribute('data-wx-page-pending')) outside += 1;
    return { sheets: areas.length, outside, pageView: paper.hasAttribute('data-wx-page-view') };
  });

/**
 * 视图 › 页面视图 on the real app: three pages' worth of text stand on three A4 sheets with no line in a
 * margin or on the desk between them; a paragraph typed at the top pushes the rest along the sheets; back
 * in 连续视图 the sheets are gone. No console error or policy violation on the way (the harness fails on one).
 */
test('页面视图: text on A4 sheets, flowing from one to the next as it is typed', async () => {
  const session = await openSession({ colorScheme: 'light' });
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'pageview', nickname: '分页 用户' });
  const paper = await openBlankDocument(session);
  await expect.poll(() => paper.getAttribute('contenteditable')).toBe('true');
  await paper.click();
  // About three pages, put in a paragraph at a time as a paste would.
  for (let i = 0; i < 14; i += 1) {
    await page.keyboard.insertText(`${i + 1}. ${PARAGRAPH}`);
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => saveStatus(page)).toBe('saved');

  await page.getByRole('menuitem', { name: '视图' }).click();
  await page.getByRole('menuitemradio', { name: '页面视图' }).click();
  await expect.poll(async () => (await sheetsOf(page)).pageView).toBe(true);
  await expect.poll(async () => (await sheetsOf(page)).sheets).toBeGreaterThanOrEqual(2);
  await expect.poll(async () => (await sheetsOf(page)).outside).toBe(0);
  const before = (await sheetsOf(page)).sheets;

  // A paragraph typed at the top moves everything below it down the sheets.
  await page.keyboard.press('Control+Home');
  await page.keyboard.insertText(PARAGRAPH.repeat(4));
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sheetsOf(page)).sheets).toBeGreaterThan(before);
  await expect.poll(async () => (await sheetsOf(page)).outside).toBe(0);

  await page.getByRole('menuitem', { name: '视图' }).click();
  await page.getByRole('menuitemradio', { name: '连续视图' }).click();
  await expect.poll(async () => (await sheetsOf(page)).pageView).toBe(false);
  await expect.poll(async () => (await sheetsOf(page)).sheets).toBe(0);
  await session.close();
});
