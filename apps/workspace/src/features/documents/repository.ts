import { getTokenOwner } from '@wanxiang/api-client';
import {
  createIndexedDbDocumentRepository,
  createLocalVersionStore,
  type DocumentRepository,
} from '@wanxiang/editor';
import { api } from '../../session/api';
import { cloudLinks } from './cloudLinks';

/** The app's one local document repository, shared by the home and the editor. */
export const documentRepository: DocumentRepository = createIndexedDbDocumentRepository();

/** This browser's versions of its documents (版本历史 of a document not in the cloud: the last 20). */
export const documentVersionStore = createLocalVersionStore();

/** The owner of documents made without a signed-in account: they have no cloud to go to. */
const NO_ACCOUNT = 'anon';

/**
 * The repository as the user's new documents see it: a new blank document of a signed-in user is a cloud
 * document (its link chooses its uuid now; it is made on the server with its first edit). Documents made
 * with content (a conflict's kept version, a document fetched from the cloud, an opened file) are bound,
 * or not, by whoever makes them.
 */
export function cloudFirst(
  base: DocumentRepository,
  links: typeof cloudLinks = cloudLinks,
): DocumentRepository {
  return {
    ...base,
    async create(owner, init) {
      const record = await base.create(owner, init);
      if (!init && owner !== NO_ACCOUNT) links.bindNew(owner, record.id, { dirty: false });
      return record;
    },
  };
}

/** The repository the home and the editor make new documents with. */
export const newDocumentRepository: DocumentRepository = cloudFirst(documentRepository);

/** A new document kept only in this browser, by the user's choice (本机文档). */
export async function createLocalOnlyDocument(owner: string): Promise<string> {
  const record = await documentRepository.create(owner);
  cloudLinks.setLocalOnly(owner, record.id, true);
  return record.id;
}

/** The signed-in owner of local documents, from the access token's claims. */
export function currentOwner(): string {
  return getTokenOwner(api.tokens.getAccessToken());
}
