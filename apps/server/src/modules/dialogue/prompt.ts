/** What the model is given for a turn: the earlier exchanges of its session and the new prompt. */
import type { LanguageModelV3 } from '../models/registry';
import type { MessageRow } from './repo';

export type Prompt = Parameters<LanguageModelV3['doStream']>[0]['prompt'];

export interface ContextMessage {
  role: 'user' | 'assistant';
  text: string;
}

const TITLE_LENGTH = 30;

export function titleFrom(prompt: string): string {
  // A title is plain text in the history list: the prompt's Markdown marks (headings, quotes, bold,
  // strike, code ticks) would show raw there. Only unambiguous marks go; a lone * may be arithmetic.
  const plain = prompt
    .replace(/^\s{0,3}(#{1,6}|>+)\s+/gm, '')
    .replace(/(\*\*|__|~~|`+)(?=\S)([\s\S]*?\S)\1/g, '$2');
  const flat = plain.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > TITLE_LENGTH ? `${chars.slice(0, TITLE_LENGTH).join('')}…` : flat;
}

/** Earlier exchanges the model sees: answered turns only, newest last, at most `limit` messages. */
export function contextOf(rows: MessageRow[], limit: number): ContextMessage[] {
  const usable: ContextMessage[] = [];
  for (const row of rows) {
    if (row.role === 'user') usable.push({ role: 'user', text: row.text });
    else if (row.text.trim() !== '' && row.status !== 'streaming')
      usable.push({ role: 'assistant', text: row.text });
  }
  return limit === 0 ? [] : usable.slice(-limit);
}

export function toPrompt(messages: ContextMessage[]): Prompt {
  return messages.map((message) => ({ role: message.role, content: [{ type: 'text', text: message.text }] }));
}
