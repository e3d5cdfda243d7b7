/**
 * @wanxiang/editor/convert: the converters alone, with no React, no DOM and no Lexical runtime — for Node
 * (the wanxiang-convert CLI, the server) and for workers. The package's main entry re-exports them.
 */

export {
  exportFileName,
  type ImportKind,
  importableExtensions,
  importKindOf,
  UnsupportedFileError,
} from '../files/fileNames';
export { DOCX_DEFAULT_FONTS, documentToDocx } from './docxExport';
export { type DocxImportOptions, docxToDocument } from './docxImport';
export { checkDocxParts, DOCX_LIMITS } from './docxLimits';
export { CONVERT_LIMITS, ConvertError, type ConvertErrorCode, isConvertError } from './errors';
export { buildLexdoc, documentToLexdoc, type LexdocFile, lexdocToDocument, parseLexdoc } from './lexdoc';
export { documentToMarkdown, type MarkdownImportOptions, markdownToDocument } from './markdown';
export { codeLanguage, documentTitleOf } from './nodes';
export {
  type ImportOptions,
  INPUT_FORMATS,
  type InputFormat,
  importFile,
  inputFormatFor,
  type OutputFormat,
  outputFormatFor,
  registerOutputFormat,
} from './registry';
export { decodeText, textToDocument } from './text';
export type { ConvertedDocument, ExportInput } from './types';
