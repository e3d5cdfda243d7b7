/**
 * The wire contract of cloud documents: a local document gets its
 * uuid on its first cloud save (POST), and every later save (PUT) names the version it was based on, so a
 * save made from a stale copy (another tab, another device) is refused with 409 instead of overwriting.
 * The content is the editor's stored document (`{version: '2.0.0', editorState, styles?, title?}`), kept
 * as opaque JSON by the server.
 */
import { z } from 'zod';
import { DB_INTEGER_MAX, maxDepth } from './json';
import { LEXICAL_NAME_MAX, lexicalEditorState } from './lexical';

/** The largest document body the server stores: its content serialized as JSON, in bytes (UTF-8). */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Longest title stored; longer ones are cut. */
export const DOCUMENT_TITLE_MAX = 200;
/**
 * The deepest a document's content may nest its objects and arrays (the content itself is level 1). A real
 * document stays far below it (a table in a list seven levels deep is some 40 levels); it bounds the
 * recursion of everything that reads a document, here and on the export worker.
 */
export const DOCUMENT_MAX_DEPTH = 200;
/** The code of the 409 answer to a save based on an older version. */
export const VERSION_CONFLICT_CODE = 'version_conflict';
/** The code of the 413 answer to a document over {@link DOCUMENT_MAX_BYTES}. */
export const DOCUMENT_TOO_LARGE_CODE = 'document_too_large';

export const docsPaths = {
  list: '/docs/',
  one: (id: string) => `/docs/${encodeURIComponent(id)}/`,
  versions: (id: string) => `/docs/${encodeURIComponent(id)}/versions/`,
  version: (id: string, version: number) => `/docs/${encodeURIComponent(id)}/versions/${version}/`,
  restore: (id: string, version: number) => `/docs/${encodeURIComponent(id)}/versions/${version}/restore/`,
} as const;

/** How a save came about: an autosave, or the user's 保存到云端 (Ctrl+S). */
export const documentSaveKind = z.enum(['auto', 'manual']);
export type DocumentSaveKind = z.infer<typeof documentSaveKind>;

/** The editor's document content; only its shape's frame is checked, the editor state is the editor's. */
export const documentContent = z.looseObject({
  version: z.string(),
  editorState: z.unknown().nullable(),
});
export type CloudDocumentContent = z.infer<typeof documentContent>;

/**
 * A content as a save sends it: nothing nested deeper than {@link DOCUMENT_MAX_DEPTH}, then its editor
 * state as far as the converters read it (an export walks it). Answers keep the frame only, so that a
 * document stored before these checks still reads. Typed as the frame: the checks narrow nothing a client
 * writes.
 */
export const documentContentInput: z.ZodType<CloudDocumentContent, CloudDocumentContent> = documentContent
  .superRefine(maxDepth(DOCUMENT_MAX_DEPTH))
  .pipe(
    z.looseObject({
      version: z.string().max(LEXICAL_NAME_MAX),
      editorState: lexicalEditorState.nullable(),
    }),
  );

/** A cloud document as listed: no content. */
export const cloudDocumentSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  /** 1 on creation, one more on every save. */
  version: z.number().int().positive().max(DB_INTEGER_MAX),
  /** Bytes of the stored content. */
  size: z.number().int().nonnegative().max(DB_INTEGER_MAX),
  /** ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
});
export type CloudDocumentSummary = z.infer<typeof cloudDocumentSummary>;

export const cloudDocument = cloudDocumentSummary.extend({ content: documentContent });
export type CloudDocument = z.infer<typeof cloudDocument>;

export const cloudDocumentList = z.array(cloudDocumentSummary);

export const docIdParams = z.object({ id: z.string() });

export const createDocumentBody = z.object({
  /**
   * The uuid the client chose for the document. A retried first save whose answer
   * was lost sends the same id and gets the document it already made, not a second one.
   */
  id: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .optional(),
  title: z.string(),
  content: documentContentInput,
  /** autosave (the default) or 保存到云端; the version history says which. */
  kind: documentSaveKind.optional(),
});
export type CreateDocumentBody = z.infer<typeof createDocumentBody>;

export const updateDocumentBody = z.object({
  title: z.string(),
  content: documentContentInput,
  /** The version this save was made from; the server refuses it (409) when the document has moved on. */
  base_version: z.number().int().positive().max(DB_INTEGER_MAX),
  /** autosave (the default) or 保存到云端; the version history says which. */
  kind: documentSaveKind.optional(),
  /**
   * 恢复此版本 in the editor: this save puts back the content of that earlier version (at most
   * base_version). It is kept as a restore, and the version it replaces is never thinned away.
   */
  restored_from: z.number().int().positive().max(DB_INTEGER_MAX).optional(),
});
export type UpdateDocumentBody = z.infer<typeof updateDocumentBody>;

/** 409: the document was saved from elsewhere; `current` is that newer version, so both can be kept. */
export const documentConflict = z.object({
  detail: z.string(),
  code: z.literal(VERSION_CONFLICT_CODE),
  current: cloudDocument,
});
export type DocumentConflict = z.infer<typeof documentConflict>;

/** The size of a content as the server counts it (UTF-8 bytes of its JSON). */
export function documentContentBytes(content: unknown): number {
  return new TextEncoder().encode(JSON.stringify(content)).length;
}

/** Longest name of a version (为当前版本命名), in characters. */
export const VERSION_NAME_MAX = 100;
/** Most versions one page of the history lists. */
export const VERSION_PAGE_MAX = 100;

/** One saved version of a cloud document (版本历史), without its content. */
export const documentVersionSummary = z.object({
  /** The document's version number it had. */
  version: z.number().int().positive().max(DB_INTEGER_MAX),
  title: z.string(),
  /** Bytes of its content. */
  size: z.number().int().nonnegative().max(DB_INTEGER_MAX),
  /** Bytes it grew (positive) or shrank (negative) by from the version before it. */
  size_delta: z.number().int().min(-DB_INTEGER_MAX).max(DB_INTEGER_MAX),
  /** auto: an autosave; manual: 保存到云端; restore: made by 恢复此版本 from `restored_from`. */
  kind: z.enum(['auto', 'manual', 'restore']),
  name: z.string().nullable(),
  restored_from: z.number().int().positive().max(DB_INTEGER_MAX).nullable(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type DocumentVersionSummary = z.infer<typeof documentVersionSummary>;

export const documentVersion = documentVersionSummary.extend({ content: documentContent });
export type DocumentVersion = z.infer<typeof documentVersion>;

/** A page of the history, newest first; `next_before` asks for the next page (null at the end). */
export const documentVersionList = z.object({
  versions: z.array(documentVersionSummary),
  next_before: z.number().int().positive().max(DB_INTEGER_MAX).nullable(),
});
export type DocumentVersionList = z.infer<typeof documentVersionList>;

export const documentVersionsQuery = z.object({
  /** Versions older than this version number. */
  before: z.coerce.number().int().positive().max(DB_INTEGER_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(VERSION_PAGE_MAX).default(30),
});

export const documentVersionParams = z.object({
  id: z.string(),
  version: z.coerce.number().int().positive().max(DB_INTEGER_MAX),
});

/** Names a version; null (or only spaces) takes its name away. */
export const nameVersionBody = z.object({
  name: z
    .string()
    .max(VERSION_NAME_MAX * 2)
    .nullable(),
});
export type NameVersionBody = z.infer<typeof nameVersionBody>;
