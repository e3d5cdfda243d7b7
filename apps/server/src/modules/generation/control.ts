/**
 * The switch of one running generation: why it stopped (if it did) and the first thing that failed it.
 * Stopping aborts the provider call through the generation's AbortController; the relay, the product's
 * writes and its settlement all read the same reason, so an answer stopped for any cause is stored and
 * charged as that cause says.
 */
import type { TurnFailure } from './provider-errors';

/**
 * `client`: the user stopped it or went away; `shutdown`: the server is stopping; `timeout`: the provider
 * was silent too long.
 */
export type StopReason = 'client' | 'shutdown' | 'timeout';

export class GenerationControl {
  stopReason: StopReason | undefined;
  /** The first failure: a provider's error, or the product's own (its rows could not be written). */
  failure: TurnFailure | undefined;

  constructor(readonly controller: AbortController = new AbortController()) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Stops the generation; only the first reason counts. */
  stop(reason: StopReason): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    this.controller.abort(new DOMException(reason, 'AbortError'));
  }

  /** Records a failure, unless one came first. */
  fail(failure: TurnFailure): void {
    this.failure ??= failure;
  }
}
