/** What an answer used, for its record and its price. */
import type { TokenUsage } from '@wanxiang/api-client/contract';
import { estimateTokens } from '../models/tokens';

/**
 * The provider's usage whenever it reported one (reasoning included in its output tokens). Otherwise (a
 * stream stopped or cut before its end) what was sent and what came back is counted: the prompt, the
 * answer's text and the reasoning the model streamed before it. `null` when nothing was generated: a turn
 * that failed or stopped before the model produced anything costs nothing: the user pays for what the model
 * generated, never for a provider's failure.
 */
export function answerUsage(answer: {
  generated: boolean;
  text: string;
  reasoning: string;
  promptTokens: number;
  reported: { input: number; output: number } | undefined;
}): TokenUsage | null {
  const { generated, text, reasoning, promptTokens, reported } = answer;
  if (!generated) return null;
  if (reported) {
    return {
      input_tokens: reported.input,
      output_tokens: reported.output,
      total_tokens: reported.input + reported.output,
      estimated: false,
    };
  }
  const output = estimateTokens(text) + estimateTokens(reasoning);
  return {
    input_tokens: promptTokens,
    output_tokens: output,
    total_tokens: promptTokens + output,
    estimated: true,
  };
}
