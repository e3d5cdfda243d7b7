/** The reports' summary written by a configured model, through the same registry as the chat. */
import { generateText } from 'ai';
import type { Logger } from 'pino';
import type { ModelRegistry } from '../models/registry';
import type { Summarizer } from './service';

const SUMMARY_TOKENS = 400;
const SUMMARY_TIMEOUT_MS = 60_000;

/** None when no model is named (the rules write the summary) or the named one is not configured. */
export function modelSummarizer(
  registry: ModelRegistry,
  modelId: string | undefined,
  logger: Logger,
): Summarizer | undefined {
  if (!modelId) return undefined;
  const entry = registry.get(modelId);
  if (!entry) {
    logger.warn(
      { model: modelId },
      'STRATEGY_SUMMARY_MODEL is not a configured model; the rules write summaries',
    );
    return undefined;
  }
  return async (prompt) => {
    const { text } = await generateText({
      model: entry.model,
      prompt,
      maxOutputTokens: SUMMARY_TOKENS,
      abortSignal: AbortSignal.timeout(SUMMARY_TIMEOUT_MS),
    });
    return text;
  };
}
