import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { encodeStreamFrame, STREAM_DONE_FRAME } from '../contract/stream';
import { ApiError, NetworkError, StreamError } from '../errors/errors';
import { createMemoryStorage } from '../storage/storage';
import { accessToken, createFakeFetch, json } from '../testing/helpers';
import { type ChatStreamEvent, readChatStream, readSseMessages } from './readSse';

const encoder = new TextEncoder();

/** A stream response delivering `chunks` one read at a time; `cancelled` records a cancel. */
function streamResponse(chunks: (string | Uint8Array)[], init: ResponseInit = {}) {
  const state = { cancelled: false, reason: undefined as unknown };
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
    cancel(reason) {
      state.cancelled = true;
      state.reason = reason;
    },
  });
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' }, ...init }),
    state,
  };
}

/** A stream that delivers `first` and then waits until `push`/`end` are called. */
function manualStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return {
    response: new Response(body),
    state,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    fail: (error: unknown) => controller.error(error),
  };
}

async function collect(iterable: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

const whole = [
  encodeStreamFrame({ type: 'text', data: '你好' }),
  encodeStreamFrame({ type: 'text', data: '，世界' }),
  encodeStreamFrame({ type: 'image_data', data: { mime_type: 'image/png', data: 'iVBORw0KGgo=' } }),
  encodeStreamFrame({ type: 'final_data', data: { session_id: 's-1', credits_used: 3 } }),
  STREAM_DONE_FRAME,
].join('');

const expected: ChatStreamEvent[] = [
  { type: 'text', text: '你好' },
  { type: 'text', text: '，世界' },
  { type: 'image_data', image: { mime_type: 'image/png', data: 'iVBORw0KGgo=' } },
  { type: 'final_data', data: { session_id: 's-1', credits_used: 3 } },
  { type: 'done' },
];

describe('readChatStream', () => {
  it('yields typed events and stops at [DONE]', async () => {
    const { response } = streamResponse([whole]);
    expect(await collect(readChatStream(response))).toEqual(expected);
  });

  it('yields the web search step before the answer, and the sources with the end', async () => {
    const source = { index: 1, title: '来源', url: 'https://example.com/a', snippet: '' };
    const { response } = streamResponse([
      encodeStreamFrame({ type: 'search', data: { status: 'searching', query: '天气' } }),
      encodeStreamFrame({ type: 'search', data: { status: 'done', query: '天气', count: 1 } }),
      encodeStreamFrame({ type: 'text', data: '晴 [1]' }),
      encodeStreamFrame({ type: 'final_data', data: { session_id: 's', sources: [source] } }),
      STREAM_DONE_FRAME,
    ]);
    const events = await collect(readChatStream(response));
    expect(events.slice(0, 2)).toEqual([
      { type: 'search', search: { status: 'searching', query: '天气' } },
      { type: 'search', search: { status: 'done', query: '天气', count: 1 } },
    ]);
    const final = events.find((event) => event.type === 'final_data');
    expect(final?.type === 'final_data' && final.data.sources).toEqual([source]);
  });

  it('reassembles frames split anywhere, even inside a multi-byte character', async () => {
    const bytes = encoder.encode(whole);
    for (const size of [1, 2, 3, 7, 64]) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
      const { response } = streamResponse(chunks);
      expect(await collect(readChatStream(response))).toEqual(expected);
    }
  });

  it('accepts CRLF line endings and comments (keep-alive pings)', async () => {
    const text = `: ping\r\n\r\ndata: {"type":"text","data":"a"}\r\n\r\ndata: [DONE]\r\n\r\n`;
    const { response } = streamResponse([text]);
    expect(await collect(readChatStream(response))).toEqual([{ type: 'text', text: 'a' }, { type: 'done' }]);
  });

  it('reports an error event and goes on', async () => {
    const { response } = streamResponse([
      encodeStreamFrame({ type: 'text', data: '部分' }),
      encodeStreamFrame({ type: 'error', data: { message: '模型服务超时', code: 'provider_timeout' } }),
      STREAM_DONE_FRAME,
    ]);
    expect(await collect(readChatStream(response))).toEqual([
      { type: 'text', text: '部分' },
      { type: 'error', message: '模型服务超时', code: 'provider_timeout' },
      { type: 'done' },
    ]);
  });

  it('stops reading after [DONE] and cancels the rest of the body', async () => {
    const { response, state } = streamResponse([
      STREAM_DONE_FRAME,
      encodeStreamFrame({ type: 'text', data: 'after' }),
    ]);
    expect(await collect(readChatStream(response))).toEqual([{ type: 'done' }]);
    expect(state.cancelled).toBe(true);
  });

  it('ends without done when the body ends without [DONE], dropping an unterminated frame', async () => {
    const { response } = streamResponse([
      encodeStreamFrame({ type: 'text', data: 'a' }),
      'data: {"type":"te',
    ]);
    expect(await collect(readChatStream(response))).toEqual([{ type: 'text', text: 'a' }]);
  });

  it('takes plain data as text and skips unknown event types', async () => {
    const { response } = streamResponse([
      'data: 纯文本\n\n',
      'data: {"type":"usage","data":{"tokens":5}}\n\n',
      'data: 42\n\n',
      STREAM_DONE_FRAME,
    ]);
    expect(await collect(readChatStream(response))).toEqual([
      { type: 'text', text: '纯文本' },
      { type: 'text', text: '42' },
      { type: 'done' },
    ]);
  });

  it('throws a StreamError for a known event of the wrong shape', async () => {
    const { response } = streamResponse(['data: {"type":"image_data","data":"not-an-object"}\n\n']);
    const error = await collect(readChatStream(response)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).message).toBe('服务器返回了无法识别的流事件');
  });

  it('stops with the abort reason when aborted mid-stream, cancelling the body', async () => {
    const stream = manualStream();
    const controller = new AbortController();
    const iterator = readChatStream(stream.response, { signal: controller.signal })[Symbol.asyncIterator]();
    stream.push(encodeStreamFrame({ type: 'text', data: 'a' }));
    expect(await iterator.next()).toEqual({ done: false, value: { type: 'text', text: 'a' } });
    const pending = iterator.next();
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(stream.state.cancelled).toBe(true);
  });

  it('does not start on an already aborted signal', async () => {
    const { response } = streamResponse([whole]);
    const controller = new AbortController();
    controller.abort();
    const error = await collect(readChatStream(response, { signal: controller.signal })).catch(
      (e: unknown) => e,
    );
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('cancels the body when the consumer leaves the loop', async () => {
    const stream = manualStream();
    stream.push(encodeStreamFrame({ type: 'text', data: 'a' }));
    for await (const event of readChatStream(stream.response)) {
      expect(event).toEqual({ type: 'text', text: 'a' });
      break;
    }
    expect(stream.state.cancelled).toBe(true);
  });

  it('reports a connection lost mid-stream as a NetworkError', async () => {
    const stream = manualStream();
    stream.push(encodeStreamFrame({ type: 'text', data: 'a' }));
    const iterator = readChatStream(stream.response)[Symbol.asyncIterator]();
    await iterator.next();
    stream.fail(new TypeError('terminated'));
    const error = await iterator.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe('连接失败，请检查网络后重试');
  });

  it('throws the ApiError of a failed response', async () => {
    const response = new Response(JSON.stringify({ detail: '积分不足' }), { status: 402 });
    const error = await collect(readChatStream(response)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('API 请求失败: 积分不足');
  });

  it('throws a StreamError for a response without a body', async () => {
    const error = await collect(readChatStream(new Response(null))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).message).toBe('服务器返回了空的响应体');
  });
});

describe('readSseMessages', () => {
  it('yields raw messages with their event names and ids', async () => {
    const { response } = streamResponse(['event: ping\nid: 7\ndata: a\ndata: b\n\n']);
    const messages = [];
    for await (const message of readSseMessages(response)) messages.push(message);
    expect(messages).toEqual([{ event: 'ping', id: '7', data: 'a\nb' }]);
  });
});

describe('a chat turn through the HTTP core', () => {
  it('retries the stream request after an invalid-token 401 and reads the answer', async () => {
    const old = accessToken(Date.now(), 600, 'old');
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith('/auth/token/refresh/')) return json({ access: 'renewed' });
      if (request.headers.get('Authorization') === `Bearer ${old}`) {
        return json({ detail: '令牌已过期', code: 'token_not_valid' }, { status: 401 });
      }
      return streamResponse([whole]).response;
    });
    const client = createApiClient({
      fetch,
      storage: createMemoryStorage({ access_token: old, refresh_token: 'r' }),
      eventTarget: null,
      lock: null,
      autoRefresh: false,
    });
    const controller = new AbortController();
    const response = await client.http.requestResponse('/chat/turns/create-turn/', {
      method: 'POST',
      json: { session_id: null, model_id: 'm1', prompt: { text: '你好' }, search_enabled: false },
      headers: { Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(await collect(readChatStream(response, { signal: controller.signal }))).toEqual(expected);
    const turns = fetch.callsTo('/create-turn/');
    expect(turns).toHaveLength(2);
    expect(turns[1]?.headers.get('Authorization')).toBe('Bearer renewed');
    expect(turns[1]?.headers.get('Accept')).toBe('text/event-stream');
  });
});
