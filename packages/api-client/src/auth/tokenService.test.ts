import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientOptions, createApiClient } from '../client';
import { ApiError, TimeoutError } from '../errors/errors';
import { TokenServiceError } from '../errors/tokenServiceError';
import { createMemoryStorage, type StorageLike } from '../storage/storage';
import { TokenStore } from '../storage/tokenStore';
import { accessToken, createFakeFetch, type FakeHandler, flush, hang, json } from '../testing/helpers';
import { AUTH_LOGOUT_EVENT, type LockRunner, type LogoutDetail, TokenService } from './tokenService';

const NOW = Date.UTC(2025, 0, 6, 2, 0, 0);
const REFRESH = '/auth/token/refresh/';

interface Setup {
  /** Seconds of life of the stored access token; null for none. */
  secondsLeft?: number | null;
  refreshToken?: string | null;
  /** Answers the refresh call; default a new token good for 5 minutes. */
  refresh?: FakeHandler;
  /** Answers every other call; default 200 {}. */
  api?: FakeHandler;
  storage?: StorageLike;
  options?: Partial<ApiClientOptions>;
}

let refreshCount = 0;
function freshToken(): string {
  refreshCount += 1;
  return accessToken(Date.now(), 300, `new-${refreshCount}`);
}

function setup(config: Setup = {}) {
  const storage = config.storage ?? createMemoryStorage();
  const secondsLeft = config.secondsLeft === undefined ? 600 : config.secondsLeft;
  const initialAccess = secondsLeft === null ? null : accessToken(NOW, secondsLeft, 'initial');
  if (initialAccess) storage.setItem('access_token', initialAccess);
  const refreshToken = config.refreshToken === undefined ? 'refresh-1' : config.refreshToken;
  if (refreshToken) storage.setItem('refresh_token', refreshToken);
  const refreshHandler: FakeHandler = config.refresh ?? (() => json({ access: freshToken() }));
  const apiHandler: FakeHandler = config.api ?? (() => json({}));
  const fetch = createFakeFetch((request) =>
    request.url.endsWith(REFRESH) ? refreshHandler(request) : apiHandler(request),
  );
  const events = new EventTarget();
  const logouts: LogoutDetail[] = [];
  events.addEventListener(AUTH_LOGOUT_EVENT, (event) =>
    logouts.push((event as CustomEvent<LogoutDetail>).detail),
  );
  const client = createApiClient({
    fetch,
    storage,
    eventTarget: events,
    lock: null,
    generateDeviceId: () => 'device-1',
    ...config.options,
  });
  return {
    fetch,
    storage,
    client,
    tokens: client.tokens,
    logouts,
    initialAccess,
    refreshCalls: () => fetch.callsTo(REFRESH),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  refreshCount = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the 60 s threshold', () => {
  it('refreshes before a request when 59 s of life remain', async () => {
    const { client, refreshCalls, fetch } = setup({ secondsLeft: 59 });
    await client.http.get('/models/');
    expect(refreshCalls()).toHaveLength(1);
    const request = fetch.callsTo('/models/')[0];
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${client.store.getAccessToken()}`);
    expect(client.store.getAccessToken()).toContain(accessToken(NOW, 300, 'new-1').split('.')[1]);
  });

  it('refreshes at exactly 60 s', async () => {
    const { client, refreshCalls } = setup({ secondsLeft: 60 });
    await client.http.get('/models/');
    expect(refreshCalls()).toHaveLength(1);
  });

  it('does not refresh when 61 s remain', async () => {
    const { client, refreshCalls, initialAccess, fetch } = setup({ secondsLeft: 61 });
    await client.http.get('/models/');
    expect(refreshCalls()).toHaveLength(0);
    expect(fetch.calls[0]?.headers.get('Authorization')).toBe(`Bearer ${initialAccess}`);
  });

  it('refreshes an access token that has already expired', async () => {
    const { client, refreshCalls } = setup({ secondsLeft: -3600 });
    await client.http.get('/models/');
    expect(refreshCalls()).toHaveLength(1);
  });

  it('obtains an access token when only the refresh token is stored', async () => {
    const { client, refreshCalls, fetch } = setup({ secondsLeft: null });
    await client.http.get('/models/');
    expect(refreshCalls()).toHaveLength(1);
    expect(fetch.callsTo('/models/')[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('leaves a token without exp to the server', async () => {
    const storage = createMemoryStorage({ access_token: 'opaque-token' });
    const { client, refreshCalls } = setup({ storage, secondsLeft: null });
    expect(client.tokens.needsRefresh()).toBe(false);
    await client.http.get('/models/');
    expect(refreshCalls()).toHaveLength(0);
  });

  it('refreshes on a timer at 60 s before expiry, without any request', async () => {
    const { refreshCalls } = setup({ secondsLeft: 300 });
    await vi.advanceTimersByTimeAsync(239_000);
    expect(refreshCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshCalls()).toHaveLength(1);
    // The new token (5 min) is refreshed again 4 min later.
    await vi.advanceTimersByTimeAsync(240_000);
    expect(refreshCalls()).toHaveLength(2);
  });

  it('stops the timer on dispose', async () => {
    const { client, refreshCalls } = setup({ secondsLeft: 300 });
    client.dispose();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(refreshCalls()).toHaveLength(0);
  });
});

describe('one refresh at a time', () => {
  it('makes 50 concurrent requests share one refresh call', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, refreshCalls, fetch } = setup({
      secondsLeft: 30,
      refresh: async () => {
        await gate;
        return json({ access: freshToken(), refresh: 'refresh-2' });
      },
    });
    const requests = Array.from({ length: 50 }, (_, i) => client.http.get(`/item/${i}/`));
    await flush();
    expect(refreshCalls()).toHaveLength(1);
    expect(fetch.calls).toHaveLength(1);
    release();
    await Promise.all(requests);
    expect(refreshCalls()).toHaveLength(1);
    const newToken = client.store.getAccessToken();
    const sent = fetch.calls.filter((call) => call.url.includes('/item/'));
    expect(sent).toHaveLength(50);
    expect(new Set(sent.map((call) => call.headers.get('Authorization')))).toEqual(
      new Set([`Bearer ${newToken}`]),
    );
    expect(client.store.getRefreshToken()).toBe('refresh-2');
  });

  it('gives every direct caller the same promise', async () => {
    const { tokens, refreshCalls } = setup({ secondsLeft: 30 });
    const results = await Promise.all(Array.from({ length: 20 }, () => tokens.refresh()));
    expect(new Set(results).size).toBe(1);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('makes concurrent invalid-token 401s share one refresh and retries each once', async () => {
    const { client, refreshCalls, fetch, initialAccess } = setup({
      secondsLeft: 600,
      api: (request) =>
        request.headers.get('Authorization') === `Bearer ${initialAccess}`
          ? json({ detail: '令牌无效', code: 'token_not_valid' }, { status: 401 })
          : json({ ok: true }),
    });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => client.http.get(`/item/${i}/`)));
    expect(results).toHaveLength(10);
    expect(refreshCalls()).toHaveLength(1);
    expect(fetch.calls.filter((call) => call.url.includes('/item/'))).toHaveLength(20);
  });

  it('does not refresh again for a 401 to a request sent before another refresh finished', async () => {
    const { client, refreshCalls, initialAccess } = setup({
      secondsLeft: 600,
      api: (request) =>
        request.headers.get('Authorization') === `Bearer ${initialAccess}`
          ? json({ code: 'token_not_valid' }, { status: 401 })
          : json({}),
    });
    await client.http.get('/first/');
    expect(refreshCalls()).toHaveLength(1);
    // A request that left with the old token comes back 401 after the refresh.
    const renewed = await client.tokens.recoverFromInvalidToken(initialAccess);
    expect(renewed).toBe(client.store.getAccessToken());
    expect(refreshCalls()).toHaveLength(1);
  });

  it('serialises refreshes across tabs through the lock', async () => {
    const storage = createMemoryStorage();
    let queue = Promise.resolve();
    const lock: LockRunner = <T>(_name: string, task: () => Promise<T>) => {
      const run = queue.then(task);
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    const tabA = setup({ storage, secondsLeft: 30, options: { lock } });
    const tabB = createApiClient({
      fetch: tabA.fetch,
      storage,
      eventTarget: null,
      lock,
      generateDeviceId: () => 'device-1',
    });
    await Promise.all([tabA.client.http.get('/a/'), tabB.http.get('/b/')]);
    expect(tabA.refreshCalls()).toHaveLength(1);
    const token = storage.getItem('access_token');
    expect(tabA.fetch.callsTo('/b/')[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });
});

describe('the refresh call', () => {
  it('posts the refresh token with the device id and without the bearer', async () => {
    const { tokens, refreshCalls } = setup({ secondsLeft: 30 });
    await tokens.refresh();
    const call = refreshCalls()[0];
    expect(call?.url).toBe('/api/auth/token/refresh/');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ refresh: 'refresh-1' });
    expect(call?.headers.has('Authorization')).toBe(false);
    expect(call?.headers.get('X-Device-ID')).toBe('device-1');
  });

  it('accepts access_token as the name of the new token and keeps the refresh token when not rotated', async () => {
    const { tokens, client } = setup({ refresh: () => json({ access_token: 'alt-name-token' }) });
    await expect(tokens.refresh()).resolves.toBe('alt-name-token');
    expect(client.store.getAccessToken()).toBe('alt-name-token');
    expect(client.store.getRefreshToken()).toBe('refresh-1');
  });

  it('stores a rotated refresh token', async () => {
    const { tokens, client } = setup({ refresh: () => json({ access: 'a2', refresh: 'refresh-2' }) });
    await tokens.refresh();
    expect(client.store.getRefreshToken()).toBe('refresh-2');
  });

  it('rejects an answer without a token as MALFORMED_REFRESH_RESPONSE and counts it as a failure', async () => {
    const { tokens } = setup({ refresh: () => json({ token: 'wrong-name' }) });
    const error = await tokens.refresh().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenServiceError);
    expect((error as TokenServiceError).code).toBe('MALFORMED_REFRESH_RESPONSE');
    expect((error as TokenServiceError).message).toBe('刷新令牌的响应格式不正确');
    expect(tokens.cooldownRemaining()).toBe(30_000);
  });

  it('fails with NO_REFRESH_TOKEN when none is stored, without a call', async () => {
    const { tokens, fetch } = setup({ refreshToken: null });
    await expect(tokens.refresh()).rejects.toMatchObject({ code: 'NO_REFRESH_TOKEN' });
    expect(fetch.calls).toHaveLength(0);
  });

  it('fails with NO_API_CLIENT when no HTTP client is attached', async () => {
    const storage = createMemoryStorage({ refresh_token: 'r' });
    const tokens = new TokenService({ store: new TokenStore(storage), eventTarget: null, lock: null });
    await expect(tokens.refresh()).rejects.toMatchObject({ code: 'NO_API_CLIENT' });
  });

  it('counts a timed-out refresh as a failure', async () => {
    const { tokens } = setup({ refresh: (request) => hang(request.signal) });
    const outcome = tokens.refresh().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    const error = (await outcome) as TokenServiceError;
    expect(error.code).toBe('REFRESH_FAILED');
    expect(error.cause).toBeInstanceOf(TimeoutError);
    expect(tokens.cooldownRemaining()).toBe(30_000);
  });
});

describe('cooldown and failures', () => {
  it('blocks refreshes for 30 s after a failure, then allows them', async () => {
    let fail = true;
    const { tokens, refreshCalls } = setup({
      options: { autoRefresh: false },
      refresh: () =>
        fail ? json({ detail: '服务暂不可用' }, { status: 503 }) : json({ access: freshToken() }),
    });
    const first = await tokens.refresh().catch((e: unknown) => e);
    expect(first).toMatchObject({ code: 'REFRESH_FAILED' });
    expect((first as TokenServiceError).cause).toBeInstanceOf(ApiError);
    fail = false;

    await vi.advanceTimersByTimeAsync(29_999);
    const blocked = (await tokens.refresh().catch((e: unknown) => e)) as TokenServiceError;
    expect(blocked.code).toBe('REFRESH_COOLDOWN');
    expect(blocked.retryAfterMs).toBe(1);
    expect(blocked.message).toBe('刷新登录状态失败，请在 1 秒后重试');
    expect(refreshCalls()).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    await expect(tokens.refresh()).resolves.toEqual(expect.any(String));
    expect(refreshCalls()).toHaveLength(2);
  });

  it('lets requests go on with the current token during the cooldown', async () => {
    const { client, refreshCalls, fetch, initialAccess } = setup({
      secondsLeft: 50,
      options: { autoRefresh: false },
      refresh: () => json({}, { status: 500 }),
    });
    await client.http.get('/a/');
    await client.http.get('/b/');
    expect(refreshCalls()).toHaveLength(1);
    expect(fetch.callsTo('/b/')[0]?.headers.get('Authorization')).toBe(`Bearer ${initialAccess}`);
  });

  it('forces logout after two consecutive failures and fires auth:logout once', async () => {
    const { tokens, client, logouts, storage } = setup({
      secondsLeft: 30,
      refresh: () => json({}, { status: 500 }),
    });
    const onLogout = vi.fn();
    tokens.onLogout(onLogout);
    await expect(tokens.refresh()).rejects.toMatchObject({ code: 'REFRESH_FAILED' });
    expect(logouts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(30_000);
    // The timer retried at the end of the cooldown: the second consecutive failure.
    expect(logouts).toEqual([{ reason: 'REFRESH_TOO_MANY_FAILURES', message: '认证已过期，请重新登录' }]);
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(client.store.getAccessToken()).toBeNull();
    expect(client.store.getRefreshToken()).toBeNull();
    expect(storage.getItem('logged_out')).toBe('1');
    expect(client.tokens.isAuthenticated()).toBe(false);
    await expect(tokens.refresh()).rejects.toMatchObject({ code: 'LOGGED_OUT' });
    await client.http.get('/after/');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(logouts).toHaveLength(1);
  });

  it('gives the second failure the code REFRESH_TOO_MANY_FAILURES', async () => {
    const { tokens, logouts } = setup({
      options: { autoRefresh: false },
      refresh: () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(tokens.refresh()).rejects.toMatchObject({ code: 'REFRESH_FAILED' });
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(tokens.refresh()).rejects.toMatchObject({ code: 'REFRESH_TOO_MANY_FAILURES' });
    expect(logouts).toHaveLength(1);
  });

  it('resets the count after a success: failures must be consecutive', async () => {
    const answers = ['fail', 'ok', 'fail'];
    const { tokens, logouts } = setup({
      options: { autoRefresh: false },
      refresh: () => (answers.shift() === 'ok' ? json({ access: freshToken() }) : json({}, { status: 502 })),
    });
    await expect(tokens.refresh()).rejects.toMatchObject({ code: 'REFRESH_FAILED' });
    await vi.advanceTimersByTimeAsync(30_000);
    await tokens.refresh();
    await expect(tokens.refresh()).rejects.toMatchObject({ code: 'REFRESH_FAILED' });
    expect(logouts).toHaveLength(0);
  });

  it.each([401, 403])('forces logout when the refresh call answers %i', async (status) => {
    const { tokens, logouts, client } = setup({
      refresh: () => json({ detail: '令牌无效' }, { status }),
    });
    const error = (await tokens.refresh().catch((e: unknown) => e)) as TokenServiceError;
    expect(error.code).toBe('REFRESH_UNAUTHORIZED');
    expect(error.message).toBe('认证已过期，请重新登录');
    expect(logouts).toEqual([{ reason: 'REFRESH_UNAUTHORIZED', message: '认证已过期，请重新登录' }]);
    expect(client.store.hasTokens()).toBe(false);
  });

  it('forces logout when the refresh call answers the invalid-token code', async () => {
    const { tokens, logouts } = setup({
      refresh: () => json({ detail: 'Token is blacklisted', code: 'token_not_valid' }, { status: 400 }),
    });
    await expect(tokens.refresh()).rejects.toMatchObject({ code: 'REFRESH_UNAUTHORIZED' });
    expect(logouts).toEqual([{ reason: 'INVALID_TOKEN', message: '认证已过期，请重新登录' }]);
  });

  it('fails every waiter of a refresh that forces logout, with one event', async () => {
    const { client, logouts } = setup({ secondsLeft: 30, refresh: () => json({}, { status: 401 }) });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => client.tokens.refresh()));
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(logouts).toHaveLength(1);
  });
});

describe('invalid-token answers', () => {
  it('refreshes once and retries the request', async () => {
    const { client, refreshCalls, fetch, initialAccess } = setup({
      api: (request) =>
        request.headers.get('Authorization') === `Bearer ${initialAccess}`
          ? json({ detail: '令牌已过期', code: 'token_not_valid' }, { status: 401 })
          : json({ nickname: '小明' }),
    });
    await expect(client.http.get('/auth/users/me/')).resolves.toEqual({ nickname: '小明' });
    expect(refreshCalls()).toHaveLength(1);
    expect(fetch.callsTo('/auth/users/me/')).toHaveLength(2);
  });

  it('retries a multipart request with the same form', async () => {
    const { client, fetch, initialAccess } = setup({
      api: (request) =>
        request.headers.get('Authorization') === `Bearer ${initialAccess}`
          ? json({ code: 'token_not_valid' }, { status: 401 })
          : json({}),
    });
    const form = new FormData();
    form.append('data', '{}');
    await client.http.post('/upload/', { body: form });
    expect(fetch.callsTo('/upload/').map((call) => call.body)).toEqual([form, form]);
  });

  it('does not refresh for a 401 without the invalid-token code', async () => {
    const { client, refreshCalls } = setup({
      api: () => json({ detail: '身份认证信息未提供。', code: 'not_authenticated' }, { status: 401 }),
    });
    const error = (await client.http.get('/a/').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(refreshCalls()).toHaveLength(0);
  });

  it('does not retry when the request opts out', async () => {
    const { client, refreshCalls } = setup({ api: () => json({ code: 'token_not_valid' }, { status: 401 }) });
    await expect(client.http.get('/a/', { retryOnInvalidToken: false })).rejects.toBeInstanceOf(ApiError);
    expect(refreshCalls()).toHaveLength(0);
  });

  it('forces logout when the retry is rejected as well', async () => {
    const { client, logouts, refreshCalls } = setup({
      api: () => json({ detail: '令牌无效', code: 'token_not_valid' }, { status: 401 }),
    });
    const error = (await client.http.get('/a/').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).toBe('API 请求失败: 令牌无效');
    expect(refreshCalls()).toHaveLength(1);
    expect(logouts).toEqual([{ reason: 'INVALID_TOKEN', message: '认证已过期，请重新登录' }]);
    expect(client.store.hasTokens()).toBe(false);
  });

  it('forces logout when there is no refresh token to renew with', async () => {
    const { client, logouts } = setup({
      refreshToken: null,
      api: () => json({ code: 'token_not_valid' }, { status: 401 }),
    });
    const error = (await client.http.get('/a/').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect((error.cause as TokenServiceError).code).toBe('NO_REFRESH_TOKEN');
    expect(logouts).toEqual([{ reason: 'INVALID_TOKEN', message: '认证已过期，请重新登录' }]);
  });

  it('keeps the session during a cooldown and reports the cause', async () => {
    let refreshes = 0;
    const { client, logouts } = setup({
      options: { autoRefresh: false },
      refresh: () => {
        refreshes += 1;
        return json({}, { status: 500 });
      },
      api: () => json({ code: 'token_not_valid' }, { status: 401 }),
    });
    await expect(client.http.get('/a/')).rejects.toBeInstanceOf(ApiError);
    const second = (await client.http.get('/b/').catch((e: unknown) => e)) as ApiError;
    expect((second.cause as TokenServiceError).code).toBe('REFRESH_COOLDOWN');
    expect(refreshes).toBe(1);
    expect(logouts).toHaveLength(0);
  });
});

describe('the x-token-refresh-required header', () => {
  it('schedules one refresh without holding up the response', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, refreshCalls } = setup({
      secondsLeft: 600,
      refresh: async () => {
        await gate;
        return json({ access: freshToken() });
      },
      api: () => json({ ok: true }, { headers: { 'x-token-refresh-required': 'true' } }),
    });
    await expect(client.http.get('/a/')).resolves.toEqual({ ok: true });
    await expect(client.http.get('/b/')).resolves.toEqual({ ok: true });
    expect(refreshCalls()).toHaveLength(1);
    release();
    await vi.waitFor(() =>
      expect(client.store.getAccessToken()).toContain(accessToken(NOW, 300, 'new-1').split('.')[1]),
    );
  });

  it('ignores the header on answers to requests sent with a token already replaced', async () => {
    const { client, refreshCalls, initialAccess } = setup({
      secondsLeft: 600,
      api: () => json({}, { headers: { 'x-token-refresh-required': 'true' } }),
    });
    await client.http.get('/a/');
    await flush();
    expect(refreshCalls()).toHaveLength(1);
    client.tokens.refreshRequested(initialAccess);
    await flush();
    expect(refreshCalls()).toHaveLength(1);
  });

  it('ignores other values', async () => {
    const { client, refreshCalls } = setup({
      api: () => json({}, { headers: { 'x-token-refresh-required': 'false' } }),
    });
    await client.http.get('/a/');
    await flush();
    expect(refreshCalls()).toHaveLength(0);
  });
});

describe('logout', () => {
  it('dispatches a CustomEvent with the reason and clears the session', () => {
    const { tokens, logouts, storage, client } = setup();
    const deviceId = client.store.getDeviceId();
    tokens.logout();
    expect(logouts).toEqual([{ reason: 'user', message: null }]);
    expect(storage.getItem('access_token')).toBeNull();
    expect(storage.getItem('refresh_token')).toBeNull();
    expect(storage.getItem('logged_out')).toBe('1');
    // The device id outlives the session: it identifies the browser, not the user.
    expect(storage.getItem('device_id')).toBe(deviceId);
    tokens.logout();
    expect(logouts).toHaveLength(1);
  });

  it('does not let a refresh finishing after a logout restore the tokens', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { tokens, client } = setup({
      refresh: async () => {
        await gate;
        return json({ access: 'late-token' });
      },
    });
    const outcome = tokens.refresh().catch((e: unknown) => e);
    await flush();
    tokens.logout();
    release();
    expect(await outcome).toMatchObject({ code: 'LOGGED_OUT' });
    expect(client.store.getAccessToken()).toBeNull();
  });

  it('clears the logged-out flag and the failure history on a new session', async () => {
    const { tokens, storage } = setup({ refresh: () => json({}, { status: 500 }) });
    await expect(tokens.refresh()).rejects.toMatchObject({ code: 'REFRESH_FAILED' });
    tokens.logout();
    tokens.setSession({ access: accessToken(Date.now(), 600), refresh: 'r2', deviceId: 'server-device' });
    expect(storage.getItem('logged_out')).toBeNull();
    expect(storage.getItem('device_id')).toBe('server-device');
    expect(tokens.cooldownRemaining()).toBe(0);
    expect(tokens.isAuthenticated()).toBe(true);
  });
});
