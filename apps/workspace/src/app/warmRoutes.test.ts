import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmWhenIdle } from './warmRoutes';

describe('warmWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads once the page is idle, and not at all when cancelled first', () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((run: () => void) => {
        idle.push(run);
        return idle.length;
      }),
    );
    const cancelled: number[] = [];
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const load = vi.fn(() => Promise.resolve());

    warmWhenIdle(load);
    expect(load).not.toHaveBeenCalled();
    idle[0]?.();
    expect(load).toHaveBeenCalledTimes(1);

    const cancel = warmWhenIdle(load);
    cancel();
    expect(cancelled).toEqual([2]);
  });

  it('falls back to a short timer where there is no idle callback, and swallows a failed load', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    warmWhenIdle(load);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(load).toHaveBeenCalledTimes(1);

    const later = vi.fn(() => Promise.resolve());
    warmWhenIdle(later)();
    await vi.advanceTimersByTimeAsync(1000);
    expect(later).not.toHaveBeenCalled();
  });
});
