/** The part of the Web Storage API the client uses; localStorage in the browser, memory in tests. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function createMemoryStorage(initial: Record<string, string> = {}): StorageLike {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

/**
 * localStorage when it is usable, else memory. Reading `localStorage` can itself throw (blocked cookies,
 * sandboxed iframes) and writes throw in some private modes, so a probe write decides.
 */
export function resolveBrowserStorage(): StorageLike {
  try {
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage;
    if (storage) {
      const probe = '__wanxiang_probe__';
      storage.setItem(probe, probe);
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // fall through to memory
  }
  return createMemoryStorage();
}
