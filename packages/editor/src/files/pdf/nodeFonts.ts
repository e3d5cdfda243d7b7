/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PdfFonts } from './exportPdf';
import { PDF_FONT_FILES } from './fontFiles';

/**
 * The PDF fonts read from the npm package in Node (the CLI, tests, benchmarks). Kept out of the package's
 * browser entry: it needs the file system.
 */
export function nodePdfFonts(): PdfFonts {
  const require = createRequire(import.meta.url);
  const read = (file: string) =>
    readFile(require.resolve(file)).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.length));
  return { load: (file) => read(PDF_FONT_FILES[file]) };
}
