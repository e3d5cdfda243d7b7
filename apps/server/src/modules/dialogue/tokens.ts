/**
 * A tokenizer-free estimate of token counts, used where a provider reports none (a stopped stream, the
 * up-front minimum, the offline model). It errs high rather than low, script by script, as the BPE
 * vocabularies of the models offered here split text:
 * - Chinese, Japanese and Korean characters: one token each;
 * - Latin, Greek and Cyrillic letters, digits, spaces and punctuation: about four characters a token;
 * - an emoji or pictograph: two tokens;
 * - any other script (Thai, Devanagari, Arabic, Hebrew, Tamil…), whose letters and marks the vocabularies
 *   rarely merge: one token a character. (Counting these at four a character, as before, let a stopped
 *   answer in Thai or Hindi pay a tenth of its cost.)
 */
const WIDE = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const COMPACT = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]/u;
/** Role markers and separators each message costs in a chat template. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

export function estimateTokens(text: string): number {
  let whole = 0;
  let compact = 0;
  for (const char of text) {
    if (WIDE.test(char)) whole += 1;
    else if (PICTOGRAPH.test(char)) whole += 2;
    else if (COMPACT.test(char)) compact += 1;
    else whole += 1;
  }
  return whole + Math.ceil(compact / 4);
}

export function estimatePromptTokens(messages: readonly { text: string }[]): number {
  return messages.reduce((sum, message) => sum + estimateTokens(message.text) + MESSAGE_OVERHEAD_TOKENS, 0);
}
