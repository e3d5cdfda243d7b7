/**
 * The wire contract of server-side exports: a cloud document is exported by
 * its id (`POST /api/docs/{id}/export`), any other document by sending it (`POST /api/exports/transient`,
 * its lexdoc, or HTML when a client has nothing else). The server writes the file with the editor's own
 * converters and answers a download address that expires and that only the same user can fetch.
 */
import { z } from 'zod';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_DEPTH } from './docs';
import { DB_INTEGER_MAX, maxDepth } from './json';
import { LEXICAL_NAME_MAX, LEXICAL_TEXT_MAX, lexicalEditorState, lexicalNode } from './lexical';

/** The formats the server writes. */
export const EXPORT_FORMATS = ['pdf', 'docx', 'md'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How long a produced file can be downloaded, in seconds. */
export const EXPORT_TTL_SECONDS = 15 * 60;
/** The largest transient document the server converts: the same as a cloud document. */
export const EXPORT_MAX_BYTES = DOCUMENT_MAX_BYTES;
/** The deepest a transient lexdoc may nest (the lexdoc itself is level 1): that of a cloud document. */
export const EXPORT_MAX_DEPTH = DOCUMENT_MAX_DEPTH;
/**
 * Most elements an HTML export may hold, and its longest text. The HTML fallback is parsed three times over
 * (HTML, Markdown, the document), so its cost follows its elements rather than its bytes: 20,000 elements
 * take an export up to about 13 s and 300 MB, where the 250,000 that fit in 5 MB ran out of a gigabyte.
 */
export const EXPORT_HTML_MAX_ELEMENTS = 20_000;
export const EXPORT_HTML_MAX_CHARS = 2 * 1024 * 1024;

/** The `params` of the issue an HTML body with too many elements gets, worded by each side. */
export interface TooManyElementsIssueParams {
  code: 'too_many_elements';
  max: number;
}

/** True when `html` opens more than `max` elements (counting each `<` followed by a letter). */
export function hasMoreElementsThan(html: string, max: number): boolean {
  let count = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const next = html.charCodeAt(at + 1) | 0x20;
    if (next >= 0x61 && next <= 0x7a && ++count > max) return true;
  }
  return false;
}

/** The code of the 410 answer to an expired download. */
export const EXPORT_EXPIRED_CODE = 'export_expired';

export const exportsPaths = {
  /** Cloud document export (POST). */
  cloud: (docId: string) => `/docs/${encodeURIComponent(docId)}/export`,
  transient: '/exports/transient',
  /** The download of a produced file (GET, the owner's bearer token). */
  download: (id: string) => `/exports/${encodeURIComponent(id)}`,
} as const;

export const exportFormat = z.enum(EXPORT_FORMATS);

export const cloudExportBody = z.object({ format: exportFormat });
export type CloudExportBody = z.infer<typeof cloudExportBody>;

/**
 * A lexdoc file as parsed JSON (`{format: 'lexdoc', version, meta, content, …}`), or a snapshot (`{root}`,
 * `{lexicalState: {root}}`): nothing nested deeper than {@link EXPORT_MAX_DEPTH}, then every part the
 * converter reads, typed and bounded. Which of them must be there is the converter's to say (a 400 with its
 * words). A `lexicalState` given as text, which the converter would parse and walk unchecked, is refused:
 * send it parsed.
 */
const lexdocPayload: z.ZodType<Record<string, unknown>, Record<string, unknown>> = z
  .looseObject({})
  .superRefine(maxDepth(EXPORT_MAX_DEPTH))
  .pipe(
    z.looseObject({
      format: z.string().max(LEXICAL_NAME_MAX).optional(),
      version: z
        .union([z.number().int().min(0).max(DB_INTEGER_MAX), z.string().max(LEXICAL_NAME_MAX)])
        .optional(),
      meta: z.looseObject({ title: z.string().max(LEXICAL_TEXT_MAX).nullish() }).nullish(),
      content: lexicalEditorState.nullish(),
      root: lexicalNode.nullish(),
      lexicalState: lexicalEditorState.nullish(),
    }),
  );

/** One of lexdoc and html is required (the server says so in a 400). */
export const transientExportBody = z.object({
  format: exportFormat,
  /** File name and PDF title; the lexdoc's own title when absent. */
  title: z.string().max(500).optional(),
  lexdoc: lexdocPayload.optional(),
  /** Used only when no lexdoc is sent. */
  html: z
    .string()
    .max(EXPORT_HTML_MAX_CHARS)
    .superRefine((html, context) => {
      if (hasMoreElementsThan(html, EXPORT_HTML_MAX_ELEMENTS))
        context.addIssue({
          code: 'custom',
          params: {
            code: 'too_many_elements',
            max: EXPORT_HTML_MAX_ELEMENTS,
          } satisfies TooManyElementsIssueParams,
        });
    })
    .optional(),
});
export type TransientExportBody = z.infer<typeof transientExportBody>;

export const exportTask = z.object({
  id: z.uuid(),
  format: exportFormat,
  /** The file's name, its forbidden characters (\ / : * ? " < > |) already replaced by _. */
  file_name: z.string(),
  /** Bytes of the produced file. */
  size: z.number().int().nonnegative().max(DB_INTEGER_MAX),
  mime: z.string(),
  /** Relative to the site: `/api/exports/{id}`. */
  download_url: z.string(),
  /** ISO 8601; the file is gone after it. */
  expires_at: z.string(),
});
export type ExportTask = z.infer<typeof exportTask>;

export const exportIdParams = z.object({ id: z.string() });
