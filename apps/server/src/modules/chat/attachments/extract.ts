/**
 * What a model is given for an attached file: an image as image input (for a model that sees images),
 * text files as their text, PDF and DOCX text read on the reader's threads (reader.ts, read.ts).
 * A legacy .doc gets a clear note instead: no maintained JavaScript library reads the binary Word 97
 * format (word-extractor is unmaintained), and shelling out to LibreOffice per upload would make a chat
 * turn wait seconds on a converter. Text longer than the file's share of the model's context is cut, and
 * the cut is said in words the model (and so the user) sees.
 */
import type { Readable } from 'node:stream';
import { ATTACHMENT_KINDS, type AttachmentKind } from '@wanxiang/api-client/contract';
import { HttpError } from '../../../http/errors';
import { messages } from '../../../i18n/zh-CN';
import { type AttachmentReader, FileTooLargeToRead, ReaderBusyError } from './reader';

const m = messages.chat;

/** An attachment as the prompt carries it (see prompt.ts). */
export interface PromptAttachment {
  name: string;
  mimeType: string;
  size: number;
  /** Image bytes, for a model that sees images. */
  data?: Uint8Array;
  /** The file's text (possibly cut), or a note saying why there is none. */
  text?: string;
  /** True when `text` was cut to fit. */
  truncated: boolean;
}

export interface AttachmentSource {
  name: string;
  mimeType: string;
  size: number;
  open(): Promise<Readable>;
}

async function readAll(stream: Readable, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    total += buffer.length;
    if (total >= maxBytes) {
      stream.destroy();
      break;
    }
  }
  const all = Buffer.concat(chunks);
  return all.length > maxBytes ? all.subarray(0, maxBytes) : all;
}

/** UTF-8, or GB18030 when the bytes are not UTF-8; a character cut at the end is dropped. */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return new TextDecoder('gb18030').decode(bytes, { stream: true });
  }
}

function kindOf(mimeType: string): AttachmentKind | undefined {
  return (Object.keys(ATTACHMENT_KINDS) as AttachmentKind[]).find(
    (kind) => ATTACHMENT_KINDS[kind].mime === mimeType,
  );
}

function cut(text: string, maxChars: number): { text: string; truncated: boolean } {
  const normalised = text.replace(/\r\n?/g, '\n').trim();
  const chars = Array.from(normalised);
  if (chars.length <= maxChars) return { text: normalised, truncated: false };
  return { text: chars.slice(0, maxChars).join(''), truncated: true };
}

/**
 * The attachment for the prompt. `maxChars` is the file's share of the context: a character is counted
 * as a token, as Chinese text is, so the share holds in the worst case.
 */
export interface ReadOptions {
  /** Reads PDF and Word files; without one, such a file is given to the model as unreadable. */
  reader?: AttachmentReader;
  /** Whose file it is: the reader serves users in turn. */
  owner?: string;
}

/**
 * A file the reader refused as too large (a zip bomb, a page-tree bomb) refuses the question before any
 * credit is held: a 400 naming the file.
 */
function tooLargeToRead(name: string): HttpError {
  const problem = m.attachmentTooLargeToRead(name);
  return new HttpError(400, { detail: problem, errors: { files: [problem] } });
}

export async function attachmentForModel(
  source: AttachmentSource,
  options: { seesImages: boolean; maxChars: number } & ReadOptions,
): Promise<PromptAttachment> {
  const base = { name: source.name, mimeType: source.mimeType, size: source.size, truncated: false };
  const kind = kindOf(source.mimeType);
  if (kind && ATTACHMENT_KINDS[kind].image) {
    if (!options.seesImages) return { ...base, text: m.attachmentImageUnseen };
    return { ...base, data: new Uint8Array(await readAll(await source.open())) };
  }
  try {
    let text: string;
    switch (kind) {
      case 'doc':
        return { ...base, text: m.attachmentDocUnreadable };
      case 'pdf':
      case 'docx': {
        if (!options.reader) return { ...base, text: m.attachmentUnreadable(m.attachmentNoReader) };
        const bytes = await readAll(await source.open());
        text = (await options.reader.read(kind, bytes, options.maxChars, options.owner ?? '')).text;
        if (kind === 'pdf' && text.trim() === '') return { ...base, text: m.attachmentPdfNoText };
        break;
      }
      default: {
        // Four bytes a character at most: reading that much is enough for the share, whatever the size.
        const bytes = await readAll(await source.open(), options.maxChars * 4 + 4);
        const decoded = decodeText(bytes);
        // A file longer than what was read has more than maxChars characters, so cut() reports it cut.
        return { ...base, ...cut(decoded, options.maxChars) };
      }
    }
    return { ...base, ...cut(text, options.maxChars) };
  } catch (error) {
    if (error instanceof FileTooLargeToRead) throw tooLargeToRead(source.name);
    if (error instanceof ReaderBusyError)
      throw new HttpError(503, { detail: m.attachmentReaderBusy }, { 'retry-after': '5' });
    return { ...base, text: m.attachmentUnreadable((error as Error).message || String(error)) };
  }
}

/** Context left free beside the question and the longest answer, for the template's own tokens. */
export const CONTEXT_HEADROOM_TOKENS = 500;
/** The least a text file is given, even when the context is nearly full: its opening is better than nothing. */
export const MIN_FILE_CHARS = 2000;

/**
 * The files as the model gets them, read one at a time (each PDF or Word file whole on a reader thread). Text files share what the context leaves beside what the prompt already uses and the answer.
 */
export async function attachmentsForModel(
  files: readonly AttachmentSource[],
  model: { contextTokens: number; maxOutputTokens: number; supportsImages: boolean },
  usedTokens: number,
  reading: ReadOptions = {},
): Promise<PromptAttachment[]> {
  if (files.length === 0) return [];
  const readers = files.filter((file) => !file.mimeType.startsWith('image/')).length;
  const available = model.contextTokens - model.maxOutputTokens - usedTokens - CONTEXT_HEADROOM_TOKENS;
  const maxChars = Math.max(MIN_FILE_CHARS, Math.floor(available / Math.max(1, readers)));
  const attachments: PromptAttachment[] = [];
  for (const file of files)
    attachments.push(
      await attachmentForModel(file, { seesImages: model.supportsImages, maxChars, ...reading }),
    );
  return attachments;
}
