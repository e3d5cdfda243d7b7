/**
 * The wire contract of the chat's sessions and turns. Shared by the server (route
 * validation, OpenAPI) and the client (answer parsing), so the two cannot drift.
 */
import { z } from 'zod';

export const chatPaths = {
  sessions: '/chat/sessions/',
  session: (id: string) => `/chat/sessions/${encodeURIComponent(id)}/`,
  createTurn: '/chat/turns/create-turn/',
  /** Shows another version of a message: the branch through it becomes the session's current one. */
  selectVersion: (id: string) => `/chat/sessions/${encodeURIComponent(id)}/select-version/`,
  /**
   * The answer the session is generating, as the same SSE as create-turn: what it has so far, then the
   * rest as it comes (another tab, or this one after a reload).
   */
  liveTurn: (id: string) => `/chat/sessions/${encodeURIComponent(id)}/live/`,
  /** Stops the answer the session is generating, from any tab; it ends as `stopped`. */
  stopTurn: (id: string) => `/chat/sessions/${encodeURIComponent(id)}/stop/`,
} as const;

/** The history loads 10 sessions a page; the server answers at most 100. */
export const SESSION_PAGE_SIZE = 10;
export const MAX_SESSION_PAGE_SIZE = 100;
/** Longest prompt the server accepts, in characters. */
export const MAX_PROMPT_LENGTH = 32_000;

/** What became of an assistant answer. `streaming` while it is being written. */
export const MESSAGE_STATUSES = ['streaming', 'complete', 'stopped', 'error'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const tokenUsage = z.object({
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
  /** True when the provider reported no usage (an aborted stream) and the server counted the tokens itself. */
  estimated: z.boolean().default(false),
});
export type TokenUsage = z.infer<typeof tokenUsage>;

export const chatSession = z.object({
  id: z.string(),
  /** Null until the first prompt names it; show 未命名会话 then. */
  title: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  total_credits_used: z.number().int().nonnegative(),
  /** The model of the session's latest turn. */
  model_id: z.string().nullable().default(null),
  /** Kept on top of the history by the user. */
  pinned: z.boolean().default(false),
  /**
   * In a search's results: the words around the first match in the chat's messages, when the title does
   * not match. Absent outside a search.
   */
  snippet: z.string().nullable().optional(),
});
export type ChatSession = z.infer<typeof chatSession>;

/** DRF's page shape. */
export const sessionPage = z.object({
  count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(chatSession),
});
export type SessionPage = z.infer<typeof sessionPage>;

/** A plain array is accepted as well; it becomes a one-page answer. */
export const sessionListAnswer = z.union([
  sessionPage,
  z
    .array(chatSession)
    .transform((results): SessionPage => ({ count: results.length, next: null, previous: null, results })),
]);

/** Longest search text and longest title, in characters. */
export const MAX_SEARCH_LENGTH = 100;
export const MAX_TITLE_LENGTH = 100;

export const sessionListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_SESSION_PAGE_SIZE).default(SESSION_PAGE_SIZE),
  /** Search: sessions whose title or message text contains this, any case (partial words, Chinese). */
  q: z.string().max(MAX_SEARCH_LENGTH).optional(),
});
export type SessionListQuery = z.input<typeof sessionListQuery>;

/**
 * A file of a user message: name and type always; servers that store files add its id, size,
 * address and whether it was cut for the model (see ./attachments).
 */
export const attachedFile = z.object({
  name: z.string(),
  type: z.string(),
  id: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  url: z.string().optional(),
  truncated: z.boolean().optional(),
});
export type AttachedFile = z.infer<typeof attachedFile>;

export const userContent = z.object({
  text: z.string(),
  files: z.array(attachedFile).default([]),
});
export type UserContent = z.infer<typeof userContent>;

export const assistantPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image_data'), mime_type: z.string(), data: z.string() }),
  z.object({ type: z.literal('image_url'), url: z.string() }),
  /** A stored image the model generated, fetched (owner only) from `url` under the API base. */
  z.object({
    type: z.literal('image_file'),
    id: z.string(),
    mime_type: z.string(),
    size: z.number().int().nonnegative(),
    url: z.string(),
  }),
]);
export type AssistantPart = z.infer<typeof assistantPart>;

/** A plain string for a text answer, a list of parts when it holds images. */
export const assistantContent = z.union([z.string(), z.array(assistantPart)]);
export type AssistantContent = z.infer<typeof assistantContent>;

/**
 * A web page a searched answer may cite: `[n]` in the answer's text refers to the source whose `index` is
 * n (1-based, in the order the search returned them).
 */
export const searchSource = z.object({
  index: z.number().int().positive(),
  title: z.string(),
  url: z.string(),
  /** What the search engine quoted from the page; may be empty. */
  snippet: z.string().default(''),
  /** The site's name or host, for the sources list. */
  site: z.string().optional(),
  /** When the page was published, as the engine gave it (ISO 8601 or the engine's own text). */
  published_at: z.string().optional(),
});
export type SearchSource = z.infer<typeof searchSource>;

