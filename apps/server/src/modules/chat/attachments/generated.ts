/**
 * Images a model generates, kept like the user's uploads: checked by their bytes, written to the file
 * store under the user's key, recorded as files of the answer (chat_attachments, kind `generated`), and
 * referenced from the answer's stored parts by id. The answer's row never holds the bytes: a few images
 * in base64 would make every read of the session's history carry megabytes.
 *
 * The tab watching the answer still gets the bytes in its `image_data` frames, so that the image shows at
 * once; after a reload the history names the stored file, which the tab fetches with the user's token.
 */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AssistantPart, ATTACHMENT_KINDS, attachmentPath } from '@wanxiang/api-client/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../../db/client';
import { formatBytes } from '../../../http/errors';
import { messages } from '../../../i18n/zh-CN';
import type { FileStore } from '../../files/store';
import { releaseStorage, reserveStorage } from '../../storage/quota';
import { fileKey, insertAttachments } from './repo';

const m = messages.chat;

/**
 * The largest generated image kept. A 4096×4096 PNG of a photograph is about this size; anything larger
 * is no picture a chat needs, and it would travel as base64 in the stream as well.
 */
export const MAX_GENERATED_IMAGE_BYTES = 20 * 1024 * 1024;
/** Images one answer may keep; the rest are dropped with a note. */
export const MAX_GENERATED_IMAGES = 10;

/** An answer's stored image: its file's id, type and size (its address is derived from the id). */
export interface ImageFilePart {
  type: 'image_file';
  id: string;
  mime_type: string;
  size: number;
}

/** An image as answers stored it before generated images went to the file store: inline base64. */
export interface InlineImagePart {
  type: 'image_data';
  mime_type: string;
  data: string;
}

/** A note about the answer the user reads beside it (an image dropped, and why). */
export interface NoticePart {
  type: 'notice';
  text: string;
}

/** What an answer's `parts` hold. */
export type AnswerPart = ImageFilePart | InlineImagePart | NoticePart;

export function answerParts(parts: unknown): AnswerPart[] {
  return Array.isArray(parts) ? (parts as AnswerPart[]) : [];
}

/** The image parts of an answer on the wire, in order; stored ones with their address. */
export function wireImages(parts: readonly AnswerPart[]): AssistantPart[] {
  return parts.flatMap((part): AssistantPart[] => {
    if (part.type === 'image_file') return [{ ...part, url: attachmentPath(part.id) }];
    if (part.type === 'image_data') return [part];
    return [];
  });
}

export function noticesOf(parts: readonly AnswerPart[]): string[] {
  return parts.flatMap((part) => (part.type === 'notice' ? [part.text] : []));
}

const IMAGE_TYPES = new Map<string, string>(
  Object.values(ATTACHMENT_KINDS)
    .filter((kind) => kind.image)
    .map((kind) => [kind.mime, kind.extensions[0]] as const),
);

/**
 * What the bytes are, whatever the provider called them: one of the image types uploads accept (JPEG,
 * PNG, GIF, WebP; an SVG could carry script), or the note that says why the image is dropped.
 */
export async function checkGeneratedImage(
  bytes: Uint8Array,
): Promise<{ mimeType: string; extension: string } | { problem: string }> {
  if (bytes.length > MAX_GENERATED_IMAGE_BYTES) {
    return { problem: m.generatedImageTooLarge(formatBytes(MAX_GENERATED_IMAGE_BYTES)) };
  }
  const sniffed = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  const extension = sniffed && IMAGE_TYPES.get(sniffed.mime);
  if (!sniffed || !extension) return { problem: m.generatedImageInvalid };
  return { mimeType: sniffed.mime, extension };
}

/** The image's bytes from a data: URL (`data:image/png;base64,…`); undefined for anything else. */
export function dataUrlBytes(url: string): { mediaType: string; bytes: Buffer } | undefined {
  const match = /^data:([^;,]*)(;base64)?,/i.exec(url);
  if (!match) return undefined;
  const body = url.slice(match[0].length);
  const bytes = match[2] ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body), 'latin1');
  return { mediaType: match[1] || 'application/octet-stream', bytes };
}

export interface GeneratedImageOwner {
  userId: string;
  sessionId: string;
  /** The answer the image belongs to; its row must exist (the file's row refers to it). */
  messageId: string;
}

/**
 * Writes a checked image to the store and records it as the answer's file number `position` (from 0).
 * The store takes a local file (uploads arrive as files), so the bytes go through one in `stagingDir`;
 * a failure to record the row removes the stored bytes again.
 */
export async function storeGeneratedImage(
  deps: { db: Db; store: FileStore; stagingDir?: string | undefined },
  owner: GeneratedImageOwner,
  image: { bytes: Uint8Array; mimeType: string; extension: string },
  position: number,
): Promise<ImageFilePart> {
  const id = randomUUID();
  const key = fileKey(owner.userId, id);
  const size = image.bytes.length;
  // Kept like an upload, so counted like one: an account with no room keeps the answer's text, not this.
  await reserveStorage(deps.db, owner.userId, size, messages.storage.generatedImage);
  const staged = path.join(deps.stagingDir ?? tmpdir(), `generated-${id}`);
  try {
    await writeFile(staged, image.bytes, { mode: 0o600 });
    await deps.store.put(key, staged, image.mimeType);
  } catch (error) {
    await deps.store.delete([key]).catch(() => undefined);
    await releaseStorage(deps.db, owner.userId, size).catch(() => undefined);
    throw error;
  } finally {
    await rm(staged, { force: true });
  }
  const file = {
    id,
    name: m.generatedImageName(position + 1, image.extension),
    mimeType: image.mimeType,
    size,
    key,
    truncated: false,
  };
  try {
    await insertAttachments(deps.db, owner, [file], 'generated', position);
  } catch (error) {
    await deps.store.delete([key]).catch(() => undefined);
    await releaseStorage(deps.db, owner.userId, size).catch(() => undefined);
    throw error;
  }
  return { type: 'image_file', id, mime_type: image.mimeType, size: file.size };
}

/**
 * The images in one chunk of an OpenAI-compatible stream. The AI SDK's provider reads only text, reasoning
 * and tool calls from a chunk; services that generate images (OpenRouter and the gateways that follow it)
 * send them as `choices[].delta.images`: `[{ type: 'image_url', image_url: { url: 'data:image/png;base64,…' } }]`.
 * Only data: URLs are taken: fetching an address a provider names would let it point the server anywhere.
 * `linked` counts the images given by another address, so the answer can say they were not shown.
 */
export function imagesOfChunk(raw: unknown): { images: Uint8Array[]; linked: number } {
  const found: Uint8Array[] = [];
  let linked = 0;
  const choices = (raw as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices)) return { images: found, linked };
  for (const choice of choices) {
    const images = (choice as { delta?: { images?: unknown } } | null)?.delta?.images;
    if (!Array.isArray(images)) continue;
    for (const image of images) {
      const url = (image as { image_url?: { url?: unknown } } | null)?.image_url?.url;
      if (typeof url !== 'string') continue;
      const decoded = dataUrlBytes(url);
      if (decoded) found.push(decoded.bytes);
      else if (!url.startsWith('data:')) linked += 1;
    }
  }
  return { images: found, linked };
}
