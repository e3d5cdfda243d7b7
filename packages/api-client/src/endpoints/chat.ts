import {
  type ChatSession,
  type CreateTurnRequest,
  chatPaths,
  chatSession,
  SESSION_PAGE_SIZE,
  type SelectVersionRequest,
  type SessionDetail,
  type SessionPage,
  sessionDetail,
  sessionListAnswer,
  type UpdateSessionRequest,
} from '../contract/chat';
import type { HttpClient } from '../http/httpClient';
import { bodyWithFiles } from '../http/upload';
import type { UploadProgress } from '../http/xhrFetch';
import { type ChatStreamEvent, readChatStream } from '../sse/readSse';
import type { CallOptions } from './auth';

export interface CreateTurnInput {
  /** null (or omitted) starts a new session; its id comes back in `final_data.session_id`. */
  session_id?: string | null;
  model_id: string;
  /** The question; omitted when `regenerate_message_id` answers a stored question again. */
  prompt?: { text: string };
  /** A user message of the session that `prompt` replaces as a new version (edit and re-send). */
  edit_message_id?: string | null;
  /** An answer of the session to generate again as a new version. */
  regenerate_message_id?: string | null;
  search_enabled?: boolean;
  /** Attachments; when present the turn is sent as multipart (a `data` JSON part and `files` parts). */
  files?: readonly Blob[];
  /**
   * Called as the files are sent (bytes sent, bytes in all); the upload then goes through
   * XMLHttpRequest, the one browser transport that reports it (see http/xhrFetch.ts).
   */
  onUploadProgress?: UploadProgress;
}

export interface ListOptions extends CallOptions {
  /** Only sessions whose title or messages contain this text (any case, partial words). */
  query?: string;
}

export interface ChatApi {
  /** One page of the user's sessions, newest activity first (page from 1, page size default 10). */
  listSessions(page?: number, pageSize?: number, options?: ListOptions): Promise<SessionPage>;
  /** Renames a session or pins it (either or both); answers the session as it now is. */
  updateSession(id: string, change: UpdateSessionRequest, options?: CallOptions): Promise<ChatSession>;
  /** A session with its history (user/assistant pairs, oldest first). */
  getSession(id: string, options?: CallOptions): Promise<SessionDetail>;
  deleteSession(id: string, options?: CallOptions): Promise<void>;
  /**
   * Shows another version of a message (`message_id`, one of its `versions`): the session's current
   * branch goes through it from then on. Answers the session with that branch.
   */
  selectVersion(id: string, change: SelectVersionRequest, options?: CallOptions): Promise<SessionDetail>;
  /**
   * Sends one prompt and yields the answer's events as they stream (`text`, `image_data`, `final_data`,
   * `error`, then `done`). A refused turn (no credits: HTTP 402, unknown model: 400, foreign session: 404)
   * throws its `ApiError` from the first `next()`, before any event. Aborting `signal` (or leaving the loop)
   * stops the answer: the server keeps what was generated, marked as stopped, and charges only for it.
   */
  createTurn(input: CreateTurnInput, options?: CallOptions): AsyncGenerator<ChatStreamEvent, void, undefined>;
  /**
   * Follows the answer session `id` is generating (another tab's, or this tab's before a reload): the
   * same events as createTurn, starting with everything generated so far. A session generating nothing
   * ends at once with `done`. Leaving the loop only stops following; the answer goes on.
   */
  followTurn(id: string, options?: CallOptions): AsyncGenerator<ChatStreamEvent, void, undefined>;
  /**
   * Stops the answer session `id` is generating, whichever tab started it: it ends as `stopped`, charged
   * only for what was generated, and every tab following it gets its final_data. Nothing running: no-op.
   */
  stopTurn(id: string, options?: CallOptions): Promise<void>;
  /** An attached file's bytes (`url` as a message carries it; the owner only). */
  getFile(url: string, options?: CallOptions): Promise<Blob>;
}

function turnData(input: CreateTurnInput): CreateTurnRequest {
  return {
    session_id: input.session_id ?? null,
    model_id: input.model_id,
    ...(input.prompt ? { prompt: { text: input.prompt.text } } : {}),
    search_enabled: input.search_enabled ?? false,
    ...(input.edit_message_id ? { edit_message_id: input.edit_message_id } : {}),
    ...(input.regenerate_message_id ? { regenerate_message_id: input.regenerate_message_id } : {}),
  };
}

export function createChatApi(http: HttpClient): ChatApi {
  return {
    listSessions(page = 1, pageSize = SESSION_PAGE_SIZE, options = {}) {
      const { query, ...call } = options;
      const q = query?.trim();
      return http.get(chatPaths.sessions, {
        query: { page, page_size: pageSize, ...(q ? { q } : {}) },
        schema: sessionListAnswer,
        ...call,
      });
    },

    updateSession(id, change, options = {}) {
      return http.patch(chatPaths.session(id), {
        json: change,
        schema: chatSession,
        ...options,
      });
    },

    getSession(id, options = {}) {
      return http.get(chatPaths.session(id), { schema: sessionDetail, ...options });
    },

    async deleteSession(id, options = {}) {
      await http.delete(chatPaths.session(id), options);
    },

    selectVersion(id, change, options = {}) {
      return http.post(chatPaths.selectVersion(id), {
        json: change,
        schema: sessionDetail,
        ...options,
      });
    },

    async *createTurn(input, options = {}) {
      const response = await http.requestResponse(chatPaths.createTurn, {
        method: 'POST',
        headers: { Accept: 'text/event-stream' },
        ...bodyWithFiles(turnData(input), input.files, input.onUploadProgress),
        ...options,
      });
      yield* readChatStream(response, options.signal ? { signal: options.signal } : {});
    },

    async *followTurn(id, options = {}) {
      const response = await http.requestResponse(chatPaths.liveTurn(id), {
        method: 'GET',
        headers: { Accept: 'text/event-stream' },
        ...options,
      });
      yield* readChatStream(response, options.signal ? { signal: options.signal } : {});
    },

    async stopTurn(id, options = {}) {
      await http.post(chatPaths.stopTurn(id), options);
    },

    async getFile(url, options = {}) {
      const response = await http.requestResponse(url, {
        method: 'GET',
        headers: { Accept: '*/*' },
        ...options,
      });
      return response.blob();
    },
  };
}
