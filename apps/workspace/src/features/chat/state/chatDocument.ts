import { documentFromMarkdown, type ImportedDocument } from '@wanxiang/editor';
import { chatToMarkdown } from './exportMarkdown';
import type { ChatMessage } from './types';

/**
 * The chat as a new word-processor document (在文档中打开): the same Markdown as the export (the title, each
 * question in a quote, each answer's own Markdown) converted by the editor's Markdown import, so headings,
 * lists, quotes, code blocks and emphasis become the document's own blocks. The document is named after
 * the chat.
 */
export function chatToDocument(title: string, messages: readonly ChatMessage[]): ImportedDocument {
  const converted = documentFromMarkdown(chatToMarkdown(title, messages));
  return { content: converted.content, title };
}
