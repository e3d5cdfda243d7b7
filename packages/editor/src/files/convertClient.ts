import { ConvertError, type ConvertErrorCode, isConvertError } from '../convert/errors';
import { importFile, outputFormatFor } from '../convert/registry';
import type { ConvertedDocument, ExportInput } from '../convert/types';
import { t } from '../i18n/zh-CN';

export type WorkerRequest =
  | { id: number; op: 'import'; name: string; bytes: Uint8Array }
  | { id: number; op: 'export'; extension: string; input: ExportInput };
export type WorkerResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; code: ConvertErrorCode; message: string };

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();

/** The converters' worker, made once; null where workers are missing or the script cannot load. */
function converterWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker =
      typeof Worker === 'undefined'
        ? null
        : new Worker(new URL('./convert.worker.ts', import.meta.url), {
            type: 'module',
            name: 'wanxiang-convert',
          });
  } catch {
    worker = null;
  }
  worker?.addEventListener('message', (event: MessageEvent<WorkerResponse>) => {
    const answer = event.data;
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.ok) waiting.resolve(answer.value);
    else waiting.reject(new ConvertError(answer.code, answer.message));
  });
  worker?.addEventListener('error', (event) => {
    // The worker's script did not load (a bundle without it): the work is done here instead.
    event.preventDefault();
    worker?.terminate();
    worker = null;
    const failed = [...pending.values()];
    pending.clear();
    for (const waiting of failed) waiting.reject(new WorkerUnavailable());
  });
  return worker;
}

class WorkerUnavailable extends Error {}

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/**
 * How long one conversion may run in the worker. A file past every limit the converters check (a DOCX
 * whose XML parts are counted as they unpack, for one) still cannot hold the worker longer: it is ended,
 * its work is refused, and the next file gets a new worker.
 */
export const WORKER_TIME_LIMIT_MS = 60_000;

/** Ends a worker that overran, refusing everything it had in hand. */
function endWorker(target: Worker) {
  if (worker !== target) return;
  target.terminate();
  worker = undefined;
  const failed = [...pending.values()];
  pending.clear();
  for (const waiting of failed) waiting.reject(new ConvertError('IMPORT_FAILED', t.convert.timedOut));
}

function inWorker<T>(request: Request, transfer: Transferable[] = []): Promise<T> | null {
  const target = converterWorker();
  if (!target) return null;
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => endWorker(target), WORKER_TIME_LIMIT_MS);
    pending.set(id, {
      resolve: (value) => {
        clearTimeout(timer);
        (resolve as (value: unknown) => void)(value);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    target.postMessage({ ...request, id }, transfer);
  });
}

async function withFallback<T>(work: Promise<T> | null, here: () => Promise<T>): Promise<T> {
  if (!work) return here();
  try {
    return await work;
  } catch (error) {
    if (error instanceof WorkerUnavailable) return here();
    throw isConvertError(error) ? error : new ConvertError('IMPORT_FAILED', String(error));
  }
}

/** Reads a file into a document in the converters' worker (or here, where there is none). */
export function convertFileToDocument(name: string, bytes: Uint8Array): Promise<ConvertedDocument> {
  return withFallback(inWorker<ConvertedDocument>({ op: 'import', name, bytes: bytes.slice() }), () =>
    importFile(name, bytes),
  );
}

/**
 * Formats written in the worker: the heavy built-in ones. A format registered later (PDF) is registered on
 * this thread only, so it is written here.
 */
const WORKER_OUTPUTS = new Set(['docx']);

/** Writes the document as a file of the format with this extension, in the worker when it can. */
export function convertDocumentToFile(extension: string, input: ExportInput): Promise<Uint8Array | string> {
  const here = () => outputFormatFor(`x.${extension}`).write(input);
  if (!WORKER_OUTPUTS.has(extension)) return here();
  return withFallback(inWorker<Uint8Array | string>({ op: 'export', extension, input }), here);
}
