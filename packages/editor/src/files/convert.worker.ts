/// <reference lib="webworker" />
/**
 * The converters off the main thread: a big DOCX or Markdown file is parsed here, so the page keeps
 * answering while it is read. Messages: {id, op: 'import', name, bytes} or
 * {id, op: 'export', extension, input}; answers {id, ok, value} or {id, ok: false, code, message}.
 */
import { isConvertError } from '../convert/errors';
import { importFile, outputFormatFor } from '../convert/registry';
import type { WorkerRequest, WorkerResponse } from './convertClient';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  let response: WorkerResponse;
  try {
    const value =
      request.op === 'import'
        ? await importFile(request.name, request.bytes)
        : await outputFormatFor(`x.${request.extension}`).write(request.input);
    response = { id: request.id, ok: true, value };
  } catch (error) {
    response = {
      id: request.id,
      ok: false,
      code: isConvertError(error) ? error.code : 'IMPORT_FAILED',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  scope.postMessage(response);
};
