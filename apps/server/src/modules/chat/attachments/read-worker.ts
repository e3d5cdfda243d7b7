import { getHeapStatistics } from 'node:v8';
import { serveJobs } from '../../../workers/serve';
import { type ReadJob, type ReadResult, readFileText, TooLargeToRead } from './read';
import { OVER_MEMORY_EXIT_CODE } from './reader';

/** How often the thread's memory is looked at while a file is read. */
const SAMPLE_MS = 10;

export interface ReadWork extends ReadJob {
  /**
   * Memory outside the heap (the buffers a PDF's streams inflate into) that the thread may hold, MB: the
   * pool's heap limit does not count it. Looked at whenever the reading yields (pdf.js does between its
   * slices of work); past it the thread ends, and the file is refused.
   */
  maxExternalMb: number;
}

/** The thread that reads uploaded PDF and Word files (see read.ts), one at a time. */
serveJobs<ReadWork, ReadResult>(
  async (job) => {
    const sample = () => {
      const { external_memory: external } = getHeapStatistics();
      if (external > job.maxExternalMb * 1024 * 1024) process.exit(OVER_MEMORY_EXIT_CODE);
    };
    sample();
    const timer = setInterval(sample, SAMPLE_MS);
    try {
      const result = await readFileText(job);
      sample();
      return result;
    } finally {
      clearInterval(timer);
    }
  },
  { isInputError: (error) => error instanceof TooLargeToRead },
);
