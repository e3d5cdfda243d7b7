import {
  WorkerBusyError,
  WorkerFailedError,
  WorkerPool,
  WorkerRejectedError,
  WorkerTimeoutError,
} from '../../workers/pool';
import type { ExportJob, ProducedFile } from './produce';

export interface ExportRunnerOptions {
  /** A conversion that runs longer is stopped (its worker is ended and a new one started). */
  timeoutMs: number;
  /** Jobs waiting beyond the one running; more are refused at once rather than queued for minutes. */
  maxQueued: number;
  /** Heap of the worker thread, MB: a runaway document ends the worker, not the server. */
  maxHeapMb: number;
}

export {
  WorkerBusyError as ExportBusyError,
  WorkerFailedError as ExportFailedError,
  /** The document itself is wrong (the converter's message is for the user). */
  WorkerRejectedError as ExportRejectedError,
  WorkerTimeoutError as ExportTimeoutError,
};

/**
 * Runs exports on one worker thread, one at a time (the machine has few cores and the chat must stay
 * quick), in the order they came. A conversion that overruns its time or crashes the thread fails alone:
 * the worker is replaced for the next job.
 */
export class ExportRunner {
  private readonly pool: WorkerPool<ExportJob, ProducedFile>;

  constructor(options: ExportRunnerOptions) {
    this.pool = new WorkerPool({
      entry: { built: './export-worker.js', source: '../modules/exports/worker.ts' },
      threads: 1,
      ...options,
    });
  }

  run(job: ExportJob): Promise<ProducedFile> {
    return this.pool.run(job);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
