/** The reports' summary written by a model of the catalog, through the same registry as the chat. */
import { generateText } from 'ai';
import type { Logger } from 'pino';
import type { ModelCatalog } from '../models/catalog';
import type { Summarizer } from './service';

const SUMMARY_TOKENS = 400;
const SUMMARY_TIMEOUT_MS = 60_000;

/**
 * None when no model is named: the rules write the summary. The model is looked up in the catalog at each
 * run, so that one disabled or removed in the console fails that run's summary (the rules write it then).
 */
export function modelSummarizer(
  catalog: ModelCatalog,
  modelId: string | undefined,
  logger: Logger,
): Summarizer | undefined {
  if (!modelId) return undefined;
  return async (prompt) => {
    const entry = (await catalog.current()).get(modelId);
    if (!entry) {
      logger.warn({ model: modelId }, 'STRATEGY_SUMMARY_MODEL is not an enabled model of the catalog');
      throw new Error(`STRATEGY_SUMMARY_MODEL ${modelId} is not an enabled model of the catalog`);
    }
    const { text } = await generateText({
      model: entry.model,
      prompt,
      maxOutputTokens: SUMMARY_TOKENS,
      abortSignal: AbortSignal.timeout(SUMMARY_TIMEOUT_MS),
    });
    return text;
  };
}
