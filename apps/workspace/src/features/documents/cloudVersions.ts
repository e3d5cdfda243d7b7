import type { DocsApi } from '@wanxiang/api-client';
import type { DocumentContent, VersionEntry, VersionSource } from '@wanxiang/editor';

const PAGE = 30;

/**
 * 版本历史 of a cloud document: the server keeps every save (thinning old autosaves). Naming the current
 * version saves it to the cloud first, then names the newest version there; a restore's save says which
 * version it puts back.
 */
export function createCloudVersionSource({
  docs,
  cloudId,
  saveNow,
  markRestore,
}: {
  docs: Pick<DocsApi, 'versions' | 'version' | 'nameVersion'>;
  cloudId: string;
  /** Pushes what is stored locally to the cloud; resolves once it is there. */
  saveNow(): Promise<void>;
  /** Says that the next save to the cloud puts back this version. */
  markRestore(version: number): void;
}): VersionSource {
  return {
    place: 'cloud',
    async list(cursor) {
      const page = await docs.versions(cloudId, {
        limit: PAGE,
        ...(cursor ? { before: Number(cursor) } : {}),
      });
      return {
        entries: page.versions.map(
          (v): VersionEntry => ({
            id: String(v.version),
            version: v.version,
            createdAt: Date.parse(v.created_at),
            kind: v.kind,
            name: v.name,
            size: v.size,
            sizeDelta: v.size_delta,
          }),
        ),
        next: page.next_before === null ? null : String(page.next_before),
      };
    },
    async read(id) {
      return (await docs.version(cloudId, Number(id))).content as unknown as DocumentContent;
    },
    async name(id, name) {
      await docs.nameVersion(cloudId, Number(id), name);
    },
    willRestore(id) {
      markRestore(Number(id));
    },
    async nameCurrent(name) {
      await saveNow();
      const [newest] = (await docs.versions(cloudId, { limit: 1 })).versions;
      if (!newest) throw new Error('no version yet');
      await docs.nameVersion(cloudId, newest.version, name);
    },
  };
}
