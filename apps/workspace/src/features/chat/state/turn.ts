import { ApiError, type ChatStreamEvent, isAbortError } from '@wanxiang/api-client';
import { creditsFromMetadata } from './format';
import type { ChatMessage } from './types';

/** What a turn needs from the chat it runs in: its messages, the frame clock and the banner. */
export interface TurnHost {
  getMessage(id: string): ChatMessage | undefined;
  putMessage(message: ChatMessage): void;
  /** Runs `flush` before the next paint. */
  scheduleFrame(flush: () => void): void;
  /**
   * The stream's first frame said where the answer is stored: the chat `sessionId` (a new chat's, made by
   * this turn), under `title` when the server said it.
   */
  onSessionKnown?(assistantId: string, sessionId: string, title: string | null): void;
  /** The stream reported an error in the middle of the answer. */
  onStreamError(message: string): void;
  /**
   * Stops the answer session `sessionId` is generating, on the server (the answer outlives its
   * connection: a reload or another tab may be following it). Rejects when the server did not hear it.
   */
  stopOnServer?(sessionId: string): Promise<void>;
}

/** The stored ids of a turn's question and answer, from its final_data (null when it never came). */
export interface StoredIds {
  message: string | null;
  userMessage: string | null;
}

/** How a turn's stream ended. `answered`: at least one event came before the end. */
export type TurnOutcome = { stored: StoredIds } & (
  | { kind: 'finished'; createdSessionId: string | null }
  | { kind: 'stopped'; createdSessionId: string | null }
  | { kind: 'failed'; createdSessionId: string | null; error: string; answered: boolean }
);

/*
 * A refused turn (402 积分不足, 404 模型不存在…) carries the server's own sentence in `detail`: the banner
 * shows that sentence, not the client's generic 'API 请求失败: …' wrapper around it.
 */
const errorMessage = (error: unknown) => {
  if (error instanceof ApiError && error.detail) return error.detail;
  return error instanceof Error && error.message ? error.message : String(error ?? '');
};

/**
 * One answer being streamed into the assistant message `assistantId`: the stream's events applied to the
 * message, text batched so that it is applied at most once per frame however many deltas arrive.
 */
export class ChatTurn {
  readonly controller = new AbortController();
  private pending = '';
  private frameScheduled = false;
  /** The session the server generates the answer in, from the stream's first frame. */
  private sessionId: string | null = null;
  private stopping = false;
  /**
   * Following an answer already under way (a reload, another tab): the stream starts with all of its
   * text so far, which replaces what the stored message showed.
   */
  private replaceText = false;
  readonly follows: boolean;

  constructor(
    readonly assistantId: string,
    private readonly host: TurnHost,
    options: { follows?: boolean } = {},
  ) {
    this.follows = options.follows ?? false;
  }

  /**
   * Stops the answer: the server is asked to (every tab following it sees it stop, and this stream ends
   * with its stopped final_data and cost). A stream that has not said its session yet, or a server that
   * did not hear the request, is cut instead; the server then stops it when no tab follows it any more.
   */
  stop(): void {
    if (this.stopping) return;
    this.stopping = true;
    const { sessionId, host } = this;
    if (!sessionId || !host.stopOnServer) {
      this.controller.abort();
      return;
    }
    host.stopOnServer(sessionId).catch(() => this.controller.abort());
  }

  /** True once the tab stopped following without stopping the answer. */
  left = false;

  /** Stopped because this tab opened another chat while it was being written, not by its stop button. */
  interrupted = false;

  /** Stops following without stopping the answer (another chat was opened). */
  leave(): void {
    this.left = true;
    this.controller.abort();
  }

  private flush(): void {
    this.frameScheduled = false;
    if (!this.pending && !this.replaceText) return;
    const message = this.host.getMessage(this.assistantId);
    const text = this.pending;
    this.pending = '';
    if (this.replaceText) {
      this.replaceText = false;
      if (message) this.host.putMessage({ ...message, text });
      return;
    }
    if (message) this.host.putMessage({ ...message, text: message.text + text });
  }

  /** Reads the stream `open` returns to its end, a stop or a failure; the message says which. */
  async run(open: (signal: AbortSignal) => AsyncIterable<ChatStreamEvent>): Promise<TurnOutcome> {
    const { host, assistantId: id } = this;
    let createdSessionId: string | null = null;
    let answered = false;
    /** The server ended the answer as stopped (a stop from this tab or another). */
    let stopped = false;
    const stored: StoredIds = { message: null, userMessage: null };
    try {
      for await (const event of open(this.controller.signal)) {
        answered = true;
        if (event.type === 'turn') {
          this.sessionId = event.turn.session_id;
          if (this.follows) this.replaceText = true;
          else host.onSessionKnown?.(id, event.turn.session_id, event.turn.title ?? null);
          continue;
        }
        if (event.type === 'text') {
          this.pending += event.text;
          if (!this.frameScheduled) {
            this.frameScheduled = true;
            host.scheduleFrame(() => this.flush());
          }
          continue;
        }
        this.flush();
        const message = host.getMessage(id);
        if (!message) continue;
        if (event.type === 'image_data') {
          // The bytes come with the frame, so the image shows at once; a reload shows the stored copy.
          const src = `data:${event.image.mime_type};base64,${event.image.data}`;
          host.putMessage({
            ...message,
            images: [...message.images, { src, mimeType: event.image.mime_type }],
          });
        } else if (event.type === 'final_data') {
          const sessionId = typeof event.data.session_id === 'string' ? event.data.session_id : null;
          if (sessionId) createdSessionId = sessionId;
          if (typeof event.data.message_id === 'string') stored.message = event.data.message_id;
          if (typeof event.data.user_message_id === 'string') stored.userMessage = event.data.user_message_id;
          const modelName = typeof event.data.model_name === 'string' ? event.data.model_name : null;
          if (event.data.status === 'stopped') stopped = true;
          host.putMessage({
            ...message,
            status: message.status === 'error' ? 'error' : stopped ? 'stopped' : 'done',
            credits: creditsFromMetadata(event.data),
            modelName: modelName ?? message.modelName ?? null,
            ...(event.data.sources ? { sources: event.data.sources } : {}),
            ...(event.data.notices?.length ? { notices: event.data.notices } : {}),
            ...(event.data.credits_limited ? { creditsLimited: true } : {}),
          });
        } else if (event.type === 'search') {
          const { status, query, count, message: note } = event.search;
          host.putMessage({
            ...message,
            search: { status, query, ...(count === undefined ? {} : { count }), message: note ?? null },
          });
        } else if (event.type === 'error') {
          host.putMessage({ ...message, status: 'error', error: event.message });
          host.onStreamError(event.message);
        } else if (event.type === 'done') {
          break;
        }
      }
      this.flush();
      const message = host.getMessage(id);
      if (message?.status === 'streaming') host.putMessage({ ...message, status: 'done' });
      if (stopped) return { kind: 'stopped', createdSessionId, stored };
      return { kind: 'finished', createdSessionId, stored };
    } catch (error) {
      this.flush();
      const message = host.getMessage(id);
      if (isAbortError(error) || this.controller.signal.aborted) {
        if (message) host.putMessage({ ...message, status: 'stopped' });
        return { kind: 'stopped', createdSessionId, stored };
      }
      const text = errorMessage(error);
      if (message) host.putMessage({ ...message, status: 'error', error: text });
      return { kind: 'failed', createdSessionId, error: text, answered, stored };
    }
  }
}
