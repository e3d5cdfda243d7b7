/** Shared editor constants of spec 02 §9. */
export const EDITOR_SNAPSHOT_VERSION = '2.0.0';
export const LEXDOC_FORMAT = 'lexdoc';
export const LEXDOC_VERSION = 2;
export const DEFAULT_TABLE = { rows: 3, columns: 4, withHeader: true } as const;
export const DEFAULT_DOCUMENT_TITLE = '未命名文档';