/**
 * What became of a turn's web search: `done` with the number of results (zero when nothing was found),
 * or `failed` with the reason shown to the user (the model then answered without search).
 */
export const turnSearch = z.object({
  query: z.string(),
  status: z.enum(['done', 'failed']),
  count: z.number().int().nonnegative().default(0),
  error: z.string().nullable().optional(),
});
export type TurnSearch = z.infer<typeof turnSearch>;

/** What the server records about a turn's answer; also the payload of the stream's `final_data`. */
export const turnMetadata = z.looseObject({
  status: z.enum(MESSAGE_STATUSES).optional(),
  model_id: z.string().optional(),
  model_name: z.string().optional(),
  usage: tokenUsage.nullable().optional(),
  credits_charged: z.number().int().nonnegative().optional(),
  /** The reason shown when status is `error`. */
  error: z.string().nullable().optional(),
  /**
   * True when the answer stopped at the length the balance paid for (余额不足，回答已截断); absent
   * otherwise.
   */
  credits_limited: z.boolean().optional(),
  /** The turn's web search, when the user turned it on (联网搜索). */
  search: turnSearch.optional(),
  /** The pages the search found, which the answer cites as [1] [2] …; absent without a search. */
  sources: z.array(searchSource).optional(),
  /**
   * Notes about the answer the user should read beside it: a generated image the server dropped (not an
   * image, too large) or could not store. Absent when there are none.
   */
  notices: z.array(z.string()).optional(),
});
export type TurnMetadata = z.infer<typeof turnMetadata>;

const messageBase = {
  id: z.string(),
  created_at: z.string(),
  /**
   * The message this one follows (null for a chat's first message). A chat is a tree: regenerating an
   * answer or editing a question adds a sibling, a new version, beside the old one.
   */
  parent_id: z.string().nullable().optional(),
  /**
   * The ids of this message's versions (itself among them), oldest first; one id when it has none.
   * Absent from servers that keep no versions.
   */
  versions: z.array(z.string()).optional(),
};

export const chatMessage = z.discriminatedUnion('role', [
  z.object({ ...messageBase, role: z.literal('user'), content: userContent }),
  z.object({
    ...messageBase,
    role: z.literal('assistant'),
    content: assistantContent,
    metadata: turnMetadata.default({}),
  }),
]);
export type ChatMessage = z.infer<typeof chatMessage>;

/**
 * A session with the messages of its current branch (the chosen version at every fork), oldest first,
 * always in user/assistant pairs so that a message's turn index is floor(position / 2).
 */
export const sessionDetail = chatSession.extend({ history: z.array(chatMessage) });
export type SessionDetail = z.infer<typeof sessionDetail>;

/** Renames a session or pins it to the top of the history (either or both). */
export const updateSessionRequest = z
  .object({
    title: z.string().max(MAX_TITLE_LENGTH).optional(),
    pinned: z.boolean().optional(),
  })
  .refine((body) => body.title !== undefined || body.pinned !== undefined, {
    message: '请提供 title 或 pinned',
  });
export type UpdateSessionRequest = z.input<typeof updateSessionRequest>;

/** The JSON form of create-turn; the multipart form carries the same object in its `data` part. */
export const createTurnRequest = z
  .object({
    session_id: z.string().nullable().optional().default(null),
    model_id: z.string().min(1),
    /** The question; not sent when an answer is regenerated (its question is the stored one). */
    prompt: z.object({ text: z.string().max(MAX_PROMPT_LENGTH) }).optional(),
    search_enabled: z.boolean().optional().default(false),
    /**
     * Edit: a user message of the session that `prompt` replaces as a new version. The answer follows
     * the new question; the old question and everything after it stay as the other version.
     */
    edit_message_id: z.string().nullable().optional(),
    /** Regenerate: an answer of the session to answer again as a new version, from the same question. */
    regenerate_message_id: z.string().nullable().optional(),
  })
  .refine((body) => body.prompt !== undefined || typeof body.regenerate_message_id === 'string', {
    // Worded as zod's own required-field error (the server's zh-CN error map), which this replaces.
    message: '该字段是必填项。',
    path: ['prompt'],
  })
  .refine((body) => !(body.edit_message_id && body.regenerate_message_id), {
    message: '不能同时编辑与重新生成',
    path: ['regenerate_message_id'],
  });
export type CreateTurnRequest = z.input<typeof createTurnRequest>;

/** Chooses which version of a message the session shows (and the model sees as context). */
export const selectVersionRequest = z.object({ message_id: z.string().min(1) });
export type SelectVersionRequest = z.input<typeof selectVersionRequest>;

/** Body code of a turn refused because the balance cannot cover its minimum (HTTP 402). */
export const INSUFFICIENT_CREDITS_CODE = 'insufficient_credits';

/** `code` values of the stream's `error` event. */
export const STREAM_ERROR_CODES = [
  'provider_unreachable',
  'provider_auth',
  'provider_rate_limited',
  'provider_unavailable',
  'provider_error',
  'provider_timeout',
  'internal',
] as const;
export type StreamErrorCode = (typeof STREAM_ERROR_CODES)[number];
