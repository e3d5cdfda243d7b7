import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasStoredSession } from '../session/client';
import { ASK_AHEAD_WAIT_MS, askAhead } from './lazyRoutes';

vi.mock('../session/client', () => ({ hasStoredSession: vi.fn(() => true) }));

const args = (params: Record<string, string>) => ({ params }) as unknown as LoaderFunctionArgs;

/** An ask that answers when told to. */
function pendingAsk() {
  let answer = () => {};
  const ask = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        answer = resolve;
      }),
  );
  return { ask, answer: () => answer() };
}

describe('askAhead', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(hasStoredSession).mockReturnValue(true);
  });

  it('asks with the route’s parameters and lets the page render as soon as the answers are in', async () => {
    const { ask, answer } = pendingAsk();
    let rendered = false;
    const loading = askAhead(ask)
      .loader(args({ code: '600519' }))
      .then(() => {
        rendered = true;
      });
    expect(ask).toHaveBeenCalledWith({ code: '600519' });
    await vi.advanceTimersByTimeAsync(ASK_AHEAD_WAIT_MS - 100);
    expect(rendered).toBe(false);
    answer();
    await loading;
    expect(rendered).toBe(true);
  });

  it('never holds the page longer than the wait, nor at all when the ask fails', async () => {
    const { ask } = pendingAsk();
    let rendered = false;
    const loading = askAhead(ask)
      .loader(args({}))
      .then(() => {
        rendered = true;
      });
    await vi.advanceTimersByTimeAsync(ASK_AHEAD_WAIT_MS - 1);
    expect(rendered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(rendered).toBe(true);

    await expect(
      askAhead(() => Promise.reject(new Error('chunk failed'))).loader(args({})),
    ).resolves.toBeNull();
  });

  it('asks nothing without a session', async () => {
    vi.mocked(hasStoredSession).mockReturnValue(false);
    const ask = vi.fn(() => Promise.resolve());
    await expect(askAhead(ask).loader(args({}))).resolves.toBeNull();
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks again for a new address only, not for a new query string', () => {
    const { shouldRevalidate } = askAhead(() => Promise.resolve());
    const change = (from: string, to: string) =>
      shouldRevalidate({
        currentUrl: new URL(from, 'http://app.test'),
        nextUrl: new URL(to, 'http://app.test'),
      } as ShouldRevalidateFunctionArgs);
    expect(change('/stock', '/stock?tab=themes')).toBe(false);
    expect(change('/stock/600519', '/stock/000001')).toBe(true);
  });
});
