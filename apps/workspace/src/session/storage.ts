import type { StorageUsage } from '@wanxiang/api-client';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { api } from './api';

/** What the server keeps for the user against the allowance, as last fetched; null before that. */
const storageUsageAtom = atom<StorageUsage | null>(null);

/**
 * Fetches the usage again (when the user menu opens). A failure keeps what was shown: the meter is a
 * glance, and the menu already says when the account could not be fetched.
 */
const refreshStorageAtom = atom(null, async (_get, set) => {
  try {
    set(storageUsageAtom, await api.storageUsage.get());
  } catch {
    // Left as it was.
  }
});

const clearStorageAtom = atom(null, (_get, set) => set(storageUsageAtom, null));

export function useStorageUsage(): StorageUsage | null {
  return useAtomValue(storageUsageAtom);
}

/** `refresh()` fetches the usage again; `clear()` forgets it (on logout). */
export function useStorageActions(): { refresh: () => Promise<void>; clear: () => void } {
  const refresh = useSetAtom(refreshStorageAtom);
  const clear = useSetAtom(clearStorageAtom);
  return { refresh: useCallback(() => refresh(), [refresh]), clear };
}
