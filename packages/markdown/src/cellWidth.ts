/**
 * A table cell this short (in half-width units: an ideograph or a full-width sign counts two) holds a
 * value — a name, a number, a date, a stock code — that reads badly broken over lines (贵州 / 茅台):
 * it is kept on one line, and a table too wide for the column scrolls rather than squeezes it.
 * Longer cells are prose and wrap.
 */
export const SHORT_CELL_UNITS = 20;

/** East Asian wide and full-width characters: CJK ideographs, kana, hangul, full-width forms. */
const wide = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** The width of a text in half-width units. */
export function displayUnits(text: string): number {
  let units = 0;
  for (const char of text) units += wide.test(char) ? 2 : 1;
  return units;
}

export function isShortCell(text: string): boolean {
  return displayUnits(text.trim()) <= SHORT_CELL_UNITS;
}
