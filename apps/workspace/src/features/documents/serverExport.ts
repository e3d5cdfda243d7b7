import type { ApiClient } from '@wanxiang/api-client';
import type { DocumentRepository, ServerExporter } from '@wanxiang/editor';
import { cloudLinks, documentHash } from './cloudLinks';

/**
 * The editor's server export: a document whose cloud copy holds exactly what
 * is on screen is exported by its id (`POST /api/docs/{id}/export`), the server reading its stored
 * version; any other (local only, or with changes not yet in the cloud) is sent as its lexdoc
 * (`POST /api/exports/transient`). The file is then fetched with the user's token.
 */
export function createServerExporter(deps: {
  exports: Pick<ApiClient['exports'], 'cloud' | 'transient' | 'download'>;
  local: Pick<DocumentRepository, 'load'>;
  owner: string;
}): ServerExporter {
  /** The cloud id when the cloud's version is what the editor shows, else null. */
  const currentCloudId = async (documentId: string, lexdoc: { content?: { root?: unknown } }) => {
    const link = cloudLinks.get(deps.owner, documentId);
    if (!link || link.dirty) return null;
    const stored = await deps.local.load(documentId, deps.owner);
    if (!stored || documentHash(stored.record.title, stored.content) !== link.savedHash) return null;
    // The editor may hold changes its autosave has not stored yet.
    const onScreen = JSON.stringify(lexdoc.content?.root);
    const saved = JSON.stringify((stored.content.editorState as { root?: unknown } | null)?.root);
    return saved === onScreen ? link.cloudId : null;
  };
  return async ({ format, title, documentId, lexdoc }) => {
    const file = JSON.parse(lexdoc) as { content?: { root?: unknown } };
    const cloudId = await currentCloudId(documentId, file);
    const task = cloudId
      ? await deps.exports.cloud(cloudId, format)
      : await deps.exports.transient({ format, title, lexdoc: file });
    const { blob, fileName } = await deps.exports.download(task);
    return { blob, fileName };
  };
}
