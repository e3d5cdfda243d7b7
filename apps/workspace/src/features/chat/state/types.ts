import type { ChatStreamEvent, SearchSource } from '@wanxiang/api-client';

/**
 * The chat the address names is not there: deleted, another account's, or never made. The server answers
 * 404 for all three alike, so nothing says which; unlike a network fault, trying again cannot help.
 */
export class ChatNotFoundError extends Error {
  override readonly name = 'ChatNotFoundError';
}

/** A model as the selector shows it. */
export interface ChatModel {
  id: string;
  name: string;
  is_per_call: boolean;
  fixed_price_credits?: number | null;
  input_price_credits?: number | null;
  output_price_credits?: number | null;
  /** The server's pick when the user has chosen nothing yet. */
  is_default?: boolean;
  /** Whether the server can search the web for this model's turns (a search provider is configured). */
  web_search?: boolean;
  /** Credits one web search costs (0 or absent: free). */
  search_price_credits?: number;
  /** The model sees attached images (others get only their names). */
  supports_images?: boolean;
}

/**
 * An answer's web search (联网搜索): running (`searching`), `done` with the number of results, or `failed`
 * with the note the user sees (the answer then came without search).
 */
export interface ChatSearch {
  status: 'searching' | 'done' | 'failed';
  query: string;
  count?: number;
  message?: string | null;
}

/** A file of a user message: stored (with `url`, fetched with the user's token) or just sent (`localUrl`). */
export interface ChatFile {
  name: string;
  type: string;
  size?: number;
  /** The stored file's address under the API base. */
  url?: string;
  /** An object URL of the file this tab sent (its image is shown before the server has stored it). */
  localUrl?: string;
  /** The file's text was cut to fit the model's context. */
  truncated?: boolean;
}

/** A row of the history list. */
export interface ChatSessionSummary {
  id: string;
  title?: string | null;
  updated_at: string;
  created_at: string;
  total_credits_used?: number | null;
  /** Kept on top of the history. */
  pinned?: boolean;
  /** In search results: the words around the match in the chat's messages. */
  snippet?: string | null;
}

export interface ChatImage {
  /** A data: or https: address; empty for a stored image, which is fetched from `url`. */
  src: string;
  /** A stored image's address under the API base (a generated image the server kept). */
  url?: string;
  mimeType?: string;
}

export type ChatMessageStatus = 'streaming' | 'done' | 'stopped' | 'error';

/** One message on screen. Assistant text is Markdown; user text is shown as typed. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  images: readonly ChatImage[];
  files: readonly ChatFile[];
  status: ChatMessageStatus;
  /** The stream's error, shown in bold inside the message. */
  error: string | null;
  /** Credits this answer cost, when the server said. */
  credits: number | null;
  /** The model that answered (its display name), when known. */
  modelName?: string | null;
  /** When the answer was requested (epoch ms): the thinking timer counts from here. */
  startedAt: number | null;
  /** The stored message's id; absent until the server has said it (a turn's final_data). */
  serverId?: string | null;
  /**
   * The ids of this message's versions, itself among them (its own `serverId`, or its local `id` while
   * it is being generated), oldest first. Absent or one id: no versions to page through.
   */
  versions?: readonly string[];
  /** The web search made for this answer, when 联网搜索 was on. */
  search?: ChatSearch | null;
  /** The pages the answer cites as [1] [2] …, in that order. */
  sources?: readonly SearchSource[];
  /** What the server says beside the answer: a generated image it dropped (not an image, too large). */
  notices?: readonly string[];
  /** The answer stopped at the length the balance paid for (余额不足，回答已截断). */
  creditsLimited?: boolean;
}

export interface SessionPage {
  items: ChatSessionSummary[];
  /** Sessions in all pages, when the server says. */
  total: number | null;
  hasMore: boolean;
}

export interface TurnInput {
  sessionId: string | null;
  modelId: string;
  /** The question (for a regenerated answer, the stored question's text; not sent). */
  text: string;
  searchEnabled: boolean;
  /** Edit: the stored question `text` replaces as a new version. */
  editMessageId?: string;
  /** Regenerate: the stored answer to generate again as a new version. */
  regenerateMessageId?: string;
  /** The question's files, sent as multipart with it. */
  files?: readonly File[];
  /** Called as the files are sent: bytes sent, bytes in all. */
  onUploadProgress?: (sent: number, total: number) => void;
}

/** What the chat needs from the server: the api-client's models and chat modules, adapted. */
export interface ChatBackend {
  listModels(): Promise<ChatModel[]>;
  /** One page of the history; with `query`, only the sessions whose title or messages contain it. */
  listSessions(page: number, pageSize: number, query?: string): Promise<SessionPage>;
  /** Renames and/or pins a session; answers it as it now is. */
  updateSession(id: string, change: { title?: string; pinned?: boolean }): Promise<ChatSessionSummary>;
  /** The session's messages; rejects with ChatNotFoundError when the server has no such chat of the user's. */
  getSession(id: string): Promise<ChatMessage[]>;
  deleteSession(id: string): Promise<void>;
  /** Shows another version of a message; answers the session's messages along its new current branch. */
  selectVersion(sessionId: string, messageId: string): Promise<ChatMessage[]>;
  createTurn(input: TurnInput, signal: AbortSignal): AsyncIterable<ChatStreamEvent>;
  /**
   * Follows the answer session `sessionId` is generating (after a reload, or started in another tab): all
   * of its text so far, then the rest as it comes.
   */
  followTurn?(sessionId: string, signal: AbortSignal): AsyncIterable<ChatStreamEvent>;
  /** Stops the answer session `sessionId` is generating, whichever tab started it. */
  stopTurn?(sessionId: string): Promise<void>;
  /** A stored file's bytes (the owner's token goes with the request, so an <img src> cannot fetch it). */
  getFile(url: string): Promise<Blob>;
}
