#!/usr/bin/env node
/**
 * wanxiang-convert input.{lexdoc,md,markdown,txt,docx} output.{lexdoc,md,docx,pdf}
 *
 * Converts a document between the editor's formats with the same converters the editor uses. The output is
 * written to a temporary file beside it and renamed into place, so a failed conversion leaves nothing
 * half-written. Exit codes: 0 done, 1 the file could not be converted (the reason on stderr), 2 bad usage.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_DOCUMENT_TITLE } from '../constants';
import { t } from '../i18n/zh-CN';
import { ConvertError, isConvertError } from './errors';
import { inputFormatFor, outputFormatFor, registerOutputFormat } from './registry';

// PDF in Node: the exporter and the font files from node_modules, loaded only when a PDF is asked for.
registerOutputFormat({
  extension: 'pdf',
  label: 'PDF',
  mime: 'application/pdf',
  async write(input) {
    const [{ exportPdf }, { nodePdfFonts }] = await Promise.all([
      import('../files/pdf/exportPdf'),
      import('../files/pdf/nodeFonts'),
    ]);
    return exportPdf(input.editorState, { fonts: nodePdfFonts(), title: input.title });
  },
});

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** A Markdown image's relative path, read from beside the .md file into a data URL. */
function imageResolver(directory: string) {
  return (url: string): string | undefined => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined;
    const file = path.resolve(directory, decodeURI(url.split(/[?#]/)[0] ?? ''));
    const type = IMAGE_TYPES[path.extname(file).slice(1).toLowerCase()];
    try {
      if (!type || statSync(file).size > MAX_IMAGE_BYTES) return undefined;
      return `data:${type};base64,${readFileSync(file).toString('base64')}`;
    } catch {
      return undefined;
    }
  };
}

export async function convertFile(input: string, output: string): Promise<void> {
  // Both formats are checked before anything is read or written.
  const reader = inputFormatFor(input);
  const format = outputFormatFor(output);
  const info = await stat(input).catch((cause) => {
    throw new ConvertError('IMPORT_FAILED', t.convert.inputMissing(input), { cause });
  });
  if (!info.isFile()) throw new ConvertError('IMPORT_FAILED', t.convert.inputNotFile(input));
  const bytes = new Uint8Array(await readFile(input));
  const document = await reader.read(bytes, {
    resolveImage: imageResolver(path.dirname(input)),
  });
  const title = document.title || path.basename(input, path.extname(input)) || DEFAULT_DOCUMENT_TITLE;
  const content = await format.write({
    editorState: document.editorState,
    title,
    ...(document.styles ? { styles: document.styles } : {}),
  });
  const temporary = path.join(
    path.dirname(path.resolve(output)),
    `.${path.basename(output)}.${randomUUID()}.tmp`,
  );
  try {
    await writeFile(temporary, content);
    await rename(temporary, output);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export async function main(argv: string[]): Promise<number> {
  const [input, output, ...rest] = argv;
  if (!input || !output || rest.length || input === '--help' || input === '-h') {
    process.stderr.write(`${t.convert.cliUsage}\n`);
    return 2;
  }
  try {
    await convertFile(input, output);
    return 0;
  } catch (error) {
    const message = isConvertError(error)
      ? error.message
      : t.convert.convertFailed(error instanceof Error ? error.message : String(error));
    process.stderr.write(`wanxiang-convert: ${message}\n`);
    return 1;
  }
}

const invokedPath = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (invokedPath && /(^|[\\/])(cli\.(ts|js|mjs)|wanxiang-convert)$/.test(invokedPath)) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
