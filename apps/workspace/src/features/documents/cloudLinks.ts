/**
 * Which local document is bound to which cloud document (a local document gets
 * its uuid on its first cloud save and keeps that link). A link also remembers the cloud version the local
 * copy was last saved as or loaded from (the base of the next save), a fingerprint of what was saved then
 * (an unchanged document is not saved again), and whether local changes still wait for the cloud.
 *
 * Links are small and read synchronously by every tab, so they live in localStorage; the content itself
 * stays in IndexedDB with the document.
 */
export interface CloudLink {
  cloudId: string;
  /**
   * The cloud version the local copy is based on; 0 while the cloud document is not made yet (a new
   * document before its first edit reaches the server, a document queued to move to the cloud): the next
   * push creates it under `cloudId`, chosen here once, so that a retry, a reload or a second tab never makes
   * a second cloud document.
   */
  version: number;
  /** Fingerprint of the title and content last saved to (or loaded from) the cloud. */
  savedHash: string;
  /** Local changes not yet in the cloud (offline, or a save failed): pushed when the server answers. */
  dirty: boolean;
  /** When the changes started waiting (ms): waiting documents are pushed oldest first. */
  queuedAt?: number;
}

export const CLOUD_LINKS_KEY = 'wanxiang-cloud-links';
/** The uuids chosen for first cloud saves not yet confirmed, so that a retry after a reload reuses them. */
export const CLOUD_PENDING_IDS_KEY = 'wanxiang-cloud-pending-ids';

type PendingIds = Record<string, Record<string, string>>;

function readPending(): PendingIds {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(CLOUD_PENDING_IDS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as PendingIds) : {};
  } catch {
    return {};
  }
}

type Links = Record<string, Record<string, CloudLink>>;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readAll(): Links {
  try {
    const raw = storage()?.getItem(CLOUD_LINKS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Links) : {};
  } catch {
    return {};
  }
}

function writeAll(links: Links) {
  storage()?.setItem(CLOUD_LINKS_KEY, JSON.stringify(links));
}

/** Documents the user chose to keep only in this browser (仅保存在本机): never offered the move. */
export const LOCAL_ONLY_KEY = 'wanxiang-local-only';

function readLocalOnly(): Record<string, string[]> {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(LOCAL_ONLY_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, string[]>)
      : {};
  } catch {
    return {};
  }
}

/**
 * A random (version 4) uuid. crypto.randomUUID exists only in a secure context, and the product is also
 * served over plain HTTP on a local network; getRandomValues exists in both.
 */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const cloudLinks = {
  get(owner: string, localId: string): CloudLink | null {
    return readAll()[owner]?.[localId] ?? null;
  },
  /** Every link of the owner, by local id. */
  all(owner: string): Record<string, CloudLink> {
    return { ...(readAll()[owner] ?? {}) };
  },
  /**
   * Binds a local document to a cloud document not made yet: its first push creates it (under a uuid
   * chosen now). `dirty` queues that push at once (a document moved to the cloud); without it the push
   * waits for the first edit (a new blank document). A document already bound keeps its link.
   */
  bindNew(owner: string, localId: string, options: { dirty: boolean; now?: number }): CloudLink {
    const existing = cloudLinks.get(owner, localId);
    if (existing) return existing;
    const link: CloudLink = {
      cloudId: randomUuid(),
      version: 0,
      savedHash: '',
      dirty: options.dirty,
      ...(options.dirty ? { queuedAt: options.now ?? Date.now() } : {}),
    };
    cloudLinks.set(owner, localId, link);
    cloudLinks.setLocalOnly(owner, localId, false);
    return link;
  },
  /** Whether the user chose to keep this document only in this browser. */
  isLocalOnly(owner: string, localId: string): boolean {
    return readLocalOnly()[owner]?.includes(localId) ?? false;
  },
  setLocalOnly(owner: string, localId: string, localOnly: boolean) {
    const all = readLocalOnly();
    const mine = new Set(all[owner] ?? []);
    if (mine.has(localId) === localOnly) return;
    if (localOnly) mine.add(localId);
    else mine.delete(localId);
    all[owner] = [...mine];
    storage()?.setItem(LOCAL_ONLY_KEY, JSON.stringify(all));
  },
  /** The local document bound to a cloud document, if this browser has one. */
  findLocal(owner: string, cloudId: string): string | null {
    const mine = readAll()[owner] ?? {};
    return Object.keys(mine).find((id) => mine[id]?.cloudId === cloudId) ?? null;
  },
  set(owner: string, localId: string, link: CloudLink) {
    const all = readAll();
    all[owner] = { ...(all[owner] ?? {}), [localId]: link };
    writeAll(all);
  },
  update(owner: string, localId: string, change: Partial<CloudLink>) {
    const current = cloudLinks.get(owner, localId);
    if (!current) return;
    const next = { ...current, ...change };
    // The queue's order: when the changes started waiting, kept until they are all saved.
    if (next.dirty && !current.dirty) next.queuedAt = change.queuedAt ?? Date.now();
    else if (next.dirty && current.queuedAt !== undefined) next.queuedAt = current.queuedAt;
    if (!next.dirty) delete next.queuedAt;
    cloudLinks.set(owner, localId, next);
  },
  remove(owner: string, localId: string) {
    const all = readAll();
    if (!all[owner]?.[localId]) return;
    delete all[owner][localId];
    writeAll(all);
  },
  /**
   * The uuid of this local document's first cloud save: chosen once and kept until the save is confirmed,
   * so that a save retried after its answer was lost (or after a reload) makes no second cloud document.
   */
  pendingId(owner: string, localId: string): { id: string; retry: boolean } {
    const all = readPending();
    const kept = all[owner]?.[localId];
    if (kept) return { id: kept, retry: true };
    const id = randomUuid();
    all[owner] = { ...(all[owner] ?? {}), [localId]: id };
    storage()?.setItem(CLOUD_PENDING_IDS_KEY, JSON.stringify(all));
    return { id, retry: false };
  },
  /** The first save was confirmed (the link now holds the id). */
  clearPendingId(owner: string, localId: string) {
    const all = readPending();
    if (!all[owner]?.[localId]) return;
    delete all[owner][localId];
    storage()?.setItem(CLOUD_PENDING_IDS_KEY, JSON.stringify(all));
  },
};

/**
 * A fingerprint of a document's title and content (cyrb53, a 53-bit string hash). Written by hand: it only
 * tells "the same as last saved" apart from "changed", synchronously and without a secure context (which
 * crypto.subtle needs); a collision would at worst skip one save of an otherwise unchanged document.
 */
export function documentHash(title: string, content: unknown): string {
  const text = `${title}\u0000${JSON.stringify(content)}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
