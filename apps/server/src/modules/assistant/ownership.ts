/**
 * Who may ask about a cloud document: its owner. Another user's document, or one that does not exist, is
 * 'missing' (404) — the answer never tells whether someone else has a document with that id.
 */
import type { Db } from '../../db/client';
import { findOwnedDocument } from '../docs/service';

export type DocumentAccess = 'ok' | 'missing' | 'forbidden';

export async function checkDocumentChatAccess(
  db: Db,
  userId: string,
  docId: string,
): Promise<DocumentAccess> {
  return (await findOwnedDocument(db, userId, docId)) ? 'ok' : 'missing';
}
