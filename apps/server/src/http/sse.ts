import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

const HEARTBEAT_MS = 15_000;

export interface EventStream {
  /** Writes raw SSE bytes; a no-op once the client is gone. */
  write(chunk: string): void;
  end(): void;
  /** Aborts when the client goes away before the stream ended. */
  signal: AbortSignal;
}

/**
 * Starts a server-sent event response. The reply is sent as a stream rather than hijacked, so headers set
 * by hooks (security headers, request id) stay. A comment line every 15 s keeps proxies from closing a
 * connection while a model thinks. "Client gone" is the response closing before it finished: a request's
 * own 'close' fires as soon as its body is read and says nothing about the client.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  const body = new PassThrough();
  const controller = new AbortController();
  let ended = false;
  body.on('error', () => {
    // A write racing the client's disconnect; the abort below already handles it.
  });
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished)
      controller.abort(new DOMException('client closed the stream', 'AbortError'));
    clearInterval(heartbeat);
  });
  const heartbeat = setInterval(() => {
    if (!ended && !body.destroyed) body.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  reply
    .code(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-store, no-transform')
    .header('x-accel-buffering', 'no')
    .send(body);

  return {
    write(chunk) {
      if (!ended && !body.destroyed && !controller.signal.aborted) body.write(chunk);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      body.end();
    },
    signal: controller.signal,
  };
}
