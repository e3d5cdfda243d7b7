import {
  type ChatSession,
  type CreateTurnRequest,
  chatSession,
  dialoguePaths,
  SESSION_PAGE_SIZE,
  type SessionDetail,
  type SessionPage,
  sessionDetail,
  sessionListAnswer,
  type UpdateSessionRequest,
} from '../contract/dialogue';
import type { HttpClient } from '../http/httpClient';
import { type ChatStreamEvent, readChatStream } from '../sse/readSse';
import type { CallOptions } from './auth';

export interface CreateTurnInput {
  /** null (or omitted) starts a new session; its id comes back in `final_data.session_id`. */
  session_id?: string | null;
  model_id: string;
  prompt: { text: string };
  search_enabled?: boolean;
  /** Attachments; when present the turn is sent as multipart (a `data` JSON part and `files` parts). */
  files?: readonly Blob[];
}

export interface ListOptions extends CallOptions {
  /** Only sessions whose title or messages contain this text (any case, partial words). */
  query?: string;
}

export interface DialogueApi {
  /** One page of the user's sessions, newest activity first (page from 1, page size default 10). */
  listSessions(page?: number, pageSize?: number, options?: ListOptions): Promise<SessionPage>;
  /** Renames a session or pins it (either or both); answers the session as it now is. */
  updateSession(id: string, change: UpdateSessionRequest, options?: CallOptions): Promise<ChatSession>;
  /** A session with its history (user/assistant pairs, oldest first). */
  getSession(id: string, options?: CallOptions): Promise<SessionDetail>;
  deleteSession(id: string, options?: CallOptions): Promise<void>;
  /**
   * Sends one prompt and yields the answer's events as they stream (`text`, `image_data`, `final_data`,
   * `error`, then `done`). A refused turn (no credits: HTTP 402, unknown model: 400, foreign session: 404)
   * throws its `ApiError` from the first `next()`, before any event. Aborting `signal` (or leaving the loop)
   * stops the answer: the server keeps what was generated, marked as stopped, and charges only for it.
   */
  createTurn(input: CreateTurnInput, options?: CallOptions): AsyncGenerator<ChatStreamEvent, void, undefined>;
}

function turnBody(input: CreateTurnInput): { json?: unknown; body?: FormData } {
  const data: CreateTurnRequest = {
    session_id: input.session_id ?? null,
    model_id: input.model_id,
    prompt: { text: input.prompt.text },
    search_enabled: input.search_enabled ?? false,
  };
  if (!input.files || input.files.length === 0) return { json: data };
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const file of input.files) form.append('files', file);
  return { body: form };
}

export function createDialogueApi(http: HttpClient): DialogueApi {
  return {
    listSessions(page = 1, pageSize = SESSION_PAGE_SIZE, options = {}) {
      const { query, ...call } = options;
      const q = query?.trim();
      return http.get(dialoguePaths.sessions, {
        query: { page, page_size: pageSize, ...(q ? { q } : {}) },
        schema: sessionListAnswer,
        ...call,
      });
    },

    updateSession(id, change, options = {}) {
      return http.patch(dialoguePaths.session(id), {
        json: change,
        schema: chatSession,
        ...options,
      });
    },

    getSession(id, options = {}) {
      return http.get(dialoguePaths.session(id), { schema: sessionDetail, ...options });
    },

    async deleteSession(id, options = {}) {
      await http.delete(dialoguePaths.session(id), options);
    },

    async *createTurn(input, options = {}) {
      const response = await http.requestResponse(dialoguePaths.createTurn, {
        method: 'POST',
        headers: { Accept: 'text/event-stream' },
        ...turnBody(input),
        ...options,
      });
      yield* readChatStream(response, options.signal ? { signal: options.signal } : {});
    },
  };
}
