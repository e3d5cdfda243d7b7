/**
 * The text of an uploaded PDF or Word file, read on a worker thread (read-worker.ts) within limits that
 * a hostile file cannot pass: a 600 KB DOCX can unpack to gigabytes of XML, and a small PDF can claim a
 * hundred thousand pages or hide a stream that inflates to hundreds of megabytes. What goes past a limit
 * is refused as too large to read (TooLargeToRead); the pool's time and heap limits catch what no count
 * here foresees.
 */
import { constants, inflateSync } from 'node:zlib';
import { checkDocxParts, isConvertError } from '@wanxiang/editor/convert';
import mammoth from 'mammoth';

export const READ_LIMITS = {
  /** Pages of a PDF. */
  pdfPages: 2000,
  /** Inflated bytes of one compressed PDF stream (a page's content, a picture), and of all of them. */
  pdfStreamBytes: 128 * 1024 * 1024,
  pdfStreamsBytes: 512 * 1024 * 1024,
};

export class TooLargeToRead extends Error {
  constructor(what: string) {
    super(`too large to read: ${what}`);
    this.name = 'TooLargeToRead';
  }
}

export interface ReadJob {
  kind: 'pdf' | 'docx';
  bytes: Uint8Array;
  /** Characters wanted: reading stops once it has more (a PDF's later pages are not read). */
  maxChars: number;
}

export interface ReadResult {
  /** The text, at most twice `maxChars` code units, so that a longer one is still seen as cut. */
  text: string;
  /** PDF pages read (0 for a Word file). */
  pages: number;
}

/**
 * A Word file's text, once its XML parts are known to stay within the editor's limits (checkDocxParts:
 * unpacked a block at a time as mammoth will unpack them, elements and nesting counted).
 */
async function readDocx(bytes: Uint8Array): Promise<ReadResult> {
  try {
    await checkDocxParts(bytes);
  } catch (error) {
    if (isConvertError(error) && error.code === 'DOCX_TOO_LARGE') throw new TooLargeToRead('unpacked XML');
    throw error;
  }
  const { value } = await mammoth.extractRawText({
    buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  });
  return { text: value, pages: 0 };
}

/**
 * Inflates every FlateDecode stream of the PDF with zlib, each stopped at its limit, before pdf.js sees
 * the file: pdf.js inflates a stream whole and has no limit of its own, so a 300 MB content stream packed
 * into a few hundred kilobytes would hold its thread for many seconds and hundreds of megabytes. Streams
 * are found by their keywords (`stream` … `endstream`) with the dictionary just before them; a damaged
 * stream is left for pdf.js to judge.
 */
function checkPdfStreams(bytes: Buffer): void {
  let total = 0;
  let at = bytes.indexOf('stream');
  while (at !== -1) {
    const isEnd = at >= 3 && bytes.toString('latin1', at - 3, at) === 'end';
    let start = at + 6;
    if (bytes[start] === 0x0d) start += 1;
    if (isEnd || bytes[start] !== 0x0a) {
      at = bytes.indexOf('stream', at + 6);
      continue;
    }
    start += 1;
    const end = bytes.indexOf('endstream', start);
    if (end === -1) return;
    const before = bytes.toString('latin1', Math.max(0, at - 2048), at);
    if (/\/(FlateDecode|Fl)\b/.test(before.slice(before.lastIndexOf('obj')))) {
      try {
        total += inflateSync(bytes.subarray(start, end), {
          maxOutputLength: READ_LIMITS.pdfStreamBytes,
          finishFlush: constants.Z_SYNC_FLUSH,
        }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw new TooLargeToRead('compressed stream');
      }
      if (total > READ_LIMITS.pdfStreamsBytes) throw new TooLargeToRead('compressed streams');
    }
    at = bytes.indexOf('stream', end + 9);
  }
}

/** A page object's type, not its tree's (`/Pages`). */
const PAGE_OBJECT = /\/Type\s*\/Page(?![A-Za-z])/g;

/**
 * A PDF's text page by page, as much as is wanted: the whole file is never laid out at once (reading every
 * page together, as a one-call extraction does, holds them all), and a PDF with more pages than the limit
 * is refused before any page is read. pdf.js prints no warnings: they quote the file's bytes.
 */
async function readPdf(bytes: Uint8Array, maxChars: number): Promise<ReadResult> {
  // The page objects written out in the file, counted before pdf.js indexes them all (seconds for a
  // hundred thousand); pages packed in compressed object streams are counted by pdf.js below.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const written = buffer.toString('latin1').match(PAGE_OBJECT)?.length;
  if (written !== undefined && written > READ_LIMITS.pdfPages) throw new TooLargeToRead(`${written} pages`);
  checkPdfStreams(buffer);
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(bytes, { verbosity: 0, isEvalSupported: false });
  try {
    if (pdf.numPages > READ_LIMITS.pdfPages) throw new TooLargeToRead(`${pdf.numPages} pages`);
    const pages: string[] = [];
    let length = 0;
    let read = 0;
    while (read < pdf.numPages && length <= maxChars * 2) {
      read += 1;
      const page = await pdf.getPage(read);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      page.cleanup();
      pages.push(text);
      length += text.length;
    }
    // Runs of spaces become one, and no more than one empty line stands between paragraphs.
    const text = pages
      .join('\n')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n');
    return { text, pages: read };
  } finally {
    await pdf.destroy();
  }
}

export async function readFileText(job: ReadJob): Promise<ReadResult> {
  const result = job.kind === 'pdf' ? await readPdf(job.bytes, job.maxChars) : await readDocx(job.bytes);
  const most = job.maxChars * 2 + 16;
  return result.text.length > most ? { ...result, text: result.text.slice(0, most) } : result;
}
