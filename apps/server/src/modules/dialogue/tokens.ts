/**
 * A tokenizer-free estimate of token counts, used where a provider reports none (a stopped stream, the
 * up-front minimum, the offline model). Chinese, Japanese and Korean characters count one token each, as
 * common BPE vocabularies of Chinese models roughly do; other text about four characters per token.
 */
const WIDE = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u;
/** Role markers and separators each message costs in a chat template. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

export function estimateTokens(text: string): number {
  let wide = 0;
  let narrow = 0;
  for (const char of text) {
    if (WIDE.test(char)) wide += 1;
    else narrow += 1;
  }
  return wide + Math.ceil(narrow / 4);
}

export function estimatePromptTokens(messages: readonly { text: string }[]): number {
  return messages.reduce((sum, message) => sum + estimateTokens(message.text) + MESSAGE_OVERHEAD_TOKENS, 0);
}
