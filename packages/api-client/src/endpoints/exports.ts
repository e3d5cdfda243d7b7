import { type ExportFormat, type ExportTask, exportsPaths, exportTask } from '../contract/exports';
import { ApiError } from '../errors/errors';
import type { HttpClient } from '../http/httpClient';
import { t } from '../i18n/messages';
import type { CallOptions } from './auth';

/**
 * A server export that did not give a file: the status (0 when no answer had one) and the server's own
 * explanation, in the message the user reads: 导出失败（503）：导出超时…
 */
export class ExportError extends Error {
  override readonly name = 'ExportError';
  constructor(
    message: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
  task: ExportTask;
}

export interface ExportsApi {
  /** A cloud document, exported by the server from its stored version. */
  cloud(docId: string, format: ExportFormat, options?: CallOptions): Promise<ExportTask>;
  /** Any document, sent as its lexdoc (or HTML when there is nothing else). */
  transient(
    input: { format: ExportFormat; title?: string; lexdoc?: unknown; html?: string },
    options?: CallOptions,
  ): Promise<ExportTask>;
  /** The produced file (the signed-in owner's token goes with the request). */
  download(task: ExportTask, options?: CallOptions): Promise<ExportedFile>;
}

type Failure = 'exportFailed' | 'transientExportFailed';

function failure(error: unknown, key: Failure): unknown {
  if (!(error instanceof ApiError)) return error;
  const detail = error.detail;
  return new ExportError(`${t(key, { status: error.status })}${detail ? `：${detail}` : ''}`, error.status, {
    cause: error,
  });
}

/** The task from an answer: one without a download address is a failure of its own (the brief's text). */
function taskOf(answer: unknown): ExportTask {
  const url = (answer as { download_url?: unknown } | null)?.download_url;
  if (typeof url !== 'string' || url === '') throw new ExportError(t('exportNoDownloadUrl'), 0);
  const parsed = exportTask.safeParse(answer);
  if (!parsed.success) throw new ExportError(t('exportNoDownloadUrl'), 0, { cause: parsed.error });
  return parsed.data;
}

export function createExportsApi(http: HttpClient): ExportsApi {
  /** The download address is the site's (`/api/exports/…`); the HTTP core wants it below its base. */
  const pathOf = (url: string) => {
    const base = http.baseUrl.replace(/\/+$/, '');
    return base && url.startsWith(`${base}/`) ? url.slice(base.length) : url;
  };
  return {
    async cloud(docId, format, options = {}) {
      let answer: unknown;
      try {
        answer = await http.post(exportsPaths.cloud(docId), { json: { format }, ...options });
      } catch (error) {
        throw failure(error, 'exportFailed');
      }
      return taskOf(answer);
    },
    async transient(input, options = {}) {
      let answer: unknown;
      try {
        answer = await http.post(exportsPaths.transient, { json: input, ...options });
      } catch (error) {
        throw failure(error, 'transientExportFailed');
      }
      return taskOf(answer);
    },
    async download(task, options = {}) {
      try {
        const response = await http.requestResponse(pathOf(task.download_url), { method: 'GET', ...options });
        return { blob: await response.blob(), fileName: task.file_name, task };
      } catch (error) {
        throw failure(error, 'exportFailed');
      }
    },
  };
}
