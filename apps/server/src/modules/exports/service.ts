import {
  DOCUMENT_MAX_DEPTH,
  documentContentInput,
  EXPORT_EXPIRED_CODE,
  EXPORT_MAX_BYTES,
  EXPORT_TTL_SECONDS,
  type ExportFormat,
  type ExportTask,
  exportsPaths,
  isNestedDeeperThan,
} from '@wanxiang/api-client/contract';
import { and, eq, lt, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { exportFiles } from '../../db/schema';
import { formatBytes, HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { isUuid } from '../../ids';
import { documentNotFound, findOwnedDocument } from '../docs/service';
import { withoutBidiControls } from '../files/names';
import { checkRoom, releaseStorageOf, reserveStorage } from '../storage/quota';
import type { ExportSource } from './produce';
import { ExportBusyError, ExportRejectedError, type ExportRunner, ExportTimeoutError } from './runner';

const m = messages.exports;

export interface ExportServiceOptions {
  runner: ExportRunner;
  /** Seconds a produced file can be downloaded. */
  ttlSeconds?: number;
  /** The runner's time limit, for the message of a timeout. */
  timeoutSeconds: number;
  logger: Logger;
  now?: () => Date;
}

export interface StoredExport {
  fileName: string;
  mime: string;
  data: Buffer;
}

/**
 * Server-side exports: a document is converted on the export worker and the file kept for
 * its owner until it expires; the answer is where to download it. Another user's export, like another
 * user's document, is a 404.
 */
export class ExportService {
  private readonly ttl: number;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly options: ExportServiceOptions,
  ) {
    this.ttl = options.ttlSeconds ?? EXPORT_TTL_SECONDS;
    this.now = options.now ?? (() => new Date());
  }

  async exportCloud(userId: string, docId: string, format: ExportFormat): Promise<ExportTask> {
    const row = await findOwnedDocument(this.db, userId, docId);
    if (!row) throw documentNotFound();
    // Saves are refused this deep now, but a document stored before the limit may be: the converters
    // walk it by recursion, so it never reaches them.
    if (isNestedDeeperThan(row.content, DOCUMENT_MAX_DEPTH))
      throw new HttpError(400, { detail: m.tooDeep(DOCUMENT_MAX_DEPTH) });
    // Likewise its shape: the converters trust it, and a save checks it now, but older ones did not.
    const checked = documentContentInput.safeParse(row.content);
    if (!checked.success)
      throw new HttpError(400, { detail: m.damaged(checked.error.issues[0]?.path.join('.') ?? '') });
    return this.produce(userId, format, { kind: 'content', content: row.content, title: row.title });
  }

  async exportTransient(
    userId: string,
    body: { format: ExportFormat; title?: string | undefined; lexdoc?: unknown; html?: string | undefined },
  ): Promise<ExportTask> {
    const title = body.title?.trim() ? { title: body.title } : {};
    let source: ExportSource;
    if (body.lexdoc !== undefined) source = { kind: 'lexdoc', lexdoc: body.lexdoc, ...title };
    else if (body.html?.trim()) source = { kind: 'html', html: body.html, ...title };
    else throw new HttpError(400, { detail: m.needsDocument, errors: { lexdoc: [m.needsDocument] } });
    const size = Buffer.byteLength(JSON.stringify(body.lexdoc ?? body.html));
    if (size > EXPORT_MAX_BYTES)
      throw new HttpError(413, { detail: m.tooLarge(formatBytes(size), formatBytes(EXPORT_MAX_BYTES)) });
    return this.produce(userId, body.format, source);
  }

  /** The owner's file; 404 for anyone else or an unknown id, 410 once it has expired (and it is dropped). */
  async download(userId: string, id: string): Promise<StoredExport> {
    if (!isUuid(id)) throw new HttpError(404, { detail: m.notFound });
    const [row] = await this.db
      .select()
      .from(exportFiles)
      .where(and(eq(exportFiles.id, id), eq(exportFiles.userId, userId)))
      .limit(1);
    if (!row) throw new HttpError(404, { detail: m.notFound });
    if (row.expiresAt.getTime() <= this.now().getTime()) {
      await this.dropFiles(eq(exportFiles.id, id));
      throw new HttpError(410, { detail: m.expired, code: EXPORT_EXPIRED_CODE });
    }
    return { fileName: row.fileName, mime: row.mime, data: row.data };
  }

  /** Drops expired files; run by the maintenance timer. */
  async sweep(): Promise<number> {
    return this.dropFiles(lt(exportFiles.expiresAt, this.now()));
  }

  /** Deletes files and gives their bytes back to their owners' storage, in one transaction. */
  private async dropFiles(where: SQL | undefined): Promise<number> {
    return this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(exportFiles)
        .where(where)
        .returning({ userId: exportFiles.userId, size: exportFiles.size });
      await releaseStorageOf(
        tx,
        gone.map((file) => [file.userId, file.size] as const),
      );
      return gone.length;
    });
  }

  private async produce(userId: string, format: ExportFormat, source: ExportSource): Promise<ExportTask> {
    // A full account is told before the work, not after it; the file's bytes are reserved once known.
    await checkRoom(this.db, userId, messages.storage.exportFile);
    let file: Awaited<ReturnType<ExportRunner['run']>>;
    try {
      file = await this.options.runner.run({ format, source }, userId);
    } catch (error) {
      if (error instanceof ExportRejectedError) throw new HttpError(400, { detail: error.message });
      if (error instanceof ExportTimeoutError)
        throw new HttpError(503, { detail: m.timedOut(this.options.timeoutSeconds), code: 'export_timeout' });
      if (error instanceof ExportBusyError)
        throw new HttpError(503, { detail: m.busy, code: 'export_busy' }, { 'retry-after': '10' });
      this.options.logger.error({ err: error, format }, 'export failed');
      throw new HttpError(500, { detail: m.failed });
    }
    // The name comes from the document's title, the sender's words: shown and downloaded, so cleaned.
    const fileName = withoutBidiControls(file.fileName);
    const expiresAt = new Date(this.now().getTime() + this.ttl * 1000);
    const row = await this.db.transaction(async (tx) => {
      await reserveStorage(tx, userId, file.bytes.byteLength, messages.storage.exportFile);
      const [inserted] = await tx
        .insert(exportFiles)
        .values({
          userId,
          format,
          fileName,
          mime: file.mime,
          size: file.bytes.byteLength,
          data: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
          expiresAt,
        })
        .returning({ id: exportFiles.id });
      if (!inserted) throw new Error('insert returned no row');
      return inserted;
    });
    return {
      id: row.id,
      format,
      file_name: fileName,
      size: file.bytes.byteLength,
      mime: file.mime,
      download_url: `/api${exportsPaths.download(row.id)}`,
      expires_at: expiresAt.toISOString(),
    };
  }
}
