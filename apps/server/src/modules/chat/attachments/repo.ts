/** The rows of the chat's files; every read is scoped by the owner, so another user's file is not found. */
import { type Attachment, attachmentPath } from '@wanxiang/api-client/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chatAttachments } from '../../../db/schema';
import { isUuid } from '../../../ids';
import type { FileStore } from '../../files/store';
import { releaseStorageOf } from '../../storage/quota';

/** A file in the store, as a turn carries it until its rows are written. */
export interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  key: string;
  truncated: boolean;
}

export type AttachmentRow = typeof chatAttachments.$inferSelect;

/** The store key of a user's file. */
export const fileKey = (userId: string, id: string) => `chat/${userId}/${id}`;

/** A message's file on the wire (also what the user message's `parts` keep). */
export function attachmentJson(file: Omit<StoredFile, 'key'>): Attachment {
  return {
    id: file.id,
    name: file.name,
    type: file.mimeType,
    size: file.size,
    url: attachmentPath(file.id),
    truncated: file.truncated,
  };
}

export async function insertAttachments(
  db: Db,
  owner: { userId: string; sessionId: string; messageId: string },
  files: readonly StoredFile[],
  kind: 'upload' | 'generated',
  /** The first file's place among the message's files (a generated image is added one at a time). */
  from = 0,
): Promise<void> {
  if (files.length === 0) return;
  await db.insert(chatAttachments).values(
    files.map((file, index) => ({
      id: file.id,
      userId: owner.userId,
      sessionId: owner.sessionId,
      messageId: owner.messageId,
      position: from + index,
      name: file.name,
      mimeType: file.mimeType,
      size: file.size,
      storageKey: file.key,
      kind,
      truncated: file.truncated,
    })),
  );
}

export async function messageFiles(db: Db, messageId: string): Promise<StoredFile[]> {
  const rows = await db
    .select()
    .from(chatAttachments)
    .where(eq(chatAttachments.messageId, messageId))
    .orderBy(asc(chatAttachments.position));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    mimeType: row.mimeType,
    size: row.size,
    key: row.storageKey,
    truncated: row.truncated,
  }));
}

/** A file of the user's, or undefined (another user's file is as absent as a missing one). */
export async function findAttachment(db: Db, userId: string, id: string): Promise<AttachmentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(chatAttachments)
    .where(and(eq(chatAttachments.id, id), eq(chatAttachments.userId, userId)))
    .limit(1);
  return row;
}

/** Those of `keys` that no row names: files whose turn never wrote its rows. */
export async function unrecordedKeys(db: Db, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const recorded = await db
    .select({ key: chatAttachments.storageKey })
    .from(chatAttachments)
    .where(inArray(chatAttachments.storageKey, [...keys]));
  const known = new Set(recorded.map((row) => row.key));
  return keys.filter((key) => !known.has(key));
}

/**
 * A turn's files are stored before its rows are written (the stream must not wait for them); a crash in
 * between leaves files no row names. Those older than this are swept: a live turn writes its rows within
 * its first-token timeout.
 */
export const UNRECORDED_FILE_AGE_MS = 15 * 60_000;

/**
 * Removes the stored chat files no row names, written more than UNRECORDED_FILE_AGE_MS ago, and gives
 * their bytes back to their owners' storage (reserved when they were stored; the owner is in the key).
 */
export async function sweepUnrecordedFiles(db: Db, store: FileStore, now = Date.now()): Promise<number> {
  if (!store.keysWrittenBefore) return 0;
  const files = await store.keysWrittenBefore('chat', new Date(now - UNRECORDED_FILE_AGE_MS));
  const sizes = new Map(files.map((file) => [file.key, file.size]));
  const keys = [...sizes.keys()];
  let removed = 0;
  // A few hundred at a time, so that one statement's list of keys stays small.
  for (let start = 0; start < keys.length; start += 500) {
    const orphans = await unrecordedKeys(db, keys.slice(start, start + 500));
    await store.delete(orphans);
    await releaseStorageOf(
      db,
      orphans.flatMap((key) => {
        const owner = key.split('/')[1];
        return owner ? [[owner, sizes.get(key) ?? 0] as const] : [];
      }),
    );
    removed += orphans.length;
  }
  return removed;
}
