import type { CloudDocumentSummary } from '@wanxiang/api-client';
import type { DocumentRecord } from '@wanxiang/editor';
import type { CloudLink } from './cloudLinks';

/** Where a document on this device stands with the cloud, as its card says. */
export type DocumentPlace =
  /** In the cloud, nothing waiting. */
  | 'cloud'
  /** Changes (or the whole document) wait for the cloud. */
  | 'waiting'
  /** A new cloud document with nothing written yet: made in the cloud with its first edit. */
  | 'new'
  /** Kept only in this browser. */
  | 'local';

export interface DocumentListing {
  /** Each local document's place, by local id. */
  places: Map<string, DocumentPlace>;
  /** The cloud documents with no copy on this device (made or moved elsewhere), last saved first. */
  cloudOnly: CloudDocumentSummary[];
}

/**
 * Every document once: a local document bound to a cloud document is one row (its card), and the cloud
 * list keeps only the documents this device has no copy of. A link whose local document is gone does not
 * hide its cloud document.
 */
export function mergeListing(
  records: readonly DocumentRecord[],
  cloud: readonly CloudDocumentSummary[],
  links: Readonly<Record<string, CloudLink>>,
): DocumentListing {
  const places = new Map<string, DocumentPlace>();
  const here = new Set<string>();
  for (const record of records) {
    const link = links[record.id];
    if (!link) {
      places.set(record.id, 'local');
      continue;
    }
    here.add(link.cloudId.toLowerCase());
    places.set(record.id, link.dirty ? 'waiting' : link.version === 0 ? 'new' : 'cloud');
  }
  const cloudOnly = cloud
    .filter((doc) => !here.has(doc.id.toLowerCase()))
    .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || a.id.localeCompare(b.id));
  return { places, cloudOnly };
}
