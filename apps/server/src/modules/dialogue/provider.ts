/** Calling a model provider for a turn's stream. */
import { APICallError } from 'ai';
import type { LanguageModelV3 } from '../models/registry';
import { dataUrlBytes } from './attachments/generated';
import type { Prompt } from './prompt';

export type StreamPart =
  Awaited<ReturnType<LanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

const RETRY_BASE_MS = 1000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The provider's stream, retrying a call that failed before answering (429, 5xx, no connection) up to
 * `retries` times with exponential backoff.
 */
export async function openStream(
  call: { model: LanguageModelV3; prompt: Prompt; maxOutputTokens: number; rawChunks?: boolean },
  signal: AbortSignal,
  retries: number,
): Promise<ReadableStream<StreamPart>> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { stream } = await call.model.doStream({
        prompt: call.prompt,
        maxOutputTokens: call.maxOutputTokens,
        abortSignal: signal,
        ...(call.rawChunks ? { includeRawChunks: true } : {}),
      });
      return stream;
    } catch (error) {
      const retryable = APICallError.isInstance(error) && error.isRetryable;
      if (!retryable || attempt >= retries || signal.aborted) throw error;
      await sleep(RETRY_BASE_MS * 2 ** attempt, signal);
    }
  }
}

/**
 * The images in one chunk of an OpenAI-compatible stream. The AI SDK's provider reads only text, reasoning
 * and tool calls from a chunk; services that generate images (OpenRouter and the gateways that follow it)
 * send them as `choices[].delta.images`: `[{ type: 'image_url', image_url: { url: 'data:image/png;base64,…' } }]`.
 * Only data: URLs are taken: fetching an address a provider names would let it point the server anywhere.
 * `linked` counts the images given by another address, so the answer can say they were not shown.
 */
export function imagesOfChunk(raw: unknown): { images: Uint8Array[]; linked: number } {
  const found: Uint8Array[] = [];
  let linked = 0;
  const choices = (raw as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices)) return { images: found, linked };
  for (const choice of choices) {
    const images = (choice as { delta?: { images?: unknown } } | null)?.delta?.images;
    if (!Array.isArray(images)) continue;
    for (const image of images) {
      const url = (image as { image_url?: { url?: unknown } } | null)?.image_url?.url;
      if (typeof url !== 'string') continue;
      const decoded = dataUrlBytes(url);
      if (decoded) found.push(decoded.bytes);
      else if (!url.startsWith('data:')) linked += 1;
    }
  }
  return { images: found, linked };
}
