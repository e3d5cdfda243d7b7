import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JobAnswer, JobRequest } from './serve';

/**
 * Threads that run untrusted or heavy work (exports, reading uploaded files) off the server's event loop,
 * each job with a time limit and the thread with a heap limit: a runaway job ends its thread, never the
 * server, and the next job gets a new thread. Jobs wait in one queue, served fairly between their owners:
 * a user's next job waits while that user already has `perOwner.running` jobs running, and a user with
 * `perOwner.queued` jobs waiting is refused, so that one user's burst never keeps the others waiting.
 */
export interface WorkerPoolOptions {
  /** The worker's module: `built` is its file beside dist/main.js, `source` its TypeScript file. */
  entry: { built: string; source: string };
  /** Threads running jobs at once. */
  threads: number;
  /** A job that runs longer is stopped (its thread is ended and a new one started for the next). */
  timeoutMs: number;
  /** Jobs waiting beyond the running ones, all owners together; more are refused at once. */
  maxQueued: number;
  /** Heap of each thread, MB. */
  maxHeapMb: number;
  /** Per owner: jobs running at once, and jobs waiting at most. */
  perOwner?: { running: number; queued: number };
}

export class WorkerTimeoutError extends Error {
  constructor() {
    super('job timed out');
    this.name = 'WorkerTimeoutError';
  }
}
export class WorkerBusyError extends Error {
  constructor() {
    super('job queue full');
    this.name = 'WorkerBusyError';
  }
}
/** The job's input is wrong (the worker's message is for the user). */
export class WorkerRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerRejectedError';
  }
}
export class WorkerFailedError extends Error {
  constructor(
    message: string,
    /** The thread ran out of its heap: the job needed more memory than it is allowed. */
    readonly outOfMemory = false,
    /** The thread ended itself with this code (process.exit in the worker). */
    readonly exitCode?: number,
  ) {
    super(message);
    this.name = 'WorkerFailedError';
  }
}

/** The job ran and threw (the thread is fine): a malformed input, say, that is not the user's to fix. */
export class WorkerJobError extends WorkerFailedError {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerJobError';
  }
}

interface Pending<Job, Result> {
  request: JobRequest<Job>;
  owner: string;
  resolve(result: Result): void;
  reject(error: Error): void;
}

interface Slot<Job, Result> {
  worker: Worker | null;
  running: (Pending<Job, Result> & { timer: NodeJS.Timeout }) | null;
}

/**
 * Starts a worker. Built (dist/main.js), the worker is a file beside it; from source (tests, `pnpm dev`) it
 * is a TypeScript module, which Node 20 cannot load by itself: a one-line bootstrap registers tsx's loader
 * in the thread first, with the packages' source condition as the rest of the server has it.
 */
function startWorker(entry: WorkerPoolOptions['entry'], maxHeapMb: number): Worker {
  const here = import.meta.url;
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  if (!here.endsWith('.ts')) return new Worker(new URL(entry.built, here), { resourceLimits });
  const require = createRequire(here);
  // tsx's ESM API (the package's require entry of it cannot be imported from a module).
  const tsx = pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const source = pathToFileURL(fileURLToPath(new URL(entry.source, here))).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, execArgv: ['--conditions=@wanxiang/source'], resourceLimits },
  );
}

/** Owners whose last start the pool remembers for its turns (see nextJob). */
const MAX_REMEMBERED_OWNERS = 1000;

export class WorkerPool<Job, Result> {
  private readonly slots: Slot<Job, Result>[];
  private readonly queue: Pending<Job, Result>[] = [];
  private nextId = 1;
  private closed = false;
  /** The order in which each owner's last job started (see nextJob). */
  private readonly lastStarted = new Map<string, number>();
  private starts = 0;

  constructor(private readonly options: WorkerPoolOptions) {
    this.slots = Array.from({ length: Math.max(1, options.threads) }, () => ({
      worker: null,
      running: null,
    }));
  }

  /** Jobs running now. */
  get busy(): number {
    return this.slots.filter((slot) => slot.running).length;
  }

