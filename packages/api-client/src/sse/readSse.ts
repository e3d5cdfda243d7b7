import { createParser, type EventSourceMessage } from 'eventsource-parser';
import {
  CHAT_STREAM_FRAME_TYPES,
  chatStreamFrame,
  STREAM_DONE,
  type StreamFinalData,
  type StreamImageData,
  type StreamSearchData,
  type StreamTurnData,
} from '../contract/stream';
import { ApiError, NetworkError, StreamError } from '../errors/errors';

export type { EventSourceMessage };

export interface ReadStreamOptions {
  /** Aborting stops the reading: the body is cancelled and the iterator throws the abort reason. */
  signal?: AbortSignal;
}

/** What the chat does with each part of an answer. */
export type ChatStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'image_data'; image: StreamImageData }
  | { type: 'final_data'; data: StreamFinalData }
  | { type: 'error'; message: string; code?: string | undefined }
  /** The web search before the answer: searching, then done (with the count) or failed. */
  | { type: 'search'; search: StreamSearchData }
  /** The answer's stored ids, first of all (servers that do not send it are fine). */
  | { type: 'turn'; turn: StreamTurnData }
  | { type: 'done' };

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * A response body's text, decoded as it arrives (UTF-8 split across chunks is joined). A non-2xx response
 * throws its {@link ApiError}; a missing body a {@link StreamError}; a connection lost mid-stream a
 * {@link NetworkError}; an abort its reason, at once, even while a read is pending. Leaving the loop early
 * cancels the body.
 */
export async function* readBodyText(
  response: Response,
  options: ReadStreamOptions = {},
): AsyncGenerator<string, void, undefined> {
  const { signal } = options;
  if (!response.ok) throw await ApiError.fromResponse(response);
  if (!response.body) throw new StreamError('EMPTY_BODY');
  if (signal?.aborted) throw abortReason(signal);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  // A pending read only returns when the next chunk comes; cancelling the reader makes it return at once.
  const onAbort = () => {
    reader.cancel(signal?.reason).catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    while (true) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal?.aborted) throw abortReason(signal);
        throw new NetworkError({ cause: error });
      }
      if (signal?.aborted) throw abortReason(signal);
      if (chunk.done) {
        finished = true;
        const rest = decoder.decode();
        if (rest !== '') yield rest;
        return;
      }
      const text = decoder.decode(chunk.value, { stream: true });
      if (text !== '') yield text;
      if (signal?.aborted) throw abortReason(signal);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/**
 * The server-sent events of a response body, as they arrive, with {@link readBodyText}'s errors. An event
 * not terminated by a blank line when the body ends is dropped, as the SSE standard requires: it may be a
 * truncated frame. Leaving the loop early cancels the body.
 */
export async function* readSseMessages(
  response: Response,
  options: ReadStreamOptions = {},
): AsyncGenerator<EventSourceMessage, void, undefined> {
  const { signal } = options;
  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => pending.push(message) });
  for await (const text of readBodyText(response, options)) {
    parser.feed(text);
    for (const message of pending.splice(0)) {
      yield message;
      if (signal?.aborted) throw abortReason(signal);
    }
  }
}

/** What {@link readFrames} yields: a frame of the schema, plain text, or the end (`[DONE]`). */
export type FrameOrText<Frame> =
  | { kind: 'frame'; frame: Frame }
  | { kind: 'text'; text: string }
  | { kind: 'done' };

/**
 * The frames of an answer stream, with the tolerances both answer streams share (the chat's and the
 * document assistant's): a `data:` payload that is not a JSON object is taken as plain text; an object
 * with an unknown `type` is skipped, so that the server may add event types; a known type with the wrong
 * shape is a {@link StreamError}. After `[DONE]` it yields `done` and stops reading.
 */
export async function* readFrames<Frame>(
  response: Response,
  options: ReadStreamOptions,
  knownTypes: ReadonlySet<string>,
  schema: { safeParse(value: unknown): { success: true; data: Frame } | { success: false; error: unknown } },
): AsyncGenerator<FrameOrText<Frame>, void, undefined> {
  for await (const message of readSseMessages(response, options)) {
    if (message.data.trim() === STREAM_DONE) {
      yield { kind: 'done' };
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(message.data);
    } catch {
      json = undefined;
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) {
      yield { kind: 'text', text: message.data };
      continue;
    }
    const type = (json as { type?: unknown }).type;
    if (typeof type !== 'string' || !knownTypes.has(type)) continue;
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new StreamError('MALFORMED_EVENT', { cause: parsed.error });
    yield { kind: 'frame', frame: parsed.data };
  }
}

const knownTypes: ReadonlySet<string> = new Set(CHAT_STREAM_FRAME_TYPES);

/**
 * The chat answer's events (contract/stream.ts). Tolerances, chosen for a stream that must not die on a
 * detail: a `data:` payload that is not a JSON object is taken as plain text (as the assistant's
 * fallback does); an object with an unknown `type` is skipped so that the server may add event
 * types. A known type with the wrong shape is a {@link StreamError}. After `[DONE]` it yields `done` and
 * stops reading.
 */
export async function* readChatStream(
  response: Response,
  options: ReadStreamOptions = {},
): AsyncGenerator<ChatStreamEvent, void, undefined> {
  for await (const item of readFrames(response, options, knownTypes, chatStreamFrame)) {
    if (item.kind === 'done') {
      yield { type: 'done' };
      return;
    }
    if (item.kind === 'text') {
      yield { type: 'text', text: item.text };
      continue;
    }
    const frame = item.frame;
    switch (frame.type) {
      case 'text':
        yield { type: 'text', text: frame.data };
        break;
      case 'image_data':
        yield { type: 'image_data', image: frame.data };
        break;
      case 'final_data':
        yield { type: 'final_data', data: frame.data };
        break;
      case 'error':
        yield { type: 'error', message: frame.data.message, code: frame.data.code };
        break;
      case 'search':
        yield { type: 'search', search: frame.data };
        break;
      case 'turn':
        yield { type: 'turn', turn: frame.data };
        break;
    }
  }
}
