import { downloadBlob } from '../../../browser/download';
import { chatText } from '../messages';
import type { ChatMessage } from './types';

/** An export's file name has each of \ / : * ? " < > | replaced with an underscore. */
export function exportFileName(title: string): string {
  const base = title.replace(/[\\/:*?"<>|]/g, '_').trim() || chatText.untitled;
  return `${base}.md`;
}

/**
 * A line of the user's own text as literal Markdown: the characters that would start a heading, list,
 * quote, code, emphasis, link or table are backslash-escaped (CommonMark lets any ASCII punctuation be).
 */
function literalLine(line: string): string {
  return line
    .replace(/[\\`*_[\]<>#~|!]/g, (c) => `\\${c}`)
    .replace(
      /^(\s*)([-+=]|\d+[.)])(?=\s|$)/,
      (_, space: string, marker: string) => `${space}${marker.replace(/[-+=.)]$/, (c) => `\\${c}`)}`,
    );
}

/**
 * The chat as a Markdown document: its title, then each message under who wrote it (the answer's model
 * named). The user's text is kept as typed, in a quote block, escaped so that Markdown characters in a
 * question do not turn into formatting, its lines kept apart by hard breaks; the answers are Markdown
 * already.
 */
export function chatToMarkdown(title: string, messages: readonly ChatMessage[]): string {
  const out = [`# ${title}`];
  for (const message of messages) {
    if (message.role === 'user') {
      out.push(`## ${chatText.you}`);
      out.push(
        message.text
          .split('\n')
          .map((line, i, lines) => {
            if (!line) return '>';
            // A backslash at the end of a line is a hard break: the next line of the question stays its own.
            const hardBreak = i < lines.length - 1 && lines[i + 1] ? '\\' : '';
            return `> ${literalLine(line)}${hardBreak}`;
          })
          .join('\n'),
      );
    } else {
      out.push(`## ${chatText.assistant}${message.modelName ? `（${message.modelName}）` : ''}`);
      if (message.text) out.push(message.text.trim());
      if (message.status === 'stopped') out.push(`*${chatText.stopped}*`);
      if (message.error) out.push(`**${chatText.messageError(message.error)}**`);
    }
  }
  return `${out.join('\n\n')}\n`;
}

/** Hands the text to the browser as a download. */
export function downloadText(fileName: string, text: string, type = 'text/markdown;charset=utf-8'): void {
  downloadBlob(new Blob([text], { type }), fileName);
}
