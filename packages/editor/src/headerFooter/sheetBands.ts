import { t } from '../i18n/zh-CN';
import { sheetFooter, sheetHeader } from './headerFooter.css';
import { type Band, bandsOfPage, fillSlot, type HeaderFooter, isEmptyBand, SLOT_KEYS } from './model';

/** Marks a sheet's band, for the double click that opens 页眉和页脚 and for tests. */
export const SHEET_BAND_ATTRIBUTE = 'data-wx-sheet-band';

function drawBand(
  sheet: HTMLElement,
  kind: 'header' | 'footer',
  band: Band,
  setting: HeaderFooter,
  index: number,
  count: number,
): void {
  let element = sheet.querySelector<HTMLElement>(`:scope > [${SHEET_BAND_ATTRIBUTE}="${kind}"]`);
  if (isEmptyBand(band)) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('div');
    element.setAttribute(SHEET_BAND_ATTRIBUTE, kind);
    element.className = kind === 'header' ? sheetHeader : sheetFooter;
    element.title = t.headerFooter.editHint;
    for (let i = 0; i < SLOT_KEYS.length; i++) element.append(document.createElement('span'));
    sheet.append(element);
  }
  SLOT_KEYS.forEach((slot, i) => {
    const text = fillSlot(band[slot], setting, index, count);
    const span = element.children[i] as HTMLElement;
    if (span.textContent !== text) span.textContent = text;
  });
}

/**
 * Writes the header and the footer of every sheet of the page view, their page numbers filled: text
 * nodes only (no markup from the document's strings), and only what changed.
 */
export function drawSheetBands(sheets: readonly HTMLElement[], setting: HeaderFooter): void {
  const count = sheets.length;
  sheets.forEach((sheet, index) => {
    const { header, footer } = bandsOfPage(setting, index);
    drawBand(sheet, 'header', header, setting, index, count);
    drawBand(sheet, 'footer', footer, setting, index, count);
  });
}
