import { isDeepStrictEqual } from 'node:util';
import {
  type CloudDocument,
  type CloudDocumentContent,
  type CloudDocumentSummary,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TITLE_MAX,
  DOCUMENT_TOO_LARGE_CODE,
  type DocumentSaveKind,
  type DocumentVersion,
  type DocumentVersionList,
  type DocumentVersionSummary,
  documentContentBytes,
  VERSION_NAME_MAX,
} from '@wanxiang/api-client/contract';
import { and, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, documentVersions } from '../../db/schema';
import { formatBytes, HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { withoutBidiControls } from '../files/names';
import { releaseStorage, reserveStorage } from '../storage/quota';
import { keepVersion, versionBytes, versionSummaryOf } from './versions';

const m = messages.docs;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = typeof documents.$inferSelect;

/**
 * The user's own document, or null: another user's document, a deleted one and a malformed id all look
 * the same, so an id never tells whether someone else's document exists. Other modules (the document
 * chat, exports) check ownership with this before they touch a document.
 */
export async function findOwnedDocument(db: Db, userId: string, docId: string): Promise<Row | null> {
  if (!UUID.test(docId)) return null;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, docId), eq(documents.userId, userId)))
    .limit(1);
  return row ?? null;
}

export const documentNotFound = () => new HttpError(404, { detail: m.notFound });

