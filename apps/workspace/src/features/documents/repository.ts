import { getTokenOwner } from '@wanxiang/api-client';
import { createIndexedDbDocumentRepository, type DocumentRepository } from '@wanxiang/editor';
import { api } from '../../session/api';

/** The app's one local document repository, shared by the home and the editor. */
export const documentRepository: DocumentRepository = createIndexedDbDocumentRepository();

/** The signed-in owner of local documents, from the access token's claims. */
export function currentOwner(): string {
  return getTokenOwner(api.tokens.getAccessToken());
}
