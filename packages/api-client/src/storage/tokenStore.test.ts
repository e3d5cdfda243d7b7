import { describe, expect, it, vi } from 'vitest';
import { createSelectedModelStore } from './selectedModel';
import { createMemoryStorage, resolveBrowserStorage } from './storage';
import { TokenStore } from './tokenStore';

describe('legacy token migration', () => {
  it.each(['token', 'auth_token'])('moves a legacy %s to access_token, once', (key) => {
    const storage = createMemoryStorage({ [key]: 'legacy-jwt' });
    const store = new TokenStore(storage);
    expect(store.getAccessToken()).toBe('legacy-jwt');
    expect(storage.getItem(key)).toBeNull();
    // A later value under the legacy key (an old tab still writing) does not override the migrated one.
    storage.setItem(key, 'other');
    storage.setItem('access_token', 'current');
    new TokenStore(storage);
    expect(storage.getItem('access_token')).toBe('current');
    expect(storage.getItem(key)).toBeNull();
  });

  it('prefers `token` over `auth_token` and removes both', () => {
    const storage = createMemoryStorage({ token: 'first', auth_token: 'second' });
    expect(new TokenStore(storage).getAccessToken()).toBe('first');
    expect(storage.getItem('auth_token')).toBeNull();
  });

  it('never overrides a current access token', () => {
    const storage = createMemoryStorage({ token: 'legacy', access_token: 'current' });
    expect(new TokenStore(storage).getAccessToken()).toBe('current');
    expect(storage.getItem('token')).toBeNull();
  });

  it('does not resurrect a session after a logout', () => {
    const storage = createMemoryStorage({ token: 'legacy', logged_out: '1' });
    const store = new TokenStore(storage);
    expect(store.getAccessToken()).toBeNull();
    expect(storage.getItem('token')).toBeNull();
  });
});

describe('tokens', () => {
  it('stores, reads and clears the pair under access_token and refresh_token', () => {
    const storage = createMemoryStorage();
    const store = new TokenStore(storage);
    expect(store.hasTokens()).toBe(false);
    store.setTokens({ access: 'a', refresh: 'r' });
    expect([storage.getItem('access_token'), storage.getItem('refresh_token')]).toEqual(['a', 'r']);
    store.setTokens({ access: 'a2' });
    expect(store.getRefreshToken()).toBe('r');
    store.clearTokens();
    expect(store.hasTokens()).toBe(false);
  });

  it('keeps the logged-out flag', () => {
    const storage = createMemoryStorage();
    const store = new TokenStore(storage);
    store.setLoggedOut(true);
    expect(new TokenStore(storage).isLoggedOut()).toBe(true);
    store.setLoggedOut(false);
    expect(storage.getItem('logged_out')).toBeNull();
  });
});

describe('device id', () => {
  it('is generated once and kept', () => {
    const storage = createMemoryStorage();
    const generate = vi.fn(() => 'dev-1');
    const store = new TokenStore(storage, { generateDeviceId: generate });
    expect(store.getDeviceId()).toBe('dev-1');
    expect(store.getDeviceId()).toBe('dev-1');
    expect(new TokenStore(storage, { generateDeviceId: generate }).getDeviceId()).toBe('dev-1');
    expect(generate).toHaveBeenCalledTimes(1);
  });

  it('is a v4 UUID by default', () => {
    expect(new TokenStore(createMemoryStorage()).getDeviceId()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('falls back to getRandomValues outside secure contexts', async () => {
    const { randomUuid } = await import('./uuid');
    // Shadows Crypto.prototype.randomUUID on the instance, as an insecure page sees it.
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    const getRandomValues = vi.spyOn(globalThis.crypto, 'getRandomValues');
    try {
      const ids = new Set(Array.from({ length: 100 }, () => randomUuid()));
      expect(getRandomValues).toHaveBeenCalledTimes(100);
      expect(ids.size).toBe(100);
      for (const id of ids) {
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      }
    } finally {
      getRandomValues.mockRestore();
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof globalThis.crypto.randomUUID).toBe('function');
  });
});

describe('selected model', () => {
  it('persists the selected model id under selected_model_id', () => {
    const storage = createMemoryStorage();
    const selected = createSelectedModelStore(storage);
    expect(selected.get()).toBeNull();
    selected.set(42);
    expect(storage.getItem('selected_model_id')).toBe('42');
    expect(createSelectedModelStore(storage).get()).toBe('42');
    selected.set(null);
    expect(selected.get()).toBeNull();
  });
});

describe('browser storage', () => {
  it('falls back to memory when localStorage is missing or throws', () => {
    const storage = resolveBrowserStorage();
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
    const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      expect(() => resolveBrowserStorage().setItem('a', 'b')).not.toThrow();
    } finally {
      if (original) Object.defineProperty(globalThis, 'localStorage', original);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});
