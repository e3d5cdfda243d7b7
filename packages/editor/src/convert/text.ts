import { t } from '../i18n/zh-CN';
import { CONVERT_LIMITS, ConvertError, checkSize } from './errors';
import { documentTitleOf, editorState, type JsonNode, paragraphNode, textNode } from './nodes';
import type { ConvertedDocument } from './types';

/**
 * Text files as a Chinese user has them: UTF-8 (a BOM dropped), or GB18030 — what Windows' Notepad and many
 * older tools save — when the bytes are not valid UTF-8. TextDecoder knows gb18030 in browsers and Node.
 * A file with NUL bytes or mostly control characters is a binary file with a text extension: refused.
 */
export function decodeText(input: ArrayBuffer | Uint8Array): string {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  checkSize(bytes, CONVERT_LIMITS.textBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  if (looksBinary(text)) throw new ConvertError('NOT_TEXT', t.convert.notText);
  return text.replace(/^\uFEFF/, '');
}

function looksBinary(text: string): boolean {
  const sample = text.slice(0, 64 * 1024);
  if (sample.includes('\u0000')) return true;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) || code === 0xfffd) control++;
  }
  return control > sample.length * 0.05;
}

/** A plain text file: one paragraph per line, titled by its first non-empty line. */
export function textToDocument(input: ArrayBuffer | Uint8Array): ConvertedDocument {
  const text = decodeText(input);
  const paragraphs: JsonNode[] = text
    .split(/\r\n|\r|\n/)
    .map((line) => paragraphNode(line ? [textNode(line.replace(/\t/g, '    '))] : []));
  if (!text.trim()) throw new ConvertError('EMPTY_FILE', t.convert.emptyFile);
  const state = editorState(paragraphs);
  return { editorState: state, title: documentTitleOf(state) };
}