  run(job: Job, owner = ''): Promise<Result> {
    if (this.closed) return Promise.reject(new WorkerFailedError('pool closed'));
    const idle = this.slots.filter((slot) => !slot.running).length;
    const perOwner = this.options.perOwner;
    const startsNow = idle > 0 && (!perOwner || this.runningFor(owner) < perOwner.running);
    const ownerWaiting = this.queue.filter((pending) => pending.owner === owner).length;
    if (
      this.queue.length >= this.options.maxQueued + idle ||
      (perOwner && !startsNow && ownerWaiting >= perOwner.queued)
    )
      return Promise.reject(new WorkerBusyError());
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, job }, owner, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new WorkerFailedError('server closing'));
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.running) {
          clearTimeout(slot.running.timer);
          slot.running.reject(new WorkerFailedError('server closing'));
          slot.running = null;
        }
        const worker = slot.worker;
        slot.worker = null;
        await worker?.terminate();
      }),
    );
  }

  private runningFor(owner: string): number {
    return this.slots.filter((slot) => slot.running?.owner === owner).length;
  }

  /**
   * The waiting job to start: among owners who may run one more now, the one whose last job started
   * longest ago (never, first), and that owner's oldest job: users take turns, whatever order they came in.
   */
  private nextJob(): Pending<Job, Result> | undefined {
    const limit = this.options.perOwner?.running ?? Number.POSITIVE_INFINITY;
    let best = -1;
    for (let index = 0; index < this.queue.length; index += 1) {
      const owner = (this.queue[index] as Pending<Job, Result>).owner;
      if (this.runningFor(owner) >= limit) continue;
      const started = this.lastStarted.get(owner) ?? -1;
      const bestOwner = this.queue[best]?.owner;
      if (best < 0 || started < (this.lastStarted.get(bestOwner ?? '') ?? -1)) best = index;
    }
    if (best < 0) return undefined;
    const [next] = this.queue.splice(best, 1);
    if (next) {
      // Re-inserted, so the map runs from the longest ago to the latest: past a thousand owners, those
      // who started longest ago are forgotten (and so come first again, as they would anyway).
      this.lastStarted.delete(next.owner);
      this.lastStarted.set(next.owner, ++this.starts);
      for (const owner of this.lastStarted.keys()) {
        if (this.lastStarted.size <= MAX_REMEMBERED_OWNERS) break;
        this.lastStarted.delete(owner);
      }
    }
    return next;
  }

  private workerOf(slot: Slot<Job, Result>): Worker {
    if (slot.worker) return slot.worker;
    const worker = startWorker(this.options.entry, this.options.maxHeapMb);
    worker.unref();
    worker.on('message', (answer: JobAnswer<Result>) => this.settle(slot, answer));
    worker.on('error', (error: Error & { code?: string }) =>
      this.fail(
        slot,
        worker,
        new WorkerFailedError(error.message, error.code === 'ERR_WORKER_OUT_OF_MEMORY'),
      ),
    );
    worker.on('exit', (code) =>
      this.fail(slot, worker, new WorkerFailedError(`worker exited (${code})`, false, code)),
    );
    slot.worker = worker;
    return worker;
  }

  private pump() {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (slot.running) continue;
      const next = this.nextJob();
      if (!next) return;
      const worker = this.workerOf(slot);
      const timer = setTimeout(() => {
        // The thread is busy with the runaway job: end it; the next job gets a new one.
        this.fail(slot, worker, new WorkerTimeoutError());
        void worker.terminate();
      }, this.options.timeoutMs);
      slot.running = { ...next, timer };
      worker.postMessage(next.request);
    }
  }

  private settle(slot: Slot<Job, Result>, answer: JobAnswer<Result>) {
    const running = slot.running;
    if (!running || running.request.id !== answer.id) return;
    clearTimeout(running.timer);
    slot.running = null;
    if (answer.ok) running.resolve(answer.result);
    else
      running.reject(
        answer.input ? new WorkerRejectedError(answer.message) : new WorkerJobError(answer.message),
      );
    this.pump();
  }

  /** The thread died or overran: its job fails, the thread is dropped, the queue goes on. */
  private fail(slot: Slot<Job, Result>, worker: Worker, error: Error) {
    if (slot.worker !== worker) return;
    slot.worker = null;
    const running = slot.running;
    slot.running = null;
    if (running) {
      clearTimeout(running.timer);
      running.reject(error);
    }
    this.pump();
  }
}
