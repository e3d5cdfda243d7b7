/**
 * A request body that carries files: JSON without files; with them, the multipart form both the chat's
 * create-turn and the document assistant take (a `data` field holding the same JSON, repeated `files`
 * parts), sent with a clock that allows for a slow upload and, when asked, through XMLHttpRequest, the one
 * browser transport that reports the upload's progress (see xhrFetch.ts).
 */
import type { RequestOptions } from './httpClient';
import { type UploadProgress, xhrFetch } from './xhrFetch';

/** A 30 MB upload on a slow line takes minutes: the request's clock allows for it. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export function bodyWithFiles(
  data: unknown,
  files: readonly Blob[] | undefined,
  onUploadProgress?: UploadProgress,
): Pick<RequestOptions, 'json' | 'body' | 'timeoutMs' | 'fetch'> {
  if (!files || files.length === 0) return { json: data };
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const file of files) form.append('files', file);
  return {
    body: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    ...(onUploadProgress ? { fetch: xhrFetch(onUploadProgress) } : {}),
  };
}
