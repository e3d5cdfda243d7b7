/** Calling a model provider for a turn's stream. */
import { APICallError } from 'ai';
import type { LanguageModelV3 } from '../models/registry';
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
  call: { model: LanguageModelV3; prompt: Prompt; maxOutputTokens: number },
  signal: AbortSignal,
  retries: number,
): Promise<ReadableStream<StreamPart>> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { stream } = await call.model.doStream({
        prompt: call.prompt,
        maxOutputTokens: call.maxOutputTokens,
        abortSignal: signal,
      });
      return stream;
    } catch (error) {
      const retryable = APICallError.isInstance(error) && error.isRetryable;
      if (!retryable || attempt >= retries || signal.aborted) throw error;
      await sleep(RETRY_BASE_MS * 2 ** attempt, signal);
    }
  }
}
