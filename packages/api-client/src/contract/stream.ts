/**
 * The wire format of the chat's server-sent stream: every frame is one `data:` line with
 * a JSON object `{ type, data }`, followed by a blank line; the stream ends with `data: [DONE]`. Shared by
 * the server (which writes frames with {@link encodeStreamFrame}) and the client's stream reader.
 */
import { z } from 'zod';
import { turnMetadata } from './chat';

export const STREAM_DONE = '[DONE]';

/** An image the model produced, as base64 (no `data:` prefix) with its MIME type. */
export const streamImageData = z.object({
  mime_type: z.string(),
  data: z.string().min(1),
});
export type StreamImageData = z.infer<typeof streamImageData>;

/**
 * Sent once when the answer ends (complete, or stopped by the server). `session_id` is the session the turn
 * belongs to (the new one for a new chat); the rest is the turn's record: status, model, token usage and the
 * credits charged, plus the balance after the charge. Unknown fields are kept as they are.
 */
export const streamFinalData = turnMetadata.extend({
  session_id: z.string().nullable().optional(),
  /** The stored assistant message and the user message it answers. */
  message_id: z.string().optional(),
  user_message_id: z.string().optional(),
  /** The session's title (set from the first prompt). */
  title: z.string().nullable().optional(),
  credits_balance: z.number().int().optional(),
});
export type StreamFinalData = z.infer<typeof streamFinalData>;

/**
 * The first frame of an answer's stream: where the answer is stored, so that the tab (or any other) can
 * stop it through `chatPaths.stopTurn` and follow it through `liveTurn` after a reload. A reader
 * that does not know it skips it.
 */
export const streamTurnData = z.object({
  session_id: z.string(),
  message_id: z.string(),
  user_message_id: z.string(),
  /** The chat's title as the history lists it (a new chat's, from its first question), when known. */
  title: z.string().optional(),
});
export type StreamTurnData = z.infer<typeof streamTurnData>;

export const streamErrorData = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type StreamErrorData = z.infer<typeof streamErrorData>;

/**
 * The turn's web search as it runs, before the answer: `searching` when it starts, then `done` with the
 * number of results or `failed` with the reason (the answer then comes without search).
 */
export const streamSearchData = z.object({
  status: z.enum(['searching', 'done', 'failed']),
  query: z.string(),
  count: z.number().int().nonnegative().optional(),
  message: z.string().optional(),
});
export type StreamSearchData = z.infer<typeof streamSearchData>;

export const chatStreamFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), data: z.string() }),
  z.object({ type: z.literal('image_data'), data: streamImageData }),
  z.object({ type: z.literal('final_data'), data: streamFinalData }),
  z.object({ type: z.literal('error'), data: streamErrorData }),
  z.object({ type: z.literal('search'), data: streamSearchData }),
  z.object({ type: z.literal('turn'), data: streamTurnData }),
]);
export type ChatStreamFrame = z.infer<typeof chatStreamFrame>;
export const CHAT_STREAM_FRAME_TYPES = [
  'text',
  'image_data',
  'final_data',
  'error',
  'search',
  'turn',
] as const;

/** One frame as the bytes of the stream. */
export function encodeStreamFrame(frame: ChatStreamFrame): string {
  return `data: ${JSON.stringify(frame)}\n\n`;
}

export const STREAM_DONE_FRAME = `data: ${STREAM_DONE}\n\n`;
