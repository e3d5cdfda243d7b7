import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { encodeAssistantFrame, isAssistantDocId } from '../contract/assistant';
import { STREAM_DONE_FRAME } from '../contract/stream';
import { ApiError } from '../errors/errors';
import { createMemoryStorage } from '../storage/storage';
import { accessToken, createFakeFetch, type FakeHandler, json } from '../testing/helpers';
import { type AssistantStreamEvent, assistantTarget } from './assistant';

const encoder = new TextEncoder();
const DOC = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';

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

function body(chunks: string[], type: string): Response {
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { headers: { 'Content-Type': type } },
  );
}

async function collect(iterable: AsyncIterable<AssistantStreamEvent>): Promise<AssistantStreamEvent[]> {
  const events: AssistantStreamEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

const input = { modelId: 'offline-demo', question: '总结这篇文档', contextEnabled: true };

describe('the document id rule', () => {
  it('accepts a uuid with or without hyphens, in any case, and nothing else', () => {
    expect(isAssistantDocId(DOC)).toBe(true);
    expect(isAssistantDocId(DOC.replace(/-/g, ''))).toBe(true);
    expect(isAssistantDocId(DOC.toUpperCase())).toBe(true);
    expect(isAssistantDocId('local-1234')).toBe(false);
    expect(isAssistantDocId(`${DOC}0`)).toBe(false);
    expect(isAssistantDocId(DOC.slice(1))).toBe(false);
    expect(isAssistantDocId('')).toBe(false);
    expect(isAssistantDocId(null)).toBe(false);
    expect(isAssistantDocId(undefined)).toBe(false);
  });
});

describe('the request body rules', () => {
  it('asks a cloud document’s endpoint with 5 turns of context when the toggle is on', () => {
    expect(assistantTarget({ ...input, cloudId: DOC })).toEqual({
      path: `/docs/${DOC}/assistant/`,
      body: {
        model_id: 'offline-demo',
        user_input: '总结这篇文档',
        conversation_type: 'general',
        context_enabled: true,
        context_turns: 5,
        document_markdown: '',
        selection: '',
      },
    });
    expect(assistantTarget({ ...input, cloudId: DOC, contextEnabled: false }).body).toMatchObject({
      context_enabled: false,
      context_turns: 0,
    });
  });

  it('asks the transient endpoint with no context for a document without a valid cloud id', () => {
    for (const cloudId of [undefined, null, 'not-a-uuid']) {
      const target = assistantTarget({
        ...input,
        cloudId,
        documentMarkdown: '# 标题',
        selection: '选区',
        focusOffset: 3,
      });
      expect(target.path).toBe('/assistant/transient');
      expect(target.body).toMatchObject({
        context_enabled: false,
        context_turns: 0,
        document_markdown: '# 标题',
        selection: '选区',
        focus_offset: 3,
      });
    }
  });
});

describe('assistant.ask', () => {
  it('posts to the chosen endpoint and yields the typed events', async () => {
    const frames = [
      encodeAssistantFrame({ type: 'text', content: '## 摘要' }),
      encodeAssistantFrame({ type: 'error', content: '模型服务中断了回答' }),
      encodeAssistantFrame({
        type: 'doc_complete',
        content: {
          turn_id: 't',
          status: 'error',
          model_id: 'offline-demo',
          usage: null,
          credits_charged: 0,
          document_note: null,
        },
      }),
      STREAM_DONE_FRAME,
    ];
    const { client, fetch } = setup(() => body(frames, 'text/event-stream'));
    const events = await collect(client.assistant.ask({ ...input, cloudId: DOC }));
    expect(fetch.calls[0]?.url).toBe(`/api/docs/${DOC}/assistant/`);
    expect(fetch.calls[0]?.method).toBe('POST');
    expect(events).toEqual([
      { type: 'text', text: '## 摘要' },
      { type: 'error', message: '模型服务中断了回答' },
      expect.objectContaining({ type: 'complete' }),
      { type: 'done' },
    ]);
  });

  it('sends a multipart form (the JSON body in `data`, the files) when the question comes with files', async () => {
    const { client, fetch } = setup(() => body([STREAM_DONE_FRAME], 'text/event-stream'));
    const file = new File(['会议纪要'], '纪要.txt', { type: 'text/plain' });
    await collect(client.assistant.ask({ ...input, question: '', files: [file] }));
    expect(fetch.calls[0]?.url).toBe('/api/assistant/transient');
    const form = fetch.calls[0]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(JSON.parse(String(form.get('data')))).toEqual(assistantTarget({ ...input, question: '' }).body);
    expect((form.getAll('files')[0] as File).name).toBe('纪要.txt');
    expect(fetch.calls[0]?.headers.get('Content-Type')).toBeNull();

    // Without files it stays JSON.
    await collect(client.assistant.ask({ ...input, files: [] }));
    expect(fetch.calls[1]?.body).toMatchObject({ user_input: input.question });
  });

  it('reads a response that is not SSE as plain text chunks', async () => {
    const { client } = setup(() => body(['第一段，', '第二段。'], 'text/plain; charset=utf-8'));
    const events = await collect(client.assistant.ask(input));
    expect(events).toEqual([
      { type: 'text', text: '第一段，' },
      { type: 'text', text: '第二段。' },
      { type: 'done' },
    ]);
  });

  it('stops a plain-text answer at once on abort, even while the next chunk is awaited, and cancels it', async () => {
    let cancelled = false;
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('第一段，'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const { client } = setup(() => new Response(stalled, { headers: { 'Content-Type': 'text/plain' } }));
    const stop = new AbortController();
    const seen: AssistantStreamEvent[] = [];
    const reading = (async () => {
      for await (const event of client.assistant.ask(input, { signal: stop.signal })) {
        seen.push(event);
        stop.abort(new DOMException('stopped', 'AbortError'));
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([{ type: 'text', text: '第一段，' }]);
    expect(cancelled).toBe(true);
  });

  it('throws the refusal’s ApiError with its status before any event', async () => {
    const { client } = setup(() => json({ detail: '未找到' }, { status: 404 }));
    const error = await collect(client.assistant.ask({ ...input, cloudId: DOC })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
  });
});
