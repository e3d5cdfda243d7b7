import { AUTH_LOGOUT_EVENT } from '@wanxiang/api-client/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('boardQueryClient', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('forgets every answer on sign-out, so the next account on this tab never sees them', async () => {
    const page = new EventTarget();
    vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
    vi.resetModules();
    const { boardQueryClient, subscriptionKey } = await import('./boardQueries');
    boardQueryClient.getQueryCache().build(boardQueryClient, { queryKey: subscriptionKey, gcTime: 30_000 });
    boardQueryClient.setQueryData(subscriptionKey, { subscription_status: 'ACTIVE' });
    expect(boardQueryClient.getQueryData(subscriptionKey)).toEqual({ subscription_status: 'ACTIVE' });

    page.dispatchEvent(new Event(AUTH_LOGOUT_EVENT));
    expect(boardQueryClient.getQueryData(subscriptionKey)).toBeUndefined();
  });
});
