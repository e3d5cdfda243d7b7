import type { FastifyInstance } from 'fastify';

const DEFAULT_INTERVAL_MS = 10 * 60_000;

export interface MaintenanceTask {
  /** Names the task in the log when it fails. */
  name: string;
  run(): Promise<unknown>;
  /** Also run once before the server is ready, so that the first requests find the work done. */
  atStart?: boolean;
  intervalMs?: number;
}

/**
 * Runs a module's housekeeping (sweeps of expired rows, recovery of unfinished work) every so often while
 * the server runs. A failure is logged and the next round tries again; the timer never holds the process
 * open and stops when the server closes. Each module schedules its own, from its routes plugin.
 */
export function scheduleMaintenance(app: FastifyInstance, task: MaintenanceTask): void {
  const run = () =>
    task.run().catch((error) => app.log.error({ err: error, task: task.name }, 'maintenance task failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (task.atStart) await run();
    timer = setInterval(run, task.intervalMs ?? DEFAULT_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
