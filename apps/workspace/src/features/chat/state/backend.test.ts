import { type ApiClient, ApiError, type ChatStreamEvent } from '@wanxiang/api-client';
import { describe, expect, test } from 'vitest';
import { createApiBackend, fromWireMessage } from './backend';
import { ChatNotFoundError } from './types';

describe('fromWireMessage', () => {
  test('a user message keeps its text and files', () => {
    expect(
      fromWireMessage({
        id: 'u1',
        created_at: '2026-01-01T00:00:00Z',
        role: 'user',
        content: { text: '你好', files: [{ name: 'a.pdf', type: 'application/pdf' }] },
      }),
    ).toMatchObject({ id: 'u1', role: 'user', text: '你好', files: [{ name: 'a.pdf' }], status: 'done' });
  });

  test('an answer flattens its parts, and carries its status, error and cost', () => {
    const message = fromWireMessage({
      id: 'a1',
      created_at: '2026-01-01T00:00:00Z',
      role: 'assistant',
      content: [
        { type: 'text', text: '第一段' },
        { type: 'image_data', mime_type: 'image/png', data: 'AAAA' },
        { type: 'text', text: '第二段' },
        { type: 'image_url', url: 'https://example.com/a.png' },
      ],
      metadata: { status: 'error', error: '模型服务不可用', credits_charged: 4, model_name: 'DeepSeek V3' },
    });
    expect(message).toMatchObject({
      text: '第一段第二段',
      images: [
        { src: 'data:image/png;base64,AAAA', mimeType: 'image/png' },
        { src: 'https://example.com/a.png' },
      ],
      status: 'error',
      error: '模型服务不可用',
      credits: 4,
      modelName: 'DeepSeek V3',
    });
    expect(message.notices).toBeUndefined();
    const stopped = fromWireMessage({
      id: 'a2',
      created_at: '2026-01-01T00:00:00Z',
      role: 'assistant',
      content: '从前',
      metadata: { status: 'stopped' },
    });
    expect(stopped).toMatchObject({
      text: '从前',
      status: 'stopped',
      error: null,
      credits: null,
      modelName: null,
    });
  });

  test('a generated image the server stored is fetched from its address, with the notes beside it', () => {
    const message = fromWireMessage({
      id: 'a3',
      created_at: '2026-01-01T00:00:00Z',
      role: 'assistant',
      content: [
        { type: 'text', text: '画好了' },
        {
          type: 'image_file',
          id: 'f1',
          mime_type: 'image/webp',
          size: 2048,
          url: '/chat/files/f1/',
        },
      ],
      metadata: { status: 'complete', notices: ['模型返回的一张图片不是有效的图片，未显示。'] },
    });
    expect(message).toMatchObject({
      text: '画好了',
      // No data: address: the bytes are fetched from the store with the user's token.
      images: [{ src: '', url: '/chat/files/f1/', mimeType: 'image/webp' }],
      notices: ['模型返回的一张图片不是有效的图片，未显示。'],
      status: 'done',
    });
  });
});

describe('createApiBackend', () => {
  test('maps pages and turns onto the api-client', async () => {
    const calls: unknown[] = [];
    async function* events(): AsyncGenerator<ChatStreamEvent> {
      yield { type: 'done' };
    }
    const api = {
      models: { listModels: async () => [] },
      chat: {
        listSessions: async (page: number, size: number) => {
          calls.push(['list', page, size]);
          return { count: 11, next: '/api/chat/sessions/?page=2', previous: null, results: [] };
        },
        getSession: async () => ({ history: [] }),
        deleteSession: async () => {},
        createTurn: (input: unknown, options: unknown) => {
          calls.push(['turn', input, options]);
          return events();
        },
      },
    } as unknown as Pick<ApiClient, 'models' | 'chat'>;
    const backend = createApiBackend(api);
    expect(await backend.listSessions(1, 10)).toEqual({ items: [], total: 11, hasMore: true });
    const signal = new AbortController().signal;
    for await (const _ of backend.createTurn(
      { sessionId: null, modelId: 'm', text: 'hi', searchEnabled: true },
      signal,
    )) {
      // drain
    }
    expect(calls).toEqual([
      ['list', 1, 10],
      ['turn', { session_id: null, model_id: 'm', prompt: { text: 'hi' }, search_enabled: true }, { signal }],
    ]);
  });

  test('a 404 for a chat is ChatNotFoundError; any other failure stays what it was', async () => {
    const answer = (status: number) =>
      new ApiError(new Response(null, { status }), { detail: status === 404 ? '未找到' : '服务器错误' });
    const failing = (error: unknown) =>
      createApiBackend({
        models: { listModels: async () => [] },
        chat: {
          getSession: async () => {
            throw error;
          },
        },
      } as unknown as Pick<ApiClient, 'models' | 'chat'>);
    await expect(failing(answer(404)).getSession('x')).rejects.toBeInstanceOf(ChatNotFoundError);
    const fault = answer(502);
    await expect(failing(fault).getSession('x')).rejects.toBe(fault);
    const offline = new TypeError('Failed to fetch');
    await expect(failing(offline).getSession('x')).rejects.toBe(offline);
  });
});
