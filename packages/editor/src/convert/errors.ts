import { t } from '../i18n/zh-CN';

/**
 * The converters' error codes. The first three say a file is of an unknown type or not a valid
 * lexdoc; the rest name the bad files the converters refuse before they spend time or memory on them.
 */
export type ConvertErrorCode =
  | 'UNSUPPORTED_FILE'
  | 'LEXDOC_PARSE_ERROR'
  | 'LEXDOC_INVALID_FORMAT'
  | 'EMPTY_CONTENT'
  | 'EMPTY_FILE'
  | 'FILE_TOO_LARGE'
  | 'NOT_TEXT'
  | 'DOCX_INVALID'
  | 'DOCX_TOO_LARGE'
  | 'IMPORT_FAILED'
  | 'OUTPUT_UNSUPPORTED'
  | 'OUTPUT_UNAVAILABLE'
  | 'EXPORT_FAILED';

/** A file the converters cannot read or write: its message is the Chinese text shown to the user. */
export class ConvertError extends Error {
  constructor(
    readonly code: ConvertErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ConvertError';
  }
}

export const isConvertError = (error: unknown): error is ConvertError =>
  error instanceof Error && typeof (error as ConvertError).code === 'string' && error.name.endsWith('Error');

/**
 * Limits checked before a file is parsed, so that a bad file fails within seconds instead of freezing the
 * tab: text formats (Markdown, plain text) up to 20 MB — a 100-page document is about 0.3 MB — and DOCX
 * and lexdoc files, which carry images, up to 100 MB, with a DOCX's unpacked size capped at 300 MB.
 */
export const CONVERT_LIMITS = {
  textBytes: 20 * 1024 * 1024,
  packageBytes: 100 * 1024 * 1024,
  docxUnpackedBytes: 300 * 1024 * 1024,
} as const;

export function checkSize(bytes: Uint8Array, limit: number) {
  if (bytes.byteLength === 0) throw new ConvertError('EMPTY_FILE', t.convert.emptyFile);
  if (bytes.byteLength > limit)
    throw new ConvertError('FILE_TOO_LARGE', t.convert.tooLarge(Math.round(limit / 1024 / 1024)));
}
