import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { encodeStreamFrame, STREAM_DONE_FRAME } from '../contract/stream';
import { ApiError, ResponseFormatError } from '../errors/errors';
import type { ChatStreamEvent } from '../sse/readSse';
import { createMemoryStorage } from '../storage/storage';
import { accessToken, createFakeFetch, type FakeHandler, json } from '../testing/helpers';

function setup(handler: FakeHandler) {
  const fetch = createFakeFetch(handler);
  const client = createApiClient({
    fetch,
    storage: createMemoryStorage({ access_token: accessToken(Date.now(), 600), refresh_token: 'r' }),
    eventTarget: null,
    lock: null,
    autoRefresh: false,
  });
  return { fetch, client };
}

const session = {
  id: '4f1c2f0e-0000-4000-8000-000000000001',
  title: '写一首关于秋天的诗',
  created_at: '2026-11-23T08:00:00.000Z',
  updated_at: '2026-11-23T08:01:00.000Z',
  total_credits_used: 3,
  model_id: 'offline-demo',
};

const model = {
  id: 'deepseek-chat',
  name: 'DeepSeek V3',
  description: '',
  provider: 'openai-compatible',
  is_per_call: false,
  fixed_price_credits: 0,
  input_price_credits: 2,
  output_price_credits: 8,
  is_default: true,
  web_search: true,
  search_price_credits: 2,
  supports_images: true,
};

const encoder = new TextEncoder();

function sse(frames: string[]): Response {
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const frame of frames) controller.enqueue(encoder.encode(frame));
        controller.close();
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );
}

async function collect(iterable: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

describe('models', () => {
  it('lists the models from the {models} answer', async () => {
    const { client, fetch } = setup(() => json({ models: [model] }));
    expect(await client.models.listModels()).toEqual([model]);
    expect(fetch.calls[0]?.url).toBe('/api/models/');
    expect(fetch.calls[0]?.method).toBe('GET');
  });

  it('accepts a plain array and fills the optional fields', async () => {
    const {
      description: _d,
      is_default: _i,
      web_search: _w,
      search_price_credits: _p,
      supports_images: _s,
      ...bare
    } = model;
    const { client } = setup(() => json([bare]));
    // A server that says nothing of search or images offers neither: the client disables the toggle and
    // warns before sending an image.
    expect(await client.models.listModels()).toEqual([
      {
        ...bare,
        description: '',
        is_default: false,
        web_search: false,
        search_price_credits: 0,
        supports_images: false,
      },
    ]);
  });

  it('rejects a model without prices as a malformed answer', async () => {
    const { client } = setup(() => json({ models: [{ id: 'x', name: 'X' }] }));
    await expect(client.models.listModels()).rejects.toBeInstanceOf(ResponseFormatError);
  });
});

describe('sessions', () => {
  it('asks for page and page size (default 10) and parses the DRF page', async () => {
    const page = {
      count: 11,
      next: '/api/chat/sessions/?page=2&page_size=10',
      previous: null,
      results: [session],
    };
    const { client, fetch } = setup(() => json(page));
    // A server that does not say whether a chat is pinned: it is not.
    expect(await client.chat.listSessions()).toEqual({
      ...page,
      results: [{ ...session, pinned: false }],
    });
    expect(fetch.calls[0]?.url).toBe('/api/chat/sessions/?page=1&page_size=10');
    await client.chat.listSessions(3, 20);
    expect(fetch.calls[1]?.url).toBe('/api/chat/sessions/?page=3&page_size=20');
  });

  it('turns a plain array into a single page', async () => {
    const { client } = setup(() => json([session]));
    expect(await client.chat.listSessions()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ ...session, pinned: false }],
    });
  });

  it('gets a session with its history of user and assistant messages', async () => {
    const detail = {
      ...session,
      history: [
        {
          id: 'm1',
          role: 'user',
          created_at: session.created_at,
          content: { text: '写一首关于秋天的诗', files: [] },
        },
        {
          id: 'm2',
          role: 'assistant',
          created_at: session.updated_at,
          content: '秋风起……',
          metadata: { status: 'stopped', credits_charged: 3, model_id: 'offline-demo' },
        },
      ],
    };
    const { client, fetch } = setup(() => json(detail));
    const answer = await client.chat.getSession(session.id);
    expect(fetch.calls[0]?.url).toBe(`/api/chat/sessions/${session.id}/`);
    expect(answer.history).toHaveLength(2);
    expect(answer.history[1]).toMatchObject({ role: 'assistant', metadata: { status: 'stopped' } });
  });

  it('shows another version of a message: posts its id and answers the session with the new branch', async () => {
    const detail = {
      ...session,
      history: [
        {
          id: 'u1',
          role: 'user',
          created_at: session.created_at,
          parent_id: null,
          versions: ['u1'],
          content: { text: '写一首关于秋天的诗', files: [] },
        },
        {
          id: 'a1',
          role: 'assistant',
          created_at: session.updated_at,
          parent_id: 'u1',
          versions: ['a1', 'a2'],
          content: '秋风起……',
          metadata: { status: 'complete', credits_charged: 3, model_name: '离线演示模型' },
        },
      ],
    };
    const { client, fetch } = setup(() => json(detail));
    const answer = await client.chat.selectVersion(session.id, { message_id: 'a1' });
    expect(fetch.calls[0]?.url).toBe(`/api/chat/sessions/${session.id}/select-version/`);
    expect(fetch.calls[0]?.method).toBe('POST');
    expect(fetch.calls[0]?.body).toEqual({ message_id: 'a1' });
    expect(answer.history[1]).toMatchObject({ id: 'a1', parent_id: 'u1', versions: ['a1', 'a2'] });
  });

  it('escapes the id in the path', async () => {
    const { client, fetch } = setup(() => json({ detail: '未找到' }, { status: 404 }));
    await expect(client.chat.getSession('a/b?c')).rejects.toBeInstanceOf(ApiError);
    expect(fetch.calls[0]?.url).toBe('/api/chat/sessions/a%2Fb%3Fc/');
  });

  it('deletes a session, and reports a failure with the server detail', async () => {
    let status = 204;
    const { client, fetch } = setup(() =>
      status === 204 ? new Response(null, { status }) : json({ detail: '未找到' }, { status }),
    );
    await expect(client.chat.deleteSession(session.id)).resolves.toBeUndefined();
    expect(fetch.calls[0]?.method).toBe('DELETE');
    status = 404;
    const error = await client.chat.deleteSession(session.id).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('API 请求失败: 未找到');
  });
});

