export { ACTIONS, type ActionId, type ActionId as EditorActionId } from './actions/actions';
export * from './assistant';
export * from './constants';
// The converters, as @wanxiang/editor/convert has them, except that the DOCX ones load their libraries on
// first use (convert/docxLazy.ts): the editor alone does not carry docx, mammoth and JSZip.
export type { DocxImportOptions } from './convert/docxImport';
export {
  checkDocxParts,
  DOCX_DEFAULT_FONTS,
  DOCX_LIMITS,
  documentToDocx,
  docxToDocument,
} from './convert/docxLazy';
export { CONVERT_LIMITS, ConvertError, type ConvertErrorCode, isConvertError } from './convert/errors';
export {
  buildLexdoc,
  documentToLexdoc,
  type LexdocFile,
  lexdocToDocument,
  parseLexdoc,
} from './convert/lexdoc';
export { documentToMarkdown, type MarkdownImportOptions, markdownToDocument } from './convert/markdown';
export { codeLanguage, documentTitleOf } from './convert/nodes';
export {
  type ImportOptions,
  INPUT_FORMATS,
  type InputFormat,
  importFile,
  inputFormatFor,
  type OutputFormat,
  outputFormatFor,
  registerOutputFormat,
} from './convert/registry';
export { decodeText, textToDocument } from './convert/text';
export type { ConvertedDocument, ExportInput } from './convert/types';
export {
  createIndexedDbDocumentRepository,
  DOCUMENTS_DB_NAME,
  emptyDocumentContent,
} from './documents/indexedDbRepository';
export { LEGACY_DOCS_KEY, LEGACY_RECORDS_KEY } from './documents/legacy';
export { createMemoryDocumentRepository } from './documents/memoryRepository';
export {
  type DocumentContent,
  type DocumentRecord,
  type DocumentRepository,
  DocumentStorageError,
  type DocumentStorageErrorCode,
  type LoadedDocument,
} from './documents/types';
export {
  DocumentEditor,
  type DocumentEditorProps,
  DocumentMissing,
  type DocumentMissingProps,
} from './editor/DocumentEditor';
export { WordEditor, type WordEditorHandle, type WordEditorProps } from './editor/WordEditor';
export { documentToText } from './files/exportText';
export * from './files/fileNames';
export { documentFromMarkdown, documentFromText, type ImportedDocument } from './files/importFile';
export {
  exportRoute,
  SERVER_EXPORT_MIN_BYTES,
  type ServerExporter,
  type ServerExportFormat,
  type ServerExportRequest,
} from './files/serverExport';
export {
  footnoteMarker,
  type NoteKind,
  type NoteNumberFormat,
  noteMarker,
  numberFootnotes,
} from './footnotes/numbering';
export { formatDocumentTime } from './format/dates';
export * from './format/units';
export { DocumentHome, type DocumentHomeProps } from './home/DocumentHome';
export { type EditorMessages, editorZhCN } from './i18n/zh-CN';
export { EditorPreferencesProvider, useEditorPreferencesHost } from './preferences/context';
export { PreferencesDialog, type PreferencesDialogProps } from './preferences/PreferencesDialog';
export { presetsForNewDocument } from './preferences/presets';
export {
  DEFAULT_EDITOR_PREFERENCES,
  type EditorPreferences,
  type EditorPreferencesHost,
  type PreferenceModel,
} from './preferences/types';
export {
  DEFAULT_STYLE_PRESETS,
  STYLE_PRESET_KEYS,
  type StylePreset,
  type StylePresetKey,
  type StylePresets,
} from './styles/presets';
export { changeSize, type DiffRow, diffParagraphs, paragraphsOf } from './versions/diff';
export {
  createLocalVersionStore,
  createLocalVersions,
  LOCAL_VERSIONS_KEPT,
  type LocalVersionStore,
} from './versions/localVersions';
export type { VersionEntry, VersionPage, VersionSource } from './versions/types';
