/**
 * Who may ask about a cloud document. The cloud documents table is built by another issue; until it is
 * merged this accepts any well-formed document id for any signed-in user. That leaks nothing: a document's
 * assistant history is kept per (user, document), so a user only ever sees their own turns. The lead wires
 * the documents module's owner check in here at merge ('missing' → 404, 'forbidden' → 403).
 */
import type { Db } from '../../db/client';

export type DocumentAccess = 'ok' | 'missing' | 'forbidden';

export async function checkDocumentChatAccess(
  _db: Db,
  _userId: string,
  _docId: string,
): Promise<DocumentAccess> {
  return 'ok';
}
