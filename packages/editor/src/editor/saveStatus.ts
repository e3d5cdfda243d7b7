import { useSyncExternalStore } from 'react';
import type { SaveStatus } from '../plugins/AutosavePlugin';

/**
 * The save status changes every few seconds while typing. It lives in this store, read by the status label
 * alone, so that a save never re-renders the toolbar and the menus.
 */
export interface SaveStatusStore {
  get(): SaveStatus;
  set(status: SaveStatus): void;
  subscribe(listener: () => void): () => void;
}

export function createSaveStatusStore(): SaveStatusStore {
  let status: SaveStatus = 'saved';
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(next) {
      if (next === status) return;
      status = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useSaveStatus(store: SaveStatusStore): SaveStatus {
  return useSyncExternalStore(store.subscribe, store.get);
}
