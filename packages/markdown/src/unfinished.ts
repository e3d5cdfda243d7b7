import remend, { isWithinCodeBlock } from 'remend';

/*
 * What an answer that has not ended properly (still streaming, stopped, or cut by an error) shows for its
 * last block. remend closes the inline marks and `$$` that are still open (`**bo` → `**bo**`), and a
 * table whose delimiter row has not arrived yet gets one, so the header shows as a table instead of the
 * raw `| 项目 | 金额 |` line. GFM needs a delimiter row with as many cells as the header before it calls
 * anything a table, and no Markdown library completes that; this does, by hand, for that one case.
 */

const ROW = /^ {0,3}\|.*\|[ \t]*$/;
const PARTIAL_DELIMITER = /^ {0,3}\|?[ \t|:-]*$/;
const DELIMITER_CELL = /^[ \t]*:?-+:?[ \t]*$/;

/** The cells of a table row: split at `|` that are not escaped, without the outer pipes. */
export function rowCells(line: string): string[] {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/);
}

/** Adds (or finishes) the delimiter row of a table whose header row is the text's last complete line. */
export function completeTableHeader(text: string): string {
  const lines = text.split('\n');
  const last = lines.length - 1;
  // Either the header row is the last line (still without its newline), the last line is empty after
  // it, or the last line is a delimiter row still being written.
  let header = last;
  let delimiter: string | undefined;
  if (lines[last] === '' || PARTIAL_DELIMITER.test(lines[last] as string)) {
    header = last - 1;
    delimiter = lines[last] || undefined;
  }
  const headerLine = lines[header];
  if (headerLine === undefined || !ROW.test(headerLine)) return text;
  // Pipes inside an open code fence are code.
  if (isWithinCodeBlock(text, text.length)) return text;
  // A row after another row is a body row (or the header is already followed by its delimiter).
  const before = lines[header - 1];
  if (before !== undefined && /^ {0,3}\|/.test(before)) return text;
  const written = delimiter === undefined ? [] : rowCells(delimiter);
  const cells = rowCells(headerLine).map((_, i) => {
    const cell = written[i];
    return cell !== undefined && DELIMITER_CELL.test(cell) ? cell.trim() : '---';
  });
  return [...lines.slice(0, header + 1), `| ${cells.join(' | ')} |`].join('\n');
}

/** The last block of an unfinished answer, closed so that it renders as far as it goes. */
export function completeUnfinished(block: string): string {
  return completeTableHeader(remend(block));
}
