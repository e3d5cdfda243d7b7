/**
 * The quick actions on a selection (润色, 扩写, 缩写, 续写, 翻译, 总结): each asks at once with its prompt
 * about the selection, as WPS AI does (the prompt shows as the turn's question). Translation goes the way that makes sense: Chinese text to
 * English, anything else to Chinese.
 */
import { t } from '../i18n/zh-CN';

export const QUICK_ACTIONS = ['polish', 'expand', 'shorten', 'continue', 'translate', 'summarize'] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];
type Prompted = keyof typeof t.assistant.prompts;

const HAN = /\p{Script=Han}/gu;
/** A word of an alphabetic script (English, French, Russian…). */
const WORD = /[\p{L}\p{M}]+/gu;

/**
 * True when the text is mostly Chinese: a Chinese character weighs about as much as a word of an
 * alphabetic language, so characters are compared with the other words.
 */
export function isMostlyChinese(text: string): boolean {
  const han = text.match(HAN)?.length ?? 0;
  const words = text.replace(HAN, ' ').match(WORD)?.length ?? 0;
  return han > 0 && han >= words;
}

function resolved(action: QuickAction, selection: string): Prompted {
  if (action !== 'translate') return action;
  return isMostlyChinese(selection) ? 'toEnglish' : 'toChinese';
}

export function quickActionLabel(action: QuickAction, selection: string): string {
  return t.assistant.quick[resolved(action, selection)];
}

export function quickActionPrompt(action: QuickAction, selection: string): string {
  return t.assistant.prompts[resolved(action, selection)];
}
