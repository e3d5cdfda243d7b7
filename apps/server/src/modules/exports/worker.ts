import { parentPort } from 'node:worker_threads';
import { ExportInputError, type ExportJob, produceExport } from './produce';

/**
 * The export worker thread: converts one job at a time, off the server's event loop (a PDF of a long
 * document with pictures takes seconds of CPU). The runner (runner.ts) times it out and restarts it.
 */
export interface WorkerRequest {
  id: number;
  job: ExportJob;
}

export type WorkerAnswer =
  | { id: number; ok: true; fileName: string; mime: string; bytes: Uint8Array }
  | { id: number; ok: false; input: boolean; message: string };

parentPort?.on('message', async ({ id, job }: WorkerRequest) => {
  try {
    const file = await produceExport(job);
    // A copy of its own, so that transferring it cannot detach a buffer something else shares.
    const bytes = file.bytes.slice();
    const answer: WorkerAnswer = { id, ok: true, fileName: file.fileName, mime: file.mime, bytes };
    parentPort?.postMessage(answer, [bytes.buffer]);
  } catch (error) {
    const answer: WorkerAnswer = {
      id,
      ok: false,
      input: error instanceof ExportInputError,
      message:
        error instanceof Error
          ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}`
          : String(error),
    };
    parentPort?.postMessage(answer);
  }
});
