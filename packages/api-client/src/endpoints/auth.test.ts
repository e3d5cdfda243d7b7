import { describe, expect, it } from 'vitest';
import { AUTH_LOGOUT_EVENT, type LogoutDetail } from '../auth/tokenService';
import { createApiClient } from '../client';
import { ApiError, ResponseFormatError } from '../errors/errors';
import { createMemoryStorage, type StorageLike } from '../storage/storage';
import { accessToken, createFakeFetch, type FakeHandler, json } from '../testing/helpers';

function setup(handler: FakeHandler, storage: StorageLike = createMemoryStorage()) {
  const fetch = createFakeFetch(handler);
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
    autoRefresh: false,
    generateDeviceId: () => 'local-device',
  });
  return { fetch, storage, client, logouts };
}

const user = {
  id: 'u1',
  email: 'xiaoming@example.cn',
  nickname: '小明',
  credits_balance: 1200,
  subscription_plan: { name: '专业版' },
};

describe('login', () => {
  it('posts the credentials with remember_me and stores the tokens and device id', async () => {
    const access = accessToken(Date.now(), 600);
    const storage = createMemoryStorage({ logged_out: '1' });
    const { client, fetch } = setup(
      () => json({ access, refresh: 'r1', device_id: 'server-device' }),
      storage,
    );
    const answer = await client.auth.login({ email: 'a@b.cn', password: 'secret' });
    expect(answer.device_id).toBe('server-device');
    const call = fetch.calls[0];
    expect(call?.url).toBe('/api/auth/login/');
    expect(call?.body).toEqual({ email: 'a@b.cn', password: 'secret', remember_me: false });
    expect(call?.headers.has('Authorization')).toBe(false);
    expect(storage.getItem('access_token')).toBe(access);
    expect(storage.getItem('refresh_token')).toBe('r1');
    expect(storage.getItem('device_id')).toBe('server-device');
    expect(storage.getItem('logged_out')).toBeNull();
    expect(client.tokens.isAuthenticated()).toBe(true);
  });

  it('sends remember_me when asked', async () => {
    const { client, fetch } = setup(() => json({ access: 'a', refresh: 'r', device_id: 'd' }));
    await client.auth.login({ email: 'a@b.cn', password: 'p', remember_me: true });
    expect(fetch.calls[0]?.body).toMatchObject({ remember_me: true });
  });

  it('throws the server error and stores nothing', async () => {
    const { client, storage } = setup(() => json({ detail: '邮箱或密码错误' }, { status: 401 }));
    const error = await client.auth.login({ email: 'a@b.cn', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('API 请求失败: 邮箱或密码错误');
    expect(storage.getItem('access_token')).toBeNull();
  });

  it('rejects a malformed answer clearly and stores nothing', async () => {
    const { client, storage } = setup(() => json({ access: 'a' }));
    const error = await client.auth.login({ email: 'a@b.cn', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect((error as Error).message).toBe('服务器响应格式不正确');
    expect(storage.getItem('access_token')).toBeNull();
  });
});

describe('register', () => {
  it('posts the form and parses the new account', async () => {
    const { client, fetch } = setup(() => json({ id: 'u2', email: 'n@b.cn', nickname: '' }, { status: 201 }));
    await expect(client.auth.register({ email: 'n@b.cn', password: 'p', nickname: '' })).resolves.toEqual({
      id: 'u2',
      email: 'n@b.cn',
      nickname: '',
    });
    expect(fetch.calls[0]?.url).toBe('/api/auth/register/');
    expect(fetch.calls[0]?.body).toEqual({ email: 'n@b.cn', password: 'p', nickname: '' });
  });

  it('surfaces field errors', async () => {
    const { client } = setup(() => json({ errors: { email: ['该邮箱已被注册。'] } }, { status: 400 }));
    const error = (await client.auth
      .register({ email: 'x', password: 'p' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.body?.errors).toEqual({ email: ['该邮箱已被注册。'] });
  });
});

describe('logout', () => {
  const signedIn = () =>
    createMemoryStorage({ access_token: accessToken(Date.now(), 600), refresh_token: 'r1', device_id: 'd1' });

  it('posts the refresh token with the bearer, then clears locally', async () => {
    const storage = signedIn();
    const access = storage.getItem('access_token');
    const { client, fetch, logouts } = setup(() => new Response(null, { status: 205 }), storage);
    await client.auth.logout();
    expect(fetch.calls[0]?.url).toBe('/api/auth/logout/');
    expect(fetch.calls[0]?.body).toEqual({ refresh: 'r1' });
    expect(fetch.calls[0]?.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(storage.getItem('access_token')).toBeNull();
    expect(storage.getItem('logged_out')).toBe('1');
    expect(logouts).toEqual([{ reason: 'user', message: null }]);
  });

  it.each<[string, FakeHandler]>([
    ['a server error', () => json({ detail: '服务器错误' }, { status: 500 })],
    [
      'a network failure',
      () => {
        throw new TypeError('fetch failed');
      },
    ],
  ])('clears locally even after %s', async (_label, handler) => {
    const storage = signedIn();
    const { client, logouts } = setup(handler, storage);
    await expect(client.auth.logout()).resolves.toBeUndefined();
    expect(storage.getItem('refresh_token')).toBeNull();
    expect(logouts).toHaveLength(1);
  });

  it('makes no call without a refresh token', async () => {
    const { client, fetch, logouts } = setup(() => json({}));
    await client.auth.logout();
    expect(fetch.calls).toHaveLength(0);
    expect(logouts).toHaveLength(1);
  });
});

describe('me', () => {
  it('parses the current user', async () => {
    const storage = createMemoryStorage({ access_token: accessToken(Date.now(), 600), refresh_token: 'r' });
    const { client, fetch } = setup(() => json(user), storage);
    await expect(client.auth.me()).resolves.toEqual(user);
    expect(fetch.calls[0]?.url).toBe('/api/auth/users/me/');
    expect(fetch.calls[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('rejects a malformed user', async () => {
    const { client } = setup(() => json({ ...user, credits_balance: '很多' }));
    const error = (await client.auth.me().catch((e: unknown) => e)) as ResponseFormatError;
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.issues).toContain('credits_balance');
  });
});

describe('login with a security check', () => {
  const salt = 'c2VjdXJpdHljaGVja3NhbHQ';
  const token = `${salt}.8.2.1790000000.signature`;
  const refusal = (code: string) =>
    json({ detail: '该账号近期登录失败较多，需要先完成安全验证。', code, challenge: token }, { status: 403 });

  it('solves the challenge the server asks for and signs in with it, reporting progress', async () => {
    const { createHash } = await import('node:crypto');
    const { client, fetch } = setup((request) => {
      const answered = (request.body as { challenge?: { token: string; answer: string } }).challenge;
      if (!answered) return refusal('challenge_required');
      const counters = answered.answer.split(',');
      const pass = (counter: string) => createHash('sha256').update(`${salt}:${counter}`).digest()[0] === 0;
      if (answered.token !== token || counters.length !== 2 || !counters.every(pass))
        return refusal('challenge_invalid');
      return json({ access: 'a', refresh: 'r', device_id: 'd' });
    });
    const progress: number[] = [];
    await client.auth.login({ email: 'a@b.cn', password: 'p' }, { onChallenge: (p) => progress.push(p) });
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls[1]?.body).toMatchObject({
      email: 'a@b.cn',
      challenge: { token, answer: expect.stringMatching(/^\d+,\d+$/) },
    });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(client.tokens.isAuthenticated()).toBe(true);
  });

  it('gives up after three challenges with the server’s last refusal', async () => {
    const { client, fetch } = setup(() => refusal('challenge_invalid'));
    const failure = await client.auth.login({ email: 'a@b.cn', password: 'p' }).catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('challenge_invalid');
    expect(fetch.calls).toHaveLength(4);
  });

  it('shows other refusals at once', async () => {
    const { client, fetch } = setup(() => json({ detail: '禁止', code: 'forbidden' }, { status: 403 }));
    await expect(client.auth.login({ email: 'a@b.cn', password: 'p' })).rejects.toBeInstanceOf(ApiError);
    expect(fetch.calls).toHaveLength(1);
  });
});
