import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush } from '../testing/helpers';
import { startSessionCheck, type VisibilitySource } from './sessionCheck';

class FakeDocument extends EventTarget implements VisibilitySource {
  visibilityState: DocumentVisibilityState = 'visible';
  setVisibility(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

let stop: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

describe('startSessionCheck', () => {
  it('checks every 60 s while visible', async () => {
    const check = vi.fn();
    stop = startSessionCheck({ check, isExcluded: () => false, document: new FakeDocument() });
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('pauses while hidden and checks when the page becomes visible', async () => {
    const check = vi.fn();
    const doc = new FakeDocument();
    stop = startSessionCheck({ check, isExcluded: () => false, document: doc });
    doc.setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(check).not.toHaveBeenCalled();
    doc.setVisibility('visible');
    await flush();
    expect(check).toHaveBeenCalledTimes(1);
    // The period restarts from the visibility check.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('does not start the interval on a hidden page', async () => {
    const check = vi.fn();
    const doc = new FakeDocument();
    doc.visibilityState = 'hidden';
    stop = startSessionCheck({ check, isExcluded: () => false, document: doc });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(check).not.toHaveBeenCalled();
  });

  it('is skipped on excluded routes', async () => {
    const check = vi.fn();
    const doc = new FakeDocument();
    let path = '/login';
    stop = startSessionCheck({
      check,
      isExcluded: () => path === '/login' || path === '/register',
      document: doc,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    doc.setVisibility('hidden');
    doc.setVisibility('visible');
    await flush();
    expect(check).not.toHaveBeenCalled();
    path = '/home';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('never runs two checks at once', async () => {
    let finish!: () => void;
    const check = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    stop = startSessionCheck({
      check,
      isExcluded: () => false,
      intervalMs: 1_000,
      document: new FakeDocument(),
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(check).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('reports a failing check and keeps going', async () => {
    const onError = vi.fn();
    const check = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    stop = startSessionCheck({ check, isExcluded: () => false, onError, document: new FakeDocument() });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(onError).toHaveBeenCalledWith(new Error('offline'));
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('stops for good', async () => {
    const check = vi.fn();
    const doc = new FakeDocument();
    const stopCheck = startSessionCheck({ check, isExcluded: () => false, document: doc });
    stopCheck();
    doc.setVisibility('hidden');
    doc.setVisibility('visible');
    await vi.advanceTimersByTimeAsync(300_000);
    expect(check).not.toHaveBeenCalled();
  });

  it('treats a runtime without document (Node) as always visible', async () => {
    const check = vi.fn();
    stop = startSessionCheck({ check, isExcluded: () => false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
