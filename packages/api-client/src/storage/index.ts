export { LEGACY_TOKEN_KEYS, STORAGE_KEYS } from './keys';
export { createSelectedModelStore, type SelectedModelStore } from './selectedModel';
export { createMemoryStorage, resolveBrowserStorage, type StorageLike } from './storage';
export { type StoredTokens, TokenStore, type TokenStoreOptions } from './tokenStore';
export { randomUuid } from './uuid';
