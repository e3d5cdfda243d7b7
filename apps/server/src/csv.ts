/**
 * CSV for spreadsheet programs: UTF-8 with a byte-order mark (so Excel and WPS read Chinese headers),
 * CRLF line ends, fields quoted when they hold a quote, comma or line break. Text that a spreadsheet
 * would run as a formula (it starts with =, +, -, @, a tab or a carriage return) is written behind an
 * apostrophe, so a nickname such as `=HYPERLINK(…)` stays text; numbers are written as they are.
 */
export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows (the first is the header) as one CSV document. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
