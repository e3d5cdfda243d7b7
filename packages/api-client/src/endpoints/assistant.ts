import {
  ASSISTANT_CONTEXT_TURNS,
  ASSISTANT_FRAME_TYPES,
  type AssistantComplete,
  type AssistantHistoryItem,
  type AssistantRequest,
  assistantFrame,
  assistantHistory,
  assistantPaths,
  isAssistantDocId,
} from '../contract/assistant';
import type { HttpClient } from '../http/httpClient';
import { bodyWithFiles } from '../http/upload';
import type { UploadProgress } from '../http/xhrFetch';
import { readBodyText, readFrames } from '../sse/readSse';
import type { CallOptions } from './auth';

export interface AssistantInput {
  /** The document's cloud id; without a valid one (a uuid) the question goes to the transient endpoint. */
  cloudId?: string | null | undefined;
  modelId: string;
  question: string;
  contextEnabled: boolean;
  documentMarkdown?: string;
  selection?: string;
  focusOffset?: number | undefined;
  /**
   * Files the question comes with (checked by the chat's rules); with any, the question is sent as
   * multipart (a `data` field holding the JSON body, repeated `files` parts).
   */
  files?: readonly Blob[] | undefined;
  /** Called as the files are sent (bytes sent, bytes in all); see CreateTurnInput. */
  onUploadProgress?: UploadProgress | undefined;
}

/** What the assistant does with each part of an answer. */
export type AssistantStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'complete'; data: AssistantComplete }
  | { type: 'error'; message: string }
  | { type: 'done' };

/**
 * Where a question goes and with what body: a document with a cloud id (a uuid, hyphens or
 * not) asks its own endpoint, with 5 turns of context when the toggle is on; any other document the
 * transient endpoint, always with 0.
 */
export function assistantTarget(input: AssistantInput): { path: string; body: AssistantRequest } {
  const cloud = isAssistantDocId(input.cloudId);
  const contextEnabled = cloud && input.contextEnabled;
  return {
    path: cloud ? assistantPaths.cloud(input.cloudId as string) : assistantPaths.transient,
    body: {
      model_id: input.modelId,
      user_input: input.question,
      conversation_type: 'general',
      context_enabled: contextEnabled,
      context_turns: contextEnabled ? ASSISTANT_CONTEXT_TURNS : 0,
      document_markdown: input.documentMarkdown ?? '',
      selection: input.selection ?? '',
      ...(input.focusOffset === undefined ? {} : { focus_offset: input.focusOffset }),
    },
  };
}

const knownTypes: ReadonlySet<string> = new Set(ASSISTANT_FRAME_TYPES);

/**
 * The answer's events. An SSE body is read frame by frame (a `data:` line that is not a JSON object is text);
 * a body that is not an event stream at all is read as plain text chunks, as servers that answer in plain
 * text send it.
 */
export async function* readAssistantStream(
  response: Response,
  options: { signal?: AbortSignal } = {},
): AsyncGenerator<AssistantStreamEvent, void, undefined> {
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('text/event-stream')) {
    for await (const text of readBodyText(response, options)) yield { type: 'text', text };
    yield { type: 'done' };
    return;
  }
  for await (const item of readFrames(response, options, knownTypes, assistantFrame)) {
    if (item.kind === 'done') {
      yield { type: 'done' };
      return;
    }
    if (item.kind === 'text') {
      yield { type: 'text', text: item.text };
      continue;
    }
    const frame = item.frame;
    if (frame.type === 'text') yield { type: 'text', text: frame.content };
    else if (frame.type === 'error') yield { type: 'error', message: frame.content };
    else yield { type: 'complete', data: frame.content };
  }
}

export interface AssistantApi {
  /**
   * Asks about a document and yields the answer's events as they stream. A refused question (401/403,
   * 404, 402…) throws its `ApiError` from the first `next()`. Aborting `signal` stops the answer: the
   * server charges only what was generated.
   */
  ask(input: AssistantInput, options?: CallOptions): AsyncGenerator<AssistantStreamEvent, void, undefined>;
  /** This user's answered turns about a cloud document, oldest first (the newest `limit`, default 50). */
  history(cloudId: string, options?: CallOptions & { limit?: number }): Promise<AssistantHistoryItem[]>;
}

export function createAssistantApi(http: HttpClient): AssistantApi {
  return {
    async *ask(input, options = {}) {
      const { path, body } = assistantTarget(input);
      const response = await http.requestResponse(path, {
        method: 'POST',
        headers: { Accept: 'text/event-stream' },
        ...bodyWithFiles(body, input.files, input.onUploadProgress),
        ...options,
      });
      yield* readAssistantStream(response, options.signal ? { signal: options.signal } : {});
    },
    async history(cloudId, { limit, ...options } = {}) {
      const query = limit === undefined ? '' : `?limit=${limit}`;
      const { items } = await http.get(`${assistantPaths.history(cloudId)}${query}`, {
        schema: assistantHistory,
        ...options,
      });
      return items;
    },
  };
}
