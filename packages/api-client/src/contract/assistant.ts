/**
 * The wire contract of the editor's writing assistant: a question about one document, answered
 * as a server-sent stream. A document bound to the cloud (a uuid, with or without hyphens) asks through
 * `/docs/{docId}/assistant/`, which keeps the document's assistant history per user; any other through the
 * transient endpoint, which keeps none. Shared by the server (validation, OpenAPI) and the client.
 */
import { z } from 'zod';
import { MAX_PROMPT_LENGTH, tokenUsage } from './chat';

export const assistantPaths = {
  cloud: (docId: string) => `/docs/${encodeURIComponent(docId)}/assistant/`,
  transient: '/assistant/transient',
  history: (docId: string) => `/docs/${encodeURIComponent(docId)}/assistant/history`,
} as const;

/** The most turns of a document's assistant history one request returns (the newest ones). */
export const MAX_ASSISTANT_HISTORY = 100;

/** The turns of context sent when the context toggle is on; a transient question has none. */
export const ASSISTANT_CONTEXT_TURNS = 5;
export const MAX_ASSISTANT_CONTEXT_TURNS = 20;
/** The longest document the client may send, in characters (the server cuts it to the model's budget). */
export const MAX_DOC_MARKDOWN_LENGTH = 2_000_000;

/** A document id for the assistant is a uuid, with or without hyphens. */
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export function isAssistantDocId(id: string | null | undefined): id is string {
  return typeof id === 'string' && UUID.test(id);
}

/** The canonical (hyphenated, lower-case) form of a document id that {@link isAssistantDocId} accepts. */
export function canonicalDocId(id: string): string {
  const hex = id.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const assistantRequest = z.object({
  model_id: z.string().min(1),
  user_input: z.string().max(MAX_PROMPT_LENGTH),
  conversation_type: z.string().max(40).default('general'),
  context_enabled: z.boolean().default(false),
  /** 5 with context on, 0 otherwise (and always 0 on the transient endpoint). */
  context_turns: z.number().int().min(0).max(MAX_ASSISTANT_CONTEXT_TURNS).default(0),
  /** The document as Markdown; the server cuts a long one to the model's budget around `focus_offset`. */
  document_markdown: z.string().max(MAX_DOC_MARKDOWN_LENGTH).default(''),
  /** The selected text, when there is a selection. */
  selection: z.string().max(MAX_PROMPT_LENGTH).default(''),
  /** Where the selection or the caret is in `document_markdown`, in characters. */
  focus_offset: z.number().int().min(0).optional(),
});
export type AssistantRequest = z.input<typeof assistantRequest>;

/** Sent once when the answer ended: what it used and cost. */
export const assistantComplete = z.object({
  turn_id: z.string(),
  status: z.enum(['complete', 'stopped', 'error']),
  model_id: z.string(),
  usage: tokenUsage.nullable(),
  credits_charged: z.number().int().nonnegative(),
  credits_balance: z.number().int().optional(),
  /** How the document was given to the model (cut around the selection or the caret), or null when whole. */
  document_note: z.string().nullable().default(null),
});
export type AssistantComplete = z.infer<typeof assistantComplete>;

/** A stream event: one `data:` line `{ type, content }`; the stream ends with `data: [DONE]`. */
export const assistantFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), content: z.string() }),
  z.object({ type: z.literal('doc_complete'), content: assistantComplete }),
  z.object({ type: z.literal('error'), content: z.string() }),
]);
export type AssistantFrame = z.infer<typeof assistantFrame>;
export const ASSISTANT_FRAME_TYPES = ['text', 'doc_complete', 'error'] as const;

export function encodeAssistantFrame(frame: AssistantFrame): string {
  return `data: ${JSON.stringify(frame)}\n\n`;
}

/**
 * A file a question came with, as the history keeps it: its name, type and size. Its text went to the
 * model as reference material; the file itself is not kept.
 */
export const assistantTurnFile = z.object({
  name: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
});
export type AssistantTurnFile = z.infer<typeof assistantTurnFile>;

/** One answered turn of a document's assistant history (GET history), oldest first. */
export const assistantHistoryItem = z.object({
  id: z.string(),
  question: z.string(),
  /** The files the question came with (empty for most). */
  files: z.array(assistantTurnFile).default([]),
  answer: z.string(),
  status: z.enum(['complete', 'stopped', 'error']),
  model_id: z.string(),
  model_name: z.string(),
  credits_charged: z.number().int().nonnegative(),
  created_at: z.string(),
});
export type AssistantHistoryItem = z.infer<typeof assistantHistoryItem>;
export const assistantHistory = z.object({ items: z.array(assistantHistoryItem) });
export const assistantHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_ASSISTANT_HISTORY).default(50),
});
