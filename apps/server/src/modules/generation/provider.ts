/** Calling a model provider for a generation's stream. */
import { APICallError } from 'ai';
import type { LanguageModelV3, Prompt, StreamPart } from '../models/language-model';

const RETRY_BASE_MS = 1000;

/** One call to a model: what it is given and how long its answer may be. */
export interface ProviderCall {
  model: LanguageModelV3;
  prompt: Prompt;
  maxOutputTokens: number;
  /** The provider's raw chunks too (`raw` parts), for what its SDK does not read from them. */
  rawChunks?: boolean;
}

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
  call: ProviderCall,
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
