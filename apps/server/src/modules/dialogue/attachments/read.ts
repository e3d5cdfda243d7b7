/**
 * The text of an uploaded PDF or Word file, read on a worker thread (read-worker.ts) within limits that
 * a hostile file cannot pass: a 600 KB DOCX can unpack to gigabytes of XML, and a small PDF can claim a
 * hundred thousand pages or hide a stream that inflates to hundreds of megabytes. What goes past a limit
 * is refused as too large to read (TooLargeToRead); the pool's time and heap limits catch what no count
 * here foresees.
 */
import { constants, inflateSync } from 'node:zlib';
import JSZip from 'jszip';
import mammoth from 'mammoth';

export const READ_LIMITS = {
  /** Unpacked XML of a Word file, all its parts together. */
  docxXmlBytes: 48 * 1024 * 1024,
  /** XML elements of a Word file, all its parts together. */
  xmlElements: 1_000_000,
  /** Elements inside one another (a Word document's tables in tables stay far below). */
  xmlDepth: 256,
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
 * Counts the elements and their depth in XML bytes as they stream past, without parsing: `<` followed by
 * a name opens an element, `</` closes one, and `/>` closes the one it ends. Comments and declarations are
 * skipped; a `<` inside an attribute value is not valid XML, so the count is an upper bound.
 */
class XmlCounter {
  elements = 0;
  private depth = 0;
  private afterLt = false;
  private inOpenTag = false;
  private previous = 0;

  feed(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (this.afterLt) {
        this.afterLt = false;
        if (byte === 0x2f /* / */) this.depth = Math.max(0, this.depth - 1);
        else if (byte !== 0x3f /* ? */ && byte !== 0x21 /* ! */) {
          this.elements += 1;
          this.depth += 1;
          this.inOpenTag = true;
          if (this.elements > READ_LIMITS.xmlElements) throw new TooLargeToRead('XML elements');
          if (this.depth > READ_LIMITS.xmlDepth) throw new TooLargeToRead('XML nesting');
        }
      } else if (byte === 0x3c /* < */) {
        this.afterLt = true;
        this.inOpenTag = false;
      } else if (byte === 0x3e /* > */ && this.inOpenTag) {
        this.inOpenTag = false;
        if (this.previous === 0x2f) this.depth = Math.max(0, this.depth - 1);
      }
      this.previous = byte;
    }
  }
}

/**
 * Unpacks every XML part of the Word file as mammoth would (JSZip, which mammoth reads with), a block at
 * a time, and stops at the first limit passed: the declared sizes of a zip can lie, the inflated bytes
 * cannot.
 */
async function checkDocx(bytes: Uint8Array): Promise<void> {
  const zip = await JSZip.loadAsync(bytes);
  let unpacked = 0;
  const counter = new XmlCounter();
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !/\.(xml|rels)$/i.test(entry.name)) continue;
    const stream = entry.nodeStream('nodebuffer');
    // JSZip's stream predates async iteration: its events, paused for good at the first limit passed.
    await new Promise<void>((resolve, reject) => {
      stream.on('data', (chunk: Buffer) => {
        try {
          unpacked += chunk.length;
          if (unpacked > READ_LIMITS.docxXmlBytes) throw new TooLargeToRead('unpacked XML');
          counter.feed(chunk);
        } catch (error) {
          stream.pause();
          stream.removeAllListeners('data');
          reject(error);
        }
      });
      stream.on('error', reject);
      stream.on('end', resolve);
    });
  }
}

async function readDocx(bytes: Uint8Array): Promise<ReadResult> {
  await checkDocx(bytes);
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
