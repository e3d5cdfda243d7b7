import { STORAGE_KEYS } from './keys';
import type { StorageLike } from './storage';

/** The chat's selected model id, kept across visits. */
export interface SelectedModelStore {
  get(): string | null;
  /** null forgets the selection. */
  set(id: string | number | null): void;
}

export function createSelectedModelStore(storage: StorageLike): SelectedModelStore {
  return {
    get: () => storage.getItem(STORAGE_KEYS.selectedModelId) || null,
    set: (id) => {
      if (id === null || id === '') storage.removeItem(STORAGE_KEYS.selectedModelId);
      else storage.setItem(STORAGE_KEYS.selectedModelId, String(id));
    },
  };
}
