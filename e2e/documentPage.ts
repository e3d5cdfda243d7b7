import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the journeys read and do on an open document. */

export const paperOf = (page: Page) => page.getByRole('textbox', { name: '文档正文' });

/** The document's save in this browser: saving, saved or failed. */
export const saveStatus = (page: Page) => page.locator('[data-save-status]').getAttribute('data-save-status');

/** The document's save to the cloud, or null while the label is not shown. */
export const cloudStatus = (page: Page) =>
  page
    .locator('[data-cloud-status]')
    .getAttribute('data-cloud-status', { timeout: 1000 })
    .catch(() => null);

/** Waits until the open document says it is saved to the cloud. */
export async function untilInTheCloud(page: Page) {
  await expect.poll(() => cloudStatus(page), { timeout: 30_000 }).toBe('saved');
}

/**
 * Writes `text` as a new paragraph at the end of the document and waits until it is saved in this browser.
 * Typed key by key, or with `paste` put in by one edit as a paste would.
 */
export async function addParagraph(page: Page, text: string, { paste = false } = {}) {
  const paper = paperOf(page);
  await expect.poll(() => paper.getAttribute('contenteditable')).toBe('true');
  await paper.click();
  await page.keyboard.press('Control+End');
  if (((await paper.textContent()) ?? '').trim()) await page.keyboard.press('Enter');
  if (paste) await page.keyboard.insertText(text);
  else await page.keyboard.type(text);
  await expect.poll(() => paper.textContent()).toContain(text);
  await expect.poll(() => saveStatus(page)).toBe('saved');
}

/** One part of a DOCX package (`word/document.xml`…), as text; '' when the package has no such part. */
export function docxPart(file: string, name: string): string {
  const parts = unzipSync(new Uint8Array(readFileSync(file)), { filter: (entry) => entry.name === name });
  const part = parts[name];
  return part ? strFromU8(part) : '';
}
