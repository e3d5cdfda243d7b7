import { type ImportKind, importKindOf } from '../files/fileNames';
import { t } from '../i18n/zh-CN';
import { ConvertError } from './errors';
import { documentToLexdoc, lexdocToDocument } from './lexdoc';
import { documentToMarkdown, type MarkdownImportOptions, markdownToDocument } from './markdown';
import { textToDocument } from './text';
import type { ConvertedDocument, ExportInput } from './types';

/**
 * The formats, as data: the file menu, the CLI and the server look a format up here by its extension. A new
 * format is one entry (the PDF exporter registers itself with registerOutputFormat).
 */
export interface ImportOptions {
  /** For Markdown: an image path relative to the file, as a data URL (the CLI reads it from disk). */
  resolveImage?: MarkdownImportOptions['resolveImage'];
}

export interface InputFormat {
  kind: ImportKind;
  read(bytes: Uint8Array, options?: ImportOptions): Promise<ConvertedDocument>;
}

export interface OutputFormat {
  extension: string;
  /** What the menus call it. */
  label: string;
  mime: string;
  write(input: ExportInput): Promise<Uint8Array | string>;
}

export const INPUT_FORMATS: Record<ImportKind, InputFormat> = {
  lexdoc: { kind: 'lexdoc', read: async (bytes) => lexdocToDocument(bytes) },
  markdown: {
    kind: 'markdown',
    read: async (bytes, options) =>
      markdownToDocument(bytes, options?.resolveImage ? { resolveImage: options.resolveImage } : {}),
  },
  text: { kind: 'text', read: async (bytes) => textToDocument(bytes) },
  // The DOCX libraries (docx, mammoth, JSZip) load on the first DOCX read or write, not with the editor.
  docx: { kind: 'docx', read: async (bytes) => (await import('./docxImport')).docxToDocument(bytes) },
};

const outputs = new Map<string, OutputFormat>();

export function registerOutputFormat(format: OutputFormat) {
  outputs.set(format.extension, format);
}

registerOutputFormat({
  extension: 'lexdoc',
  label: 'lexdoc',
  mime: 'application/json',
  write: async (input) => documentToLexdoc(input),
});
registerOutputFormat({
  extension: 'md',
  label: 'Markdown',
  mime: 'text/markdown;charset=utf-8',
  write: async (input) => documentToMarkdown(input),
});
registerOutputFormat({
  extension: 'docx',
  label: 'DOCX',
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  write: async (input) => (await import('./docxExport')).documentToDocx(input),
});
// PDF is written by its own converter; until it registers itself, asking for it is a clear refusal.
registerOutputFormat({
  extension: 'pdf',
  label: 'PDF',
  mime: 'application/pdf',
  write: async () => {
    throw new ConvertError('OUTPUT_UNAVAILABLE', t.convert.outputUnavailable('pdf'));
  },
});

const extensionOf = (name: string) =>
  name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';

/** The reader of a file, by its extension (UNSUPPORTED_FILE for any other). */
export const inputFormatFor = (fileName: string): InputFormat => INPUT_FORMATS[importKindOf(fileName)];

/** The writer of a file, by its extension (.markdown is written as .md's). */
export function outputFormatFor(fileName: string): OutputFormat {
  const ext = extensionOf(fileName);
  const format = outputs.get(ext === 'markdown' ? 'md' : ext);
  if (!format) throw new ConvertError('OUTPUT_UNSUPPORTED', t.convert.outputUnsupported(ext || fileName));
  return format;
}

/** Reads a file's bytes into a document by its name's extension. */
export function importFile(
  fileName: string,
  bytes: Uint8Array,
  options?: ImportOptions,
): Promise<ConvertedDocument> {
  return inputFormatFor(fileName).read(bytes, options);
}
