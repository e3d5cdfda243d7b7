import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/client';
import { FLUSH_INTERVAL_MS, flushInterval } from '../src/modules/chat/answer-writer';
import type { LiveTurn } from '../src/modules/chat/live';
import { FOLLOWED_ELSEWHERE_MS, watchUnwatched } from '../src/modules/chat/unwatched';

/** A database whose every read fails: the answer's marks cannot be read, so no one counts as watching. */
const unreadable = {} as Db;

describe('an answer no one watches', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const liveTurn = (watched: boolean) =>
    ({ watched, unwatchedSince: Date.now() }) as unknown as LiveTurn & { watched: boolean };

  function watch(live: LiveTurn, graceMs: number) {
    const stop = vi.fn();
    let stopped = false;
    const watching = watchUnwatched({
      db: unreadable,
      live,
      messageId: 'answer',
      graceMs,
      stopped: () => stopped,
      stop: () => {
        stopped = true;
        stop();
      },
    });
    return { watching, stop };
  }

  it('stops at once without a grace', () => {
    const { watching, stop } = watch(liveTurn(false), 0);
    watching.unwatched();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('stops after the grace when no one came back, and not before', async () => {
    const { watching, stop } = watch(liveTurn(false), 30_000);
    watching.unwatched();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(stop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('goes on when a watcher came back within the grace, or when the answer ended', async () => {
    const live = liveTurn(false);
    const { watching, stop } = watch(live, 30_000);
    watching.unwatched();
    live.watched = true;
    await vi.advanceTimersByTimeAsync(30_000 + FOLLOWED_ELSEWHERE_MS);
    expect(stop).not.toHaveBeenCalled();

    const ended = watch(liveTurn(false), 30_000);
    ended.watching.unwatched();
    ended.watching.cancel();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ended.stop).not.toHaveBeenCalled();
  });
});

describe('partial writes of a streaming answer', () => {
  it('come every 2 s, and less often when many answers stream at once', () => {
    expect(flushInterval(1)).toBe(FLUSH_INTERVAL_MS);
    expect(flushInterval(50)).toBe(FLUSH_INTERVAL_MS);
    // 200 answers at 25 writes a second in all: each writes every 8 s.
    expect(flushInterval(200)).toBe(8000);
  });
});
