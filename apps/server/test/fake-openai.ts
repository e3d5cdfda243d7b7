/**
 * A local HTTP server speaking the OpenAI-compatible chat-completions streaming format, for the provider
 * path's tests and benchmarks. What it answers depends on the requested model name:
 *
 * - `stream`      a few chunks, then a usage chunk (the `usage` option sets its numbers) and [DONE]
 * - `no-usage`    chunks and [DONE] without a usage chunk
 * - `error-mid`   two chunks, then an error object in the stream
 * - `drop-mid`    two chunks, then the connection is cut
 * - `slow`        a chunk every `slowIntervalMs` until the client goes away (or 2000 chunks)
 * - `silent`      headers, then nothing until the client goes away
 * - `status-NNN`  an HTTP error NNN with an OpenAI error body
 * - `images`      text, then the `images` option's data: URLs in `delta.images` (as OpenRouter sends
 *                 generated images), then more text and usage
 *
 * It also answers Anthropic's Messages API (`POST …/messages`, streamed events with usage) for any model.
 *
 * It records every request with its parsed body and whether the client closed it before it finished,
 * which is how tests see that an abort reached the upstream.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as bodyText } from 'node:stream/consumers';

export interface FakeRequest {
  model: string;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  /** Set when the client closed the connection before the answer ended. */
  aborted: boolean;
  /** Chunks written before it ended. */
  chunks: number;
  closed: Promise<void>;
}

export interface FakeOpenAI {
  baseURL: string;
  requests: FakeRequest[];
  options: FakeOptions;
  close(): Promise<void>;
}

export interface FakeOptions {
  usage: { prompt_tokens: number; completion_tokens: number };
  pieces: string[];
  slowIntervalMs: number;
  /** The data: URLs the `images` model sends, one chunk each. */
  images: string[];
  /** When set, the `images` model waits for it after its images before it ends its answer. */
  hold?: Promise<void>;
}

const chunk = (model: string, delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_790_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

export async function startFakeOpenAI(overrides: Partial<FakeOptions> = {}): Promise<FakeOpenAI> {
  const options: FakeOptions = {
    usage: { prompt_tokens: 1200, completion_tokens: 800 },
    pieces: ['你好', '，这是', '模拟的', '回答。'],
    slowIntervalMs: 20,
    images: [],
    ...overrides,
  };
  const requests: FakeRequest[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await bodyText(req);
    if (req.method === 'POST' && req.url?.endsWith('/messages')) {
      anthropic(req, res, JSON.parse(raw) as Record<string, unknown>);
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = JSON.parse(raw) as Record<string, unknown>;
    const model = String(body.model);
    let resolveClosed!: () => void;
    const record: FakeRequest = {
      model,
      body,
      headers: req.headers,
      aborted: false,
      chunks: 0,
      closed: new Promise((resolve) => {
        resolveClosed = resolve;
      }),
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
      resolveClosed();
    });

    const status = /^status-(\d{3})$/.exec(model);
    if (status) {
      res
        .writeHead(Number(status[1]), { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `upstream says ${status[1]}`, type: 'fake_error' } }));
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const write = (text: string) => {
      if (!res.destroyed) {
        res.write(text);
        record.chunks += 1;
      }
    };
    write(chunk(model, { role: 'assistant', content: '' }));

    switch (model) {
      case 'silent':
        return;
      case 'slow': {
        let n = 0;
        const timer = setInterval(() => {
          if (res.destroyed || n >= 2000) {
            clearInterval(timer);
            if (!res.destroyed) res.end('data: [DONE]\n\n');
            return;
          }
          n += 1;
          write(chunk(model, { content: `片段${n} ` }));
        }, options.slowIntervalMs);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'error-mid':
        write(chunk(model, { content: '部分' }));
        write(chunk(model, { content: '回答' }));
        setTimeout(() => {
          write(
            `data: ${JSON.stringify({ error: { message: 'upstream overloaded', type: 'server_error' } })}\n\n`,
          );
          res.end();
        }, 10);
        return;
      case 'think-then-drop':
        // A reasoning model that thought at length, began its answer, and lost its connection.
        for (let i = 0; i < 30; i += 1)
          write(chunk(model, { reasoning_content: 'Let me think this through. '.repeat(4) }));
        write(chunk(model, { content: '部分' }));
        write(chunk(model, { content: '回答' }));
        setTimeout(() => res.destroy(), 50);
        return;
      case 'drop-mid':
        write(chunk(model, { content: '部分' }));
        write(chunk(model, { content: '回答' }));
        setTimeout(() => res.destroy(), 50);
        return;
      default: {
        if (model === 'images') {
          write(chunk(model, { content: '这是' }));
          for (const url of options.images) {
            write(chunk(model, { images: [{ type: 'image_url', image_url: { url } }] }));
          }
          if (options.hold) await options.hold;
        }
        for (const piece of options.pieces) write(chunk(model, { content: piece }));
        write(chunk(model, {}, 'stop'));
        if (model !== 'no-usage') {
          write(
            `data: ${JSON.stringify({
              id: 'chatcmpl-fake',
              object: 'chat.completion.chunk',
              created: 1_790_000_000,
              model,
              choices: [],
              usage: {
                ...options.usage,
                total_tokens: options.usage.prompt_tokens + options.usage.completion_tokens,
              },
            })}\n\n`,
          );
        }
        res.end('data: [DONE]\n\n');
      }
    }
  }

  function anthropic(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
    const model = String(body.model);
    requests.push({
      model,
      body,
      headers: req.headers,
      aborted: false,
      chunks: 0,
      closed: Promise.resolve(),
    });
    const event = (type: string, data: Record<string, unknown>) =>
      `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(
      event('message_start', {
        message: {
          id: 'msg_fake',
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          usage: { input_tokens: options.usage.prompt_tokens, output_tokens: 1 },
        },
      }),
    );
    res.write(event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
    for (const piece of options.pieces) {
      res.write(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } }));
    }
    res.write(event('content_block_stop', { index: 0 }));
    res.write(
      event('message_delta', {
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: options.usage.completion_tokens },
      }),
    );
    res.end(event('message_stop', {}));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    options,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** MODELS_CONFIG_JSON for a provider at `baseURL` offering `models` at the given prices. */
export function fakeModelsConfig(
  baseURL: string,
  models: string[],
  prices: { input?: number; output?: number } = {},
): string {
  return JSON.stringify({
    providers: [
      {
        id: 'fake',
        type: 'openai-compatible',
        base_url: baseURL,
        api_key: 'sk-test',
        models: models.map((id) => ({
          id,
          name: `模拟 ${id}`,
          input_price_credits: prices.input ?? 1,
          output_price_credits: prices.output ?? 2,
        })),
      },
    ],
  });
}
