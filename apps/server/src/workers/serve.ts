import { parentPort } from 'node:worker_threads';

/** What the pool (pool.ts) sends a worker thread, and what the thread answers. */
export interface JobRequest<Job> {
  id: number;
  job: Job;
}

export type JobAnswer<Result> =
  | { id: number; ok: true; result: Result }
  | { id: number; ok: false; input: boolean; message: string };

/**
 * The worker thread's side: runs each job the pool sends through `handle`, one at a time, and answers its
 * result (its buffers, named by `transfer`, are moved rather than copied) or its error. An error that
 * `isInputError` recognises is the input's fault, and its message is for the user.
 */
export function serveJobs<Job, Result>(
  handle: (job: Job) => Promise<Result>,
  options: { isInputError(error: unknown): boolean; transfer?(result: Result): ArrayBuffer[] },
): void {
  parentPort?.on('message', async ({ id, job }: JobRequest<Job>) => {
    try {
      const result = await handle(job);
      const answer: JobAnswer<Result> = { id, ok: true, result };
      parentPort?.postMessage(answer, options.transfer?.(result) ?? []);
    } catch (error) {
      const answer: JobAnswer<Result> = {
        id,
        ok: false,
        input: options.isInputError(error),
        message:
          error instanceof Error
            ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}`
            : String(error),
      };
      parentPort?.postMessage(answer);
    }
  });
}
