import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExportJob, ProducedFile } from './produce';
import type { WorkerAnswer, WorkerRequest } from './worker';

export interface ExportRunnerOptions {
  /** A conversion that runs longer is stopped (its worker is ended and a new one started). */
  timeoutMs: number;
  /** Jobs waiting beyond the one running; more are refused at once rather than queued for minutes. */
  maxQueued: number;
  /** Heap of the worker thread, MB: a runaway document ends the worker, not the server. */
  maxHeapMb: number;
}

export class ExportTimeoutError extends Error {
  constructor() {
    super('export timed out');
    this.name = 'ExportTimeoutError';
  }
}
export class ExportBusyError extends Error {
  constructor() {
    super('export queue full');
    this.name = 'ExportBusyError';
  }
}
/** The document itself is wrong (the converter's message is for the user). */
export class ExportRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportRejectedError';
  }
}
export class ExportFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportFailedError';
  }
}

interface Pending {
  request: WorkerRequest;
  resolve(file: ProducedFile): void;
  reject(error: Error): void;
}

/**
 * Where the worker is. Built (dist/main.js), it is dist/export-worker.js beside it; from source (tests,
 * `pnpm dev`) it is worker.ts, which Node 20 cannot load by itself: a one-line bootstrap registers tsx's
 * loader in the thread first, with the packages' source condition as the rest of the server has it.
 */
function workerFor(resourceLimits: { maxOldGenerationSizeMb: number }): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./export-worker.js', here), { resourceLimits });
  const require = createRequire(here);
  // tsx's ESM API (the package's require entry of it cannot be imported from a module).
  const tsx = pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = pathToFileURL(fileURLToPath(new URL('./worker.ts', here))).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, execArgv: ['--conditions=@wanxiang/source'], resourceLimits },
  );
}

/**
 * Runs exports on one worker thread, one at a time (the machine has few cores and the chat must stay
 * quick), in the order they came. A conversion that overruns its time or crashes the thread fails alone:
 * the worker is replaced for the next job.
 */
export class ExportRunner {
  private worker: Worker | null = null;
  private running: (Pending & { timer: NodeJS.Timeout }) | null = null;
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ExportRunnerOptions) {}

  run(job: ExportJob): Promise<ProducedFile> {
    if (this.closed) return Promise.reject(new ExportFailedError('runner closed'));
    if (this.queue.length >= this.options.maxQueued) return Promise.reject(new ExportBusyError());
    return new Promise<ProducedFile>((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, job }, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new ExportFailedError('server closing'));
    if (this.running) {
      clearTimeout(this.running.timer);
      this.running.reject(new ExportFailedError('server closing'));
      this.running = null;
    }
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = workerFor({ maxOldGenerationSizeMb: this.options.maxHeapMb });
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => this.settle(answer));
    worker.on('error', (error) => this.fail(worker, new ExportFailedError(error.message)));
    worker.on('exit', (code) => this.fail(worker, new ExportFailedError(`export worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private pump() {
    if (this.running || this.closed) return;
    const next = this.queue.shift();
    if (!next) return;
    const worker = this.ensureWorker();
    const timer = setTimeout(() => {
      // The thread is busy with the runaway conversion: end it; the next job gets a new one.
      this.fail(worker, new ExportTimeoutError());
      void worker.terminate();
    }, this.options.timeoutMs);
    this.running = { ...next, timer };
    worker.postMessage(next.request);
  }

  private settle(answer: WorkerAnswer) {
    const running = this.running;
    if (!running || running.request.id !== answer.id) return;
    clearTimeout(running.timer);
    this.running = null;
    if (answer.ok) running.resolve({ fileName: answer.fileName, mime: answer.mime, bytes: answer.bytes });
    else
      running.reject(
        answer.input ? new ExportRejectedError(answer.message) : new ExportFailedError(answer.message),
      );
    this.pump();
  }

  /** The worker died or overran: the running job fails, the worker is dropped, the queue goes on. */
  private fail(worker: Worker, error: Error) {
    if (this.worker !== worker) return;
    this.worker = null;
    const running = this.running;
    this.running = null;
    if (running) {
      clearTimeout(running.timer);
      running.reject(error);
    }
    this.pump();
  }
}