describe('createTurn', () => {
  const frames = [
    encodeStreamFrame({ type: 'text', data: '你好' }),
    encodeStreamFrame({ type: 'text', data: '！' }),
    encodeStreamFrame({
      type: 'final_data',
      data: {
        session_id: session.id,
        status: 'complete',
        model_id: 'offline-demo',
        usage: { input_tokens: 3, output_tokens: 2, total_tokens: 5, estimated: false },
        credits_charged: 1,
        credits_balance: 999,
      },
    }),
    STREAM_DONE_FRAME,
  ];

  it('posts the JSON form and yields the typed events', async () => {
    const { client, fetch } = setup(() => sse(frames));
    const events = await collect(
      client.chat.createTurn({ model_id: 'offline-demo', prompt: { text: '你好' } }),
    );
    const call = fetch.calls[0];
    expect(call?.url).toBe('/api/chat/turns/create-turn/');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('Accept')).toBe('text/event-stream');
    expect(call?.body).toEqual({
      session_id: null,
      model_id: 'offline-demo',
      prompt: { text: '你好' },
      search_enabled: false,
    });
    expect(events.map((e) => e.type)).toEqual(['text', 'text', 'final_data', 'done']);
    const final = events[2];
    expect(final?.type === 'final_data' && final.data.credits_charged).toBe(1);
    expect(final?.type === 'final_data' && final.data.session_id).toBe(session.id);
  });

  it('regenerates an answer without a prompt, and edits a question with one', async () => {
    const { client, fetch } = setup(() => sse(frames));
    await collect(
      client.chat.createTurn({ session_id: session.id, model_id: 'm', regenerate_message_id: 'a1' }),
    );
    expect(fetch.calls[0]?.body).toEqual({
      session_id: session.id,
      model_id: 'm',
      search_enabled: false,
      regenerate_message_id: 'a1',
    });
    await collect(
      client.chat.createTurn({
        session_id: session.id,
        model_id: 'm',
        prompt: { text: '改过的问题' },
        edit_message_id: 'u1',
      }),
    );
    expect(fetch.calls[1]?.body).toMatchObject({ prompt: { text: '改过的问题' }, edit_message_id: 'u1' });
  });

  it('sends a multipart form with a data part and the files when files are attached', async () => {
    const { client, fetch } = setup(() => sse(frames));
    const file = new File(['# 标题'], '笔记.md', { type: 'text/markdown' });
    await collect(
      client.chat.createTurn({
        session_id: session.id,
        model_id: 'm',
        prompt: { text: '总结' },
        files: [file],
      }),
    );
    const body = fetch.calls[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(JSON.parse(String(form.get('data')))).toEqual({
      session_id: session.id,
      model_id: 'm',
      prompt: { text: '总结' },
      search_enabled: false,
    });
    expect((form.getAll('files')[0] as File).name).toBe('笔记.md');
    expect(fetch.calls[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('throws the refusal (402, no credits) before any event', async () => {
    const { client } = setup(() =>
      json(
        { detail: '积分不足：本次对话至少需要 5 积分，当前余额 2 积分。', code: 'insufficient_credits' },
        { status: 402 },
      ),
    );
    const iterator = client.chat.createTurn({ model_id: 'm', prompt: { text: 'hi' } });
    const error = await iterator.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(402);
    expect((error as ApiError).code).toBe('insufficient_credits');
  });

  it('passes the signal on and stops with its reason when aborted', async () => {
    let push!: (text: string) => void;
    const { client, fetch } = setup(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (text) => controller.enqueue(encoder.encode(text));
            },
          }),
        ),
    );
    const controller = new AbortController();
    const seen: ChatStreamEvent[] = [];
    const done = (async () => {
      for await (const event of client.chat.createTurn(
        { model_id: 'm', prompt: { text: 'hi' } },
        { signal: controller.signal },
      )) {
        seen.push(event);
        if (event.type === 'text') controller.abort(new DOMException('stop', 'AbortError'));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 0));
    push(encodeStreamFrame({ type: 'text', data: '部分' }));
    const error = await done.catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(seen).toEqual([{ type: 'text', text: '部分' }]);
    expect(fetch.calls[0]?.signal?.aborted).toBe(true);
  });
});
