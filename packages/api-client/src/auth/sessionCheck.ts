/** The background session check's period. */
export const SESSION_CHECK_INTERVAL_MS = 60_000;

/** The part of `document` the watcher uses; injectable for tests and absent in Node. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface SessionCheckOptions {
  intervalMs?: number;
  /** True on the routes where no session is expected (/login, /register): the check is skipped. */
  isExcluded: () => boolean;
  check: () => unknown;
  /** A check that throws or rejects lands here; default: ignored, the next tick tries again. */
  onError?: (error: unknown) => void;
  /** Default globalThis.document when present; without one the page counts as always visible. */
  document?: VisibilitySource | null;
}

/**
 * Runs `check` every interval while the page is visible and once each time it becomes visible. The
 * interval is stopped while hidden rather than skipped, so a background tab costs no timer
 * wake-ups. A check still running when the next is due is not doubled. Returns the stop function.
 */
export function startSessionCheck(options: SessionCheckOptions): () => void {
  const intervalMs = options.intervalMs ?? SESSION_CHECK_INTERVAL_MS;
  const doc =
    options.document === undefined
      ? ((globalThis as { document?: VisibilitySource }).document ?? null)
      : options.document;
  const visible = () => !doc || doc.visibilityState === 'visible';
  let interval: ReturnType<typeof setInterval> | undefined;
  let running = false;
  let stopped = false;

  const run = async () => {
    if (stopped || running || !visible() || options.isExcluded()) return;
    running = true;
    try {
      await options.check();
    } catch (error) {
      options.onError?.(error);
    } finally {
      running = false;
    }
  };

  const startInterval = () => {
    if (interval === undefined) interval = setInterval(() => void run(), intervalMs);
  };
  const stopInterval = () => {
    if (interval !== undefined) clearInterval(interval);
    interval = undefined;
  };

  const onVisibilityChange = () => {
    if (visible()) {
      // Restarting makes the next periodic check a full interval after this one.
      stopInterval();
      startInterval();
      void run();
    } else {
      stopInterval();
    }
  };

  doc?.addEventListener('visibilitychange', onVisibilityChange);
  if (visible()) startInterval();

  return () => {
    stopped = true;
    stopInterval();
    doc?.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
