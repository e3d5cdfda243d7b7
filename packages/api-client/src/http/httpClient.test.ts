import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../client';
import { ApiError, NetworkError, ResponseFormatError, TimeoutError } from '../errors/errors';
import { createMemoryStorage } from '../storage/storage';
import { accessToken, createFakeFetch, type FakeHandler, flush, hang, json } from '../testing/helpers';
import { createHttpClient } from './httpClient';

const NOW = Date.UTC(2025, 0, 6, 2, 0, 0);

function setup(handler: FakeHandler, tokens: Record<string, string> = {}) {
  const fetch = createFakeFetch(handler);
  const storage = createMemoryStorage(tokens);
  const client = createApiClient({
    fetch,
    storage,
    eventTarget: new EventTarget(),
    lock: null,
    generateDeviceId: () => 'device-1',
  });
  return { fetch, storage, client };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('prefixes /api, appends the query and skips empty values', async () => {
    const { fetch, client } = setup(() => json({ ok: true }));
    await client.http.get('/chat/sessions/', {
      query: { page: 1, page_size: 10, q: undefined, x: null },
    });
    expect(fetch.calls[0]?.url).toBe('/api/chat/sessions/?page=1&page_size=10');
  });

  it('takes a configurable base and leaves absolute URLs alone', async () => {
    const fetch = createFakeFetch(() => json({}));
    const http = createHttpClient({ fetch, baseUrl: 'https://example.test/api/' });
    await http.get('models/');
    await http.get('https://other.test/x');
    expect(fetch.calls.map((call) => call.url)).toEqual([
      'https://example.test/api/models/',
      'https://other.test/x',
    ]);
  });

  it('sends JSON bodies with their content type', async () => {
    const { fetch, client } = setup(() => json({}));
    await client.http.post('/x/', { json: { a: 1, b: '中文' } });
    const call = fetch.calls[0];
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toEqual({ a: 1, b: '中文' });
  });

  it('sends FormData as is, leaving the multipart boundary to the runtime', async () => {
    const { fetch, client } = setup(() => json({}));
    const form = new FormData();
    form.append('data', JSON.stringify({ prompt: 'hi' }));
    form.append('files', new Blob(['x'], { type: 'text/plain' }), 'a.txt');
    await client.http.post('/chat/turns/create-turn/', { body: form });
    expect(fetch.calls[0]?.body).toBe(form);
    expect(fetch.calls[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('resolves an empty body as undefined and validates with a schema', async () => {
    const { client } = setup((request) =>
      request.url.endsWith('/empty/') ? new Response(null, { status: 204 }) : json({ id: 'm1', name: 'M' }),
    );
    await expect(client.http.delete('/empty/')).resolves.toBeUndefined();
    const model = await client.http.get('/model/', {
      schema: z.object({ id: z.string(), name: z.string() }),
    });
    expect(model).toEqual({ id: 'm1', name: 'M' });
  });

  it('rejects a body of the wrong shape or not JSON with a ResponseFormatError', async () => {
    const { client } = setup((request) =>
      request.url.endsWith('/html/') ? new Response('<html></html>') : json({ id: 3 }),
    );
    const schema = z.object({ id: z.string() });
    const wrong = await client.http.get('/model/', { schema }).catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(ResponseFormatError);
    expect((wrong as ResponseFormatError).message).toBe('服务器响应格式不正确');
    expect((wrong as ResponseFormatError).issues).toContain('id');
    await expect(client.http.get('/html/')).rejects.toBeInstanceOf(ResponseFormatError);
  });
});

describe('headers', () => {
  it('sends the bearer token when one exists and none otherwise', async () => {
    const token = accessToken(NOW, 600);
    const signedIn = setup(() => json({}), { access_token: token, refresh_token: 'r1' });
    await signedIn.client.http.get('/auth/users/me/');
    expect(signedIn.fetch.calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);

    const anonymous = setup(() => json({}));
    await anonymous.client.http.get('/models/');
    expect(anonymous.fetch.calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends the bearer token and the device id to the API’s own origin only', async () => {
    const token = accessToken(NOW, 600);
    const fetch = createFakeFetch(() => json({}));
    const client = createApiClient({
      fetch,
      storage: createMemoryStorage({ access_token: token, refresh_token: 'r1' }),
      eventTarget: new EventTarget(),
      lock: null,
      generateDeviceId: () => 'device-1',
      baseUrl: 'https://example.test/api/',
    });
    await client.http.get('https://elsewhere.test/api/auth/users/me/');
    await client.http.get('https://example.test/api/auth/users/me/');
    const [foreign, own] = fetch.calls;
    expect(foreign?.headers.has('Authorization')).toBe(false);
    expect(foreign?.headers.has('X-Device-ID')).toBe(false);
    expect(own?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('generates the device id once, keeps it and sends it on every request', async () => {
    const fetch = createFakeFetch(() => json({}));
    const storage = createMemoryStorage();
    const generateDeviceId = vi.fn(() => 'generated-device');
    const client = createApiClient({ fetch, storage, generateDeviceId, eventTarget: null, lock: null });
    await client.http.get('/a/');
    await client.http.post('/b/', { json: {}, auth: false });
    await client.http.get('/c/');
    expect(generateDeviceId).toHaveBeenCalledTimes(1);
    expect(storage.getItem('device_id')).toBe('generated-device');
    expect(fetch.calls.map((call) => call.headers.get('X-Device-ID'))).toEqual([
      'generated-device',
      'generated-device',
      'generated-device',
    ]);
    // A new client over the same storage (a page reload) keeps the id.
    const again = createApiClient({ fetch, storage, generateDeviceId, eventTarget: null, lock: null });
    await again.http.get('/d/');
    expect(generateDeviceId).toHaveBeenCalledTimes(1);
    expect(fetch.calls[3]?.headers.get('X-Device-ID')).toBe('generated-device');
  });

  it('uses crypto.randomUUID for the device id by default', async () => {
    const fetch = createFakeFetch(() => json({}));
    const client = createApiClient({ fetch, storage: createMemoryStorage(), eventTarget: null, lock: null });
    await client.http.get('/a/');
    expect(fetch.calls[0]?.headers.get('X-Device-ID')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('errors', () => {
  it('formats the message from detail, then error, then 未知服务器错误', async () => {
    const answers: Record<string, Response> = {
      '/detail/': json({ detail: '余额不足' }, { status: 402 }),
      '/error/': json({ error: '模型不可用' }, { status: 503 }),
      '/none/': json({ something: 'else' }, { status: 500 }),
      '/html/': new Response('<h1>Bad Gateway</h1>', { status: 502 }),
    };
    const { client } = setup(
      (request) => answers[new URL(request.url, 'http://x').pathname.slice(4)] ?? json({}),
    );
    const messages = [];
    for (const path of Object.keys(answers)) {
      messages.push(await client.http.get(path).catch((error: Error) => error.message));
    }
    expect(messages).toEqual([
      'API 请求失败: 余额不足',
      'API 请求失败: 模型不可用',
      'API 请求失败: 未知服务器错误',
      'API 请求失败: 未知服务器错误',
    ]);
  });

  it('carries the status, the parsed body and the response', async () => {
    const { client } = setup(() =>
      json(
        {
          detail: '输入有误',
          code: 'invalid',
          errors: { email: ['邮箱格式不正确'], password: '密码太短' },
          non_field_errors: ['请重试'],
        },
        { status: 400, headers: { 'X-Request-Id': 'req-9' } },
      ),
    );
    const error = (await client.http
      .post('/auth/register/', { json: {} })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid');
    expect(error.detail).toBe('输入有误');
    expect(error.body).toEqual({
      detail: '输入有误',
      code: 'invalid',
      errors: { email: ['邮箱格式不正确'], password: ['密码太短'] },
      non_field_errors: ['请重试'],
    });
    expect(error.response.headers.get('X-Request-Id')).toBe('req-9');
  });

  it('reports a network failure as 连接失败', async () => {
    const { client } = setup(() => {
      throw new TypeError('fetch failed');
    });
    const error = await client.http.get('/models/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe('连接失败，请检查网络后重试');
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
  });

  it('times out after 30 s with 请求超时, not before', async () => {
    const { client } = setup((request) => hang(request.signal));
    const outcome = client.http.get('/slow/').catch((e: unknown) => e);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe('请求超时（30 秒），请稍后重试');
  });

  it('times out while the body is still arriving', async () => {
    const { client } = setup(
      () => new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"a":')) })),
    );
    const outcome = client.http.get('/slow-body/').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await outcome).toBeInstanceOf(TimeoutError);
  });

  it('honours a per-request timeout', async () => {
    const { client } = setup((request) => hang(request.signal));
    const outcome = client.http.get('/slow/', { timeoutMs: 5_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toBeInstanceOf(TimeoutError);
  });

  it("passes the caller's abort through as an AbortError", async () => {
    const { client } = setup((request) => hang(request.signal));
    const controller = new AbortController();
    const outcome = client.http.get('/slow/', { signal: controller.signal }).catch((e: unknown) => e);
    await flush();
    controller.abort();
    const error = await outcome;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('lets a stream outlive the timeout once its headers arrived', async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const { client } = setup(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (c) => {
              controller = c;
            },
          }),
        ),
    );
    const response = await client.http.requestResponse('/stream/', { method: 'POST' });
    const reading = response.text();
    await vi.advanceTimersByTimeAsync(120_000);
    controller.enqueue(new TextEncoder().encode('late'));
    controller.close();
    await expect(reading).resolves.toBe('late');
  });
});
