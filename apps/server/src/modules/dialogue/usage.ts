/** What an answer used, for its record and its price. */
import type { TokenUsage } from '@wanxiang/api-client/contract';
import { estimateTokens } from './tokens';

/**
 * The provider's reported usage for an answer that completed; for one cut short (stopped, failed,
 * interrupted) the provider reports none, or too little: what was sent and what came back is counted.
 * `null` when nothing was generated.
 */
export function answerUsage(answer: {
  generated: boolean;
  complete: boolean;
  text: string;
  promptTokens: number;
  reported: { input: number; output: number } | undefined;
}): TokenUsage | null {
  const { generated, complete, text, promptTokens, reported } = answer;
  if (!generated) return null;
  if (reported && complete) {
    return {
      input_tokens: reported.input,
      output_tokens: reported.output,
      total_tokens: reported.input + reported.output,
      estimated: false,
    };
  }
  const input = reported?.input ?? promptTokens;
  const output = Math.max(reported?.output ?? 0, estimateTokens(text));
  return { input_tokens: input, output_tokens: output, total_tokens: input + output, estimated: !reported };
}
