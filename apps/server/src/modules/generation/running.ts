/** The generations running in this process, so that shutdown can stop them and wait until each is settled. */
import type { StopReason } from './control';

export interface RunningGeneration {
  stop(reason: StopReason): void;
  /** Settles when the generation is stored and settled. */
  done: Promise<void>;
}

export class RunningGenerations<T extends RunningGeneration = RunningGeneration> {
  private readonly byId = new Map<string, T>();

  add(id: string, generation: T): void {
    this.byId.set(id, generation);
  }

  delete(id: string): void {
    this.byId.delete(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get size(): number {
    return this.byId.size;
  }

  values(): IterableIterator<T> {
    return this.byId.values();
  }

  /** Stops every running generation and waits until each is stored and settled (graceful shutdown). */
  async stopAll(): Promise<void> {
    const running = [...this.byId.values()];
    for (const generation of running) generation.stop('shutdown');
    await Promise.all(running.map((generation) => generation.done));
  }
}

/**
 * How long a generation's record must have been idle before a sweep settles it as interrupted: long enough
 * that it cannot be running anywhere, since the provider's silence limit would have ended it.
 */
export function recoveryIdleMs(idleTimeoutSeconds: number): number {
  return Math.max(10 * 60_000, (2 * idleTimeoutSeconds + 60) * 1000);
}
