import {
  WorkerBusyError,
  WorkerFailedError,
  WorkerPool,
  WorkerRejectedError,
  WorkerTimeoutError,
} from '../../../workers/pool';
import type { ReadResult } from './read';
import type { ReadWork } from './read-worker';

/** The code a reading thread ends with when a file took more memory than allowed (read-worker.ts). */
export const OVER_MEMORY_EXIT_CODE = 86;

export interface AttachmentReaderOptions {
  threads: number;
  /** Seconds one file may take. */
  timeout: number;
  /** Heap of each thread, MB; as much again may be held outside it (a PDF's inflated streams). */
  maxHeapMb: number;
}

/** The file passed a limit of size, count, time or memory while it was read: it is refused whole. */
export class FileTooLargeToRead extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'FileTooLargeToRead';
  }
}
/** Every reading thread is busy and the queue is full (or this user has enough files waiting). */
export class ReaderBusyError extends Error {
  constructor() {
    super('file reader busy');
    this.name = 'ReaderBusyError';
  }
}

/**
 * Reads the text of uploaded PDF and Word files on threads of their own (read-worker.ts), never on the
 * server's event loop: a hostile file stalls or ends its thread, not the chat of everyone else. A user's
 * files are read one at a time, and another user's wait for no more than one of them.
 */
export class AttachmentReader {
  private readonly pool: WorkerPool<ReadWork, ReadResult>;

  constructor(private readonly options: AttachmentReaderOptions) {
    this.pool = new WorkerPool({
      entry: { built: './read-worker.js', source: '../modules/chat/attachments/read-worker.ts' },
      threads: options.threads,
      timeoutMs: options.timeout * 1000,
      maxQueued: 32,
      maxHeapMb: options.maxHeapMb,
      perOwner: { running: 1, queued: 10 },
    });
  }

  /**
   * The file's text. Throws FileTooLargeToRead when the file passed a limit, ReaderBusyError when it cannot
   * be read now, and another error (with the reader's message) when the file is damaged.
   */
  async read(kind: 'pdf' | 'docx', bytes: Uint8Array, maxChars: number, owner: string): Promise<ReadResult> {
    try {
      return await this.pool.run({ kind, bytes, maxChars, maxExternalMb: this.options.maxHeapMb }, owner);
    } catch (error) {
      if (error instanceof WorkerBusyError) throw new ReaderBusyError();
      // Past a count (rejected), the time limit, or the memory (the thread ended): too large to read.
      if (
        error instanceof WorkerRejectedError ||
        error instanceof WorkerTimeoutError ||
        (error instanceof WorkerFailedError &&
          (error.outOfMemory || error.exitCode === OVER_MEMORY_EXIT_CODE))
      )
        throw new FileTooLargeToRead(error.message);
      // A damaged file (its reader's own words), or a thread that could not start: not the file's size.
      throw error;
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
