import { serveJobs } from '../../workers/serve';
import { ExportInputError, type ExportJob, type ProducedFile, produceExport } from './produce';

/**
 * The export worker thread: converts one job at a time, off the server's event loop (a PDF of a long
 * document with pictures takes seconds of CPU). The runner (runner.ts) times it out and restarts it.
 */
serveJobs<ExportJob, ProducedFile>(
  async (job) => {
    const file = await produceExport(job);
    // A copy of its own, so that transferring it cannot detach a buffer something else shares.
    return { ...file, bytes: file.bytes.slice() };
  },
  {
    isInputError: (error) => error instanceof ExportInputError,
    transfer: (file) => [file.bytes.buffer as ArrayBuffer],
  },
);
