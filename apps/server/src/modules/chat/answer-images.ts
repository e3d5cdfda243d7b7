/**
 * The images a model generates in an answer: each shown to the watchers at once and stored once the
 * answer's row exists. One that is not an image, too large or one too many is dropped with a note the user
 * reads under the answer.
 */
import type { StreamImageData } from '@wanxiang/api-client/contract';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { messages } from '../../i18n/zh-CN';
import type { FileStore } from '../files/store';
import type { StreamPart } from '../models/language-model';
import { StorageFullError } from '../storage/quota';
import type { AnswerWriter } from './answer-writer';
import {
  type AnswerPart,
  checkGeneratedImage,
  imagesOfChunk,
  MAX_GENERATED_IMAGES,
  storeGeneratedImage,
} from './attachments/generated';

const m = messages.chat;

export interface AnswerImagesDeps {
  db: Db;
  logger: Logger;
  /** Where generated images are kept; without one they are shown but not kept. */
  files?: FileStore | undefined;
  stagingDir?: string | undefined;
}

export class AnswerImages {
  /** The answer's generated images (their storing, in order) and notes on those dropped. */
  private readonly parts: Promise<AnswerPart>[] = [];
  private kept = 0;
  private linkedNoted = false;

  constructor(
    private readonly deps: AnswerImagesDeps,
    private readonly turn: { turnId: string; userId: string; sessionId: string; assistantMessageId: string },
    private readonly writer: AnswerWriter,
    private readonly show: (image: StreamImageData) => void,
  ) {}

  /** A stream part the relay hands on: an image file, or an OpenAI-compatible chunk with images in it. */
  async part(part: StreamPart): Promise<void> {
    if (part.type === 'file') {
      if (part.mediaType.startsWith('image/')) {
        await this.accept(typeof part.data === 'string' ? Buffer.from(part.data, 'base64') : part.data);
      }
    } else if (part.type === 'raw') {
      // Images in an OpenAI-compatible chunk (see imagesOfChunk); nothing else is read from it.
      const { images, linked } = imagesOfChunk(part.rawValue);
      for (const bytes of images) await this.accept(bytes);
      if (linked > 0 && !this.linkedNoted) {
        this.linkedNoted = true;
        this.note(m.generatedImageLinked);
      }
    }
  }

  /** Whether the answer said anything in images: an image counts, kept or not (the provider made it). */
  get any(): boolean {
    return this.parts.length > 0 || this.kept > 0;
  }

  /** The answer's parts once every image is stored or dropped. */
  settled(): Promise<AnswerPart[]> {
    return Promise.all(this.parts);
  }

  private note(text: string): void {
    this.parts.push(Promise.resolve({ type: 'notice', text }));
  }

  private async accept(bytes: Uint8Array): Promise<void> {
    const { deps, turn } = this;
    if (this.kept >= MAX_GENERATED_IMAGES) {
      if (this.kept === MAX_GENERATED_IMAGES) this.note(m.generatedImageTooMany(MAX_GENERATED_IMAGES));
      this.kept += 1;
      return;
    }
    const checked = await checkGeneratedImage(bytes);
    if ('problem' in checked) {
      deps.logger.warn({ turn: turn.turnId, size: bytes.length }, 'dropped a generated image');
      this.note(checked.problem);
      return;
    }
    const position = this.kept;
    this.kept += 1;
    this.show({ mime_type: checked.mimeType, data: Buffer.from(bytes).toString('base64') });
    const store = deps.files;
    const owner = { userId: turn.userId, sessionId: turn.sessionId, messageId: turn.assistantMessageId };
    const saving = this.writer.persist().then(async (): Promise<AnswerPart> => {
      try {
        if (!store || !this.writer.stored)
          throw new Error(store ? 'the answer was not stored' : 'no file store');
        return await storeGeneratedImage(
          { db: deps.db, store, stagingDir: deps.stagingDir },
          owner,
          { bytes, ...checked },
          position,
        );
      } catch (error) {
        // A full account is the user's to see, not a fault of the server.
        if (error instanceof StorageFullError) return { type: 'notice', text: error.message };
        deps.logger.error({ err: error, turn: turn.turnId }, 'could not store a generated image');
        return { type: 'notice', text: m.generatedImageNotStored };
      }
    });
    this.parts.push(saving);
  }
}
