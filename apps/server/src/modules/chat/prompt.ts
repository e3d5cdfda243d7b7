/** What the model is given for a turn: the earlier exchanges of its session and the new prompt. */
import { formatBytes } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { ATTACHMENT_OPTION, type AttachmentMark, type Prompt } from '../models/language-model';
import { estimatePromptTokens } from '../models/tokens';
import type { PromptAttachment } from './attachments/extract';
import type { MessageRow } from './repo';

export interface ContextMessage {
  role: 'user' | 'assistant';
  text: string;
  /** The files of the new question (earlier questions' files are named in their text). */
  attachments?: PromptAttachment[];
}

/** The text part of an attached file: a heading naming it, its text, and the note when it was cut. */
export function attachmentText(file: PromptAttachment): string {
  const intro = messages.chat.attachmentIntro(file.name, file.mimeType, formatBytes(file.size));
  const body = file.text ?? '';
  const cut = file.truncated ? `\n${messages.chat.attachmentCut(Array.from(body).length)}` : '';
  return `${intro}：\n<<<\n${body}\n>>>${cut}`;
}

/** The earlier questions' files, named after their text ({name, type}[] in the stored parts). */
function withFileNames(row: MessageRow): string {
  const files = Array.isArray(row.parts) ? (row.parts as { name?: string }[]) : [];
  const names = files.map((file) => file.name).filter(Boolean);
  if (names.length === 0) return row.text;
  const note = messages.chat.attachmentsInHistory(names.join('、'));
  return row.text ? `${row.text}\n${note}` : note;
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
    if (row.role === 'user') usable.push({ role: 'user', text: withFileNames(row) });
    else if (row.text.trim() !== '' && row.status !== 'streaming')
      usable.push({ role: 'assistant', text: row.text });
  }
  return limit === 0 ? [] : usable.slice(-limit);
}

type UserPart = Extract<Prompt[number], { role: 'user' }>['content'][number];

function attachmentPart(file: PromptAttachment): UserPart {
  const mark: AttachmentMark = { name: file.name, type: file.mimeType, size: file.size };
  const providerOptions = { [ATTACHMENT_OPTION]: { attachment: { ...mark } } };
  if (file.data) {
    return { type: 'file', mediaType: file.mimeType, data: file.data, filename: file.name, providerOptions };
  }
  return { type: 'text', text: attachmentText(file), providerOptions };
}

export function toPrompt(context: ContextMessage[]): Prompt {
  return context.map((message) => {
    if (message.role === 'assistant')
      return { role: 'assistant', content: [{ type: 'text', text: message.text }] };
    const files = (message.attachments ?? []).map(attachmentPart);
    const text: UserPart[] =
      message.text === '' && files.length > 0 ? [] : [{ type: 'text', text: message.text }];
    return { role: 'user', content: [...text, ...files] };
  });
}

/** Tokens an image is counted as before the provider says (a 1024² image costs about this much). */
export const IMAGE_TOKENS_ESTIMATE = 1000;

/** The context's tokens as estimated before the provider says: each file's text, a fixed charge per image. */
export function estimateContextTokens(context: ContextMessage[]): number {
  let images = 0;
  const texts = context.map((message) => ({
    text: [
      message.text,
      ...(message.attachments ?? []).map((file) => {
        if (file.data) images += 1;
        return file.data ? '' : attachmentText(file);
      }),
    ].join('\n'),
  }));
  return estimatePromptTokens(texts) + images * IMAGE_TOKENS_ESTIMATE;
}
