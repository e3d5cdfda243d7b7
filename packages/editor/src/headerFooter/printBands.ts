import { type Band, type HeaderFooter, SLOT_KEYS, type SlotKey, slotParts } from './model';

/** A css string literal. */
const cssString = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A place's text as the `content` of a page margin box: its fields are the browser's page counters. */
function content(text: string): string {
  if (!text.trim()) return 'none';
  return slotParts(text)
    .map((part) =>
      'field' in part ? (part.field === 'page' ? 'counter(page)' : 'counter(pages)') : cssString(part.text),
    )
    .join(' ');
}

const BOX: Record<'header' | 'footer', Record<SlotKey, string>> = {
  header: { left: '@top-left', center: '@top-center', right: '@top-right' },
  footer: { left: '@bottom-left', center: '@bottom-center', right: '@bottom-right' },
};

/** The margin boxes of a band; every box is written, so the first page's rule can empty one. */
function boxes(kind: 'header' | 'footer', band: Band, font: string): string {
  return SLOT_KEYS.map(
    (slot) =>
      `  ${BOX[kind][slot]} { content: ${content(band[slot])}; font: 10.5pt/1.4 ${font}; color: #555; }`,
  ).join('\n');
}

/**
 * The printed pages' headers and footers: the page margin boxes of @page, their text in the middle of the
 * margin as on the page view's sheets and in the PDF (the browser's own page counter
 * for {页码}, its page count for {总页数}), the first page's own where 首页不同 says so, and numbering from
 * the chosen number (the first page's counter increment is that number instead of one). `font` is the css
 * font-family list the bands are printed in: margin boxes inherit nothing from the document.
 */
export function printBandsStylesheet(setting: HeaderFooter, font: string): string {
  const rules: string[] = [];
  const { header, footer } = setting;
  rules.push(`@page {\n${boxes('header', header, font)}\n${boxes('footer', footer, font)}\n}`);
  const first: string[] = [];
  if (setting.differentFirst)
    first.push(boxes('header', setting.firstHeader, font), boxes('footer', setting.firstFooter, font));
  if (setting.startAt !== 1) first.push(`  counter-increment: page ${setting.startAt};`);
  if (first.length) rules.push(`@page :first {\n${first.join('\n')}\n}`);
  return `${rules.join('\n')}\n`;
}
