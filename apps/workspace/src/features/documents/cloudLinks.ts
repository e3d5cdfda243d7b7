/**
 * Which local document is bound to which cloud document (spec README decision 4: a local document gets
 * its uuid on its first cloud save and keeps that link). A link also remembers the cloud version the local
 * copy was last saved as or loaded from (the base of the next save), a fingerprint of what was saved then
 * (an unchanged document is not saved again), and whether local changes still wait for the cloud.
 *
 * Links are small and read synchronously by every tab, so they live in localStorage; the content itself
 * stays in IndexedDB with the document.
 */
export interface CloudLink {
  cloudId: string;
  /** The cloud version the local copy is based on. */
  version: number;
  /** Fingerprint of the title and content last saved to (or loaded from) the cloud. */
  savedHash: string;
  /** Local changes not yet in the cloud (offline, or a save failed): pushed when the server answers. */
  dirty: boolean;
}

export const CLOUD_LINKS_KEY = 'wanxiang-cloud-links';

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

export const cloudLinks = {
  get(owner: string, localId: string): CloudLink | null {
    return readAll()[owner]?.[localId] ?? null;
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
    if (current) cloudLinks.set(owner, localId, { ...current, ...change });
  },
  remove(owner: string, localId: string) {
    const all = readAll();
    if (!all[owner]?.[localId]) return;
    delete all[owner][localId];
    writeAll(all);
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