function summaryOf(row: Omit<Row, 'content'>): CloudDocumentSummary {
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    size: row.size,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function documentOf(row: Row): CloudDocument {
  return { ...summaryOf(row), content: row.content as CloudDocumentContent };
}

function titleOf(title: string): string {
  // Cut by characters, not UTF-16 units: a cut through an emoji would leave half of it, which the database
  // cannot store (and which the route refuses when a client sends one).
  // Without bidirectional controls: the title is shown in lists and names the document's exports.
  const characters = Array.from(withoutBidiControls(title).replace(/\s+/g, ' ').trim());
  return characters.slice(0, DOCUMENT_TITLE_MAX).join('').trim() || m.defaultTitle;
}

/** The size of a content, refused with a clear 413 beyond the limit (nothing is written then). */
function checkedSize(content: CloudDocumentContent): number {
  const size = documentContentBytes(content);
  if (size > DOCUMENT_MAX_BYTES)
    throw new HttpError(413, {
      detail: m.tooLarge(formatBytes(size), formatBytes(DOCUMENT_MAX_BYTES)),
      code: DOCUMENT_TOO_LARGE_CODE,
    });
  return size;
}

/** Cloud documents: each user sees, saves and deletes only their own (another's is a 404). */
export class DocumentService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async list(userId: string): Promise<CloudDocumentSummary[]> {
    const rows = await this.db
      .select({
        id: documents.id,
        userId: documents.userId,
        title: documents.title,
        size: documents.size,
        version: documents.version,
        createdAt: documents.createdAt,
        updatedAt: documents.updatedAt,
      })
      .from(documents)
      .where(eq(documents.userId, userId))
      .orderBy(desc(documents.updatedAt), desc(documents.id));
    return rows.map(summaryOf);
  }

  async get(userId: string, id: string): Promise<CloudDocument> {
    const row = await findOwnedDocument(this.db, userId, id);
    if (!row) throw documentNotFound();
    return documentOf(row);
  }

  /** The first cloud save of a document: it gets its uuid here, at version 1. */
  /**
   * The first save. With the client's `id`, a repeat (the answer to the first was lost) makes nothing new
   * and answers the document as it is now; an id another account uses is refused (409).
   */
  async create(
    userId: string,
    input: {
      id?: string | undefined;
      title: string;
      content: CloudDocumentContent;
      kind?: DocumentSaveKind | undefined;
    },
  ): Promise<{ document: CloudDocument; created: boolean }> {
    const size = checkedSize(input.content);
    const id = input.id?.toLowerCase();
    // The bytes are reserved with the row, in one transaction: a repeat that inserts nothing reserves nothing.
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(documents)
        .values({ ...(id ? { id } : {}), userId, title: titleOf(input.title), content: input.content, size })
        .onConflictDoNothing({ target: documents.id })
        .returning();
      if (inserted) {
        await reserveStorage(tx, userId, size, messages.storage.document);
        await keepVersion(
          tx,
          {
            documentId: inserted.id,
            userId,
            version: inserted.version,
            title: inserted.title,
            content: input.content,
            size,
            previousSize: null,
            kind: input.kind ?? 'auto',
            now: this.now(),
          },
          messages.storage.document,
        );
      }
      return inserted;
    });
    if (row) return { document: documentOf(row), created: true };
    if (!id) throw new Error('insert returned no row');
    const [existing] = await this.db.select().from(documents).where(eq(documents.id, id));
    if (!existing || existing.userId !== userId) throw new HttpError(409, { detail: m.idTaken });
    return { document: documentOf(existing), created: false };
  }

  /**
   * Saves a new version on top of `baseVersion`. One conditional UPDATE: it lands whole or not at all (a
   * save that dies midway leaves the last good version), and of two saves from the same version exactly
   * one wins; the other gets 409 with the version that won, so the user can keep both.
   */
  async update(
    userId: string,
    id: string,
    input: {
      title: string;
      content: CloudDocumentContent;
      baseVersion: number;
      kind?: DocumentSaveKind | 'restore' | undefined;
      restoredFrom?: number;
    },
  ): Promise<{ saved: CloudDocument } | { conflict: CloudDocument }> {
    if (!UUID.test(id)) throw documentNotFound();
    const size = checkedSize(input.content);
    const row = await this.db.transaction(async (tx) => {
      const where = and(
        eq(documents.id, id),
        eq(documents.userId, userId),
        eq(documents.version, input.baseVersion),
      );
      // The version saved on is locked, so that what it weighs now is what the new version replaces.
      const [before] = await tx.select({ size: documents.size }).from(documents).where(where).for('update');
      if (!before) return undefined;
      // Only what the document grows by needs room: a save that shrinks it always lands.
      if (size > before.size) await reserveStorage(tx, userId, size - before.size, messages.storage.document);
      else await releaseStorage(tx, userId, before.size - size);
      const [updated] = await tx
        .update(documents)
        .set({
          title: titleOf(input.title),
          content: input.content,
          size,
          version: sql`${documents.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(where)
        .returning();
      if (updated)
        await keepVersion(
          tx,
          {
            documentId: id,
            userId,
            version: updated.version,
            title: updated.title,
            content: input.content,
            size,
            previousSize: before.size,
            kind: input.kind ?? 'auto',
            ...(input.restoredFrom ? { restoredFrom: input.restoredFrom } : {}),
            now: this.now(),
          },
          messages.storage.document,
        );
      return updated;
    });
    if (row) return { saved: documentOf(row) };
    const current = await findOwnedDocument(this.db, userId, id);
    if (!current) throw documentNotFound();
    // The cloud already holds exactly this: the same save again, after its answer was lost (a reload while
    // it was under way), or another tab that saved the same text. Nothing conflicts; it is answered as saved.
    if (current.title === titleOf(input.title) && isDeepStrictEqual(current.content, input.content))
      return { saved: documentOf(current) };
    return { conflict: documentOf(current) };
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!UUID.test(id)) throw documentNotFound();
    const deleted = await this.db.transaction(async (tx) => {
      // Its versions go with it (cascade): their bytes are counted before.
      const versions = await versionBytes(tx, id);
      const rows = await tx
        .delete(documents)
        .where(and(eq(documents.id, id), eq(documents.userId, userId)))
        .returning({ size: documents.size });
      if (rows.length === 0) return rows;
      await releaseStorage(tx, userId, rows.reduce((sum, row) => sum + row.size, 0) + versions);
      return rows;
    });
    if (deleted.length === 0) throw documentNotFound();
  }

  /** 版本历史: a page of the document's versions, newest first, without content. */
  async listVersions(
    userId: string,
    id: string,
    page: { before?: number | undefined; limit: number },
  ): Promise<DocumentVersionList> {
    if (!(await findOwnedDocument(this.db, userId, id))) throw documentNotFound();
    const { content: _content, ...columns } = getTableColumns(documentVersions);
    const rows = await this.db
      .select(columns)
      .from(documentVersions)
      .where(
        and(
          eq(documentVersions.documentId, id),
          page.before === undefined ? undefined : lt(documentVersions.version, page.before),
        ),
      )
      .orderBy(desc(documentVersions.version))
      .limit(page.limit + 1);
    const shown = rows.slice(0, page.limit);
    const last = shown.at(-1);
    return {
      versions: shown.map(versionSummaryOf),
      next_before: rows.length > page.limit && last ? last.version : null,
    };
  }

  /** One version with its content; another user's document, or a thinned version, is a 404. */
  async getVersion(userId: string, id: string, version: number): Promise<DocumentVersion> {
    if (!(await findOwnedDocument(this.db, userId, id))) throw documentNotFound();
    const [row] = await this.db
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.documentId, id), eq(documentVersions.version, version)))
      .limit(1);
    if (!row) throw new HttpError(404, { detail: m.versionNotFound(version) });
    return { ...versionSummaryOf(row), content: row.content as CloudDocumentContent };
  }

  /** 为当前版本命名: names (or, with null or blanks, unnames) a version. */
  async nameVersion(
    userId: string,
    id: string,
    version: number,
    name: string | null,
  ): Promise<DocumentVersionSummary> {
    const cleaned = name === null ? '' : withoutBidiControls(name).replace(/\s+/g, ' ').trim();
    if (Array.from(cleaned).length > VERSION_NAME_MAX)
      throw new HttpError(400, { detail: m.versionNameTooLong(VERSION_NAME_MAX) });
    if (!(await findOwnedDocument(this.db, userId, id))) throw documentNotFound();
    const { content: _content, ...columns } = getTableColumns(documentVersions);
    const [row] = await this.db
      .update(documentVersions)
      .set({ name: cleaned || null })
      .where(and(eq(documentVersions.documentId, id), eq(documentVersions.version, version)))
      .returning(columns);
    if (!row) throw new HttpError(404, { detail: m.versionNotFound(version) });
    return versionSummaryOf(row);
  }

  /**
   * 恢复此版本: saves that version's content as a new version on top of the current one, which stays in
   * the history. Another save landing meanwhile is no conflict: the restore goes on top of it.
   */
  async restoreVersion(userId: string, id: string, version: number): Promise<CloudDocument> {
    const old = await this.getVersion(userId, id, version);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const current = await findOwnedDocument(this.db, userId, id);
      if (!current) throw documentNotFound();
      const answer = await this.update(userId, id, {
        title: old.title,
        content: old.content,
        baseVersion: current.version,
        kind: 'restore',
        restoredFrom: version,
      });
      if ('saved' in answer) return answer.saved;
    }
    throw new HttpError(409, { detail: m.restoreBusy });
  }
}
