/**
 * An answer no one watches: a reload or another tab may come back within the grace; else it stops as a
 * stop does. A tab following it from another instance counts (its mark on the answer's row is fresh).
 */
import type { Db } from '../../db/client';
import type { LiveTurn } from './live';
import { answerMarks } from './repo';

/**
 * A tab on another instance marks the answer it follows about every second; a mark younger than this
 * counts as someone watching (live.ts).
 */
export const FOLLOWED_ELSEWHERE_MS = 5000;

export interface UnwatchedWatch {
  /** The answer's last watcher went (LiveTurn's handler). */
  unwatched(): void;
  /** The answer ended: no check is left pending. */
  cancel(): void;
}

/**
 * Calls `stop` once the answer has gone `graceMs` without a watcher here or elsewhere; `stopped` says it
 * has ended meanwhile. A grace of 0 stops it as soon as its tab goes.
 */
export function watchUnwatched(options: {
  db: Db;
  live: LiveTurn;
  messageId: string;
  graceMs: number;
  stopped(): boolean;
  stop(): void;
}): UnwatchedWatch {
  const { db, live, messageId, graceMs, stopped, stop } = options;
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    timer = undefined;
    if (stopped() || live.watched) return;
    const left = graceMs - (Date.now() - live.unwatchedSince);
    if (left > 0) {
      timer = setTimeout(check, left);
      return;
    }
    const marks = await answerMarks(db, messageId).catch(() => null);
    if (stopped() || live.watched) return;
    const elsewhere = marks?.watchedAt && Date.now() - marks.watchedAt.getTime() < FOLLOWED_ELSEWHERE_MS;
    if (elsewhere && !marks?.stopRequested) timer = setTimeout(check, FOLLOWED_ELSEWHERE_MS);
    else stop();
  };
  return {
    unwatched() {
      if (graceMs === 0) stop();
      else timer ??= setTimeout(check, graceMs);
    },
    cancel() {
      if (timer) clearTimeout(timer);
    },
  };
}
