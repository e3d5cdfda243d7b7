import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

/** A page of text, as the benches count it: 700 characters (a 公文 page holds 22 lines of 28). */
export const CHARS_PER_PAGE = 700;

/** The characters of a WordprocessingML fragment's text runs. */
const textLength = (xml: string) =>
  [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].reduce((n, m) => n + (m[1] as string).length, 0);

/**
 * The fixture with its body repeated until it holds `pages` pages of text: everything between <w:body> and
 * the section properties, copied as it is (styles, numbering and footnotes stay the producer's).
 */
export function docxOfPages(
  bytes: Uint8Array,
  pages: number,
): { docx: Uint8Array; chars: number; copies: number } {
  const files = unzipSync(bytes);
  const xml = strFromU8(files['word/document.xml'] as Uint8Array);
  const open = xml.indexOf('>', xml.indexOf('<w:body')) + 1;
  const sect = xml.lastIndexOf('<w:sectPr');
  const close = xml.lastIndexOf('</w:body>');
  const end = sect > open ? sect : close;
  const body = xml.slice(open, end);
  const perCopy = textLength(body);
  const copies = Math.max(1, Math.ceil((pages * CHARS_PER_PAGE) / perCopy));
  files['word/document.xml'] = strToU8(xml.slice(0, open) + body.repeat(copies) + xml.slice(end));
  return { docx: zipSync(files), chars: perCopy * copies, copies };
}
