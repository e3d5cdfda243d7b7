import {
  type CloudDocument,
  type CloudDocumentContent,
  type CloudDocumentSummary,
  cloudDocument,
  cloudDocumentList,
  type DocumentSaveKind,
  type DocumentVersion,
  type DocumentVersionList,
  type DocumentVersionSummary,
  docsPaths,
  documentVersion,
  documentVersionList,
  documentVersionSummary,
  VERSION_CONFLICT_CODE,
} from '../contract/docs';
import { ApiError } from '../errors/errors';
import type { HttpClient } from '../http/httpClient';
import type { CallOptions } from './auth';

/** What a versioned save came to: the new version, or the newer one it was refused for (409). */
export type DocumentSaveResult =
  | { status: 'saved'; document: CloudDocument }
  | { status: 'conflict'; current: CloudDocument };

export interface DocsApi {
  /** The user's cloud documents, last saved first (no content). */
  list(options?: CallOptions): Promise<CloudDocumentSummary[]>;
  get(id: string, options?: CallOptions): Promise<CloudDocument>;
  /**
   * The first cloud save: the document gets its uuid — `id` when given, so that a
   * retry of a save whose answer was lost returns the document made then instead of making another.
   */
  create(
    input: { id?: string; title: string; content: CloudDocumentContent; kind?: DocumentSaveKind },
    options?: CallOptions,
  ): Promise<CloudDocument>;
  /**
   * Saves on top of `baseVersion`. A 409 (the document was saved elsewhere meanwhile) is no error here
   * but a result carrying the newer version, so the caller can let the user keep both.
   */
  save(
    id: string,
    input: {
      title: string;
      content: CloudDocumentContent;
      baseVersion: number;
      kind?: DocumentSaveKind;
      /** The earlier version this save puts back (恢复此版本). */
      restoredFrom?: number;
    },
    options?: CallOptions,
  ): Promise<DocumentSaveResult>;
  remove(id: string, options?: CallOptions): Promise<void>;
  /** 版本历史: one page of the document's saved versions, newest first (no content). */
  versions(
    id: string,
    page?: { before?: number; limit?: number },
    options?: CallOptions,
  ): Promise<DocumentVersionList>;
  /** One saved version with its content. */
  version(id: string, version: number, options?: CallOptions): Promise<DocumentVersion>;
  /** Names a version (null takes the name away); named versions are never thinned. */
  nameVersion(
    id: string,
    version: number,
    name: string | null,
    options?: CallOptions,
  ): Promise<DocumentVersionSummary>;
  /** Saves that version's content as a new version on top; the current one stays in the history. */
  restoreVersion(id: string, version: number, options?: CallOptions): Promise<CloudDocument>;
}

export function createDocsApi(http: HttpClient): DocsApi {
  return {
    list(options = {}) {
      return http.get(docsPaths.list, { schema: cloudDocumentList, ...options });
    },
    get(id, options = {}) {
      return http.get(docsPaths.one(id), { schema: cloudDocument, ...options });
    },
    create(input, options = {}) {
      return http.post(docsPaths.list, { json: input, schema: cloudDocument, ...options });
    },
    async save(id, { title, content, baseVersion, kind, restoredFrom }, options = {}) {
      try {
        const document = await http.put(docsPaths.one(id), {
          json: {
            title,
            content,
            base_version: baseVersion,
            ...(kind ? { kind } : {}),
            ...(restoredFrom ? { restored_from: restoredFrom } : {}),
          },
          schema: cloudDocument,
          ...options,
        });
        return { status: 'saved', document };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409 || error.code !== VERSION_CONFLICT_CODE)
          throw error;
        // The error body keeps only the DRF fields: the version that won is read afresh.
        return {
          status: 'conflict',
          current: await http.get(docsPaths.one(id), { schema: cloudDocument, ...options }),
        };
      }
    },
    async remove(id, options = {}) {
      await http.delete(docsPaths.one(id), options);
    },
    versions(id, page = {}, options = {}) {
      const query = new URLSearchParams();
      if (page.before !== undefined) query.set('before', String(page.before));
      if (page.limit !== undefined) query.set('limit', String(page.limit));
      const search = query.size > 0 ? `?${query}` : '';
      return http.get(`${docsPaths.versions(id)}${search}`, { schema: documentVersionList, ...options });
    },
    version(id, version, options = {}) {
      return http.get(docsPaths.version(id, version), { schema: documentVersion, ...options });
    },
    nameVersion(id, version, name, options = {}) {
      return http.patch(docsPaths.version(id, version), {
        json: { name },
        schema: documentVersionSummary,
        ...options,
      });
    },
    restoreVersion(id, version, options = {}) {
      return http.post(docsPaths.restore(id, version), { json: {}, schema: cloudDocument, ...options });
    },
  };
}
