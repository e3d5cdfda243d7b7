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
  /**
   * Exports one user may have waiting: more are refused (503) for that user alone, so that one user's
   * burst never fills the queue the others wait in. Default 1.
   */
  maxQueuedPerUser?: number;
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
 * quick), in the order they came, but never two of one user's in a row while another user waits. A conversion that overruns its time or crashes the thread fails alone:
 * the worker is replaced for the next job.
 */
export class ExportRunner {
  private readonly pool: WorkerPool<ExportJob, ProducedFile>;

  constructor({ maxQueuedPerUser = 1, ...options }: ExportRunnerOptions) {
    this.pool = new WorkerPool({
      entry: { built: './export-worker.js', source: '../modules/exports/worker.ts' },
      threads: 1,
      perOwner: { running: 1, queued: maxQueuedPerUser },
      ...options,
    });
  }

  /** Converts `job` for `userId` (whose other exports wait behind the other users'). */
  run(job: ExportJob, userId = ''): Promise<ProducedFile> {
    return this.pool.run(job, userId);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
