import { LEGACY_TOKEN_KEYS, STORAGE_KEYS } from './keys';
import type { StorageLike } from './storage';
import { randomUuid } from './uuid';

export interface TokenStoreOptions {
  /** Generates the device id; default a random UUID. */
  generateDeviceId?: () => string;
}

export interface StoredTokens {
  access: string;
  /** Absent when the server did not rotate the refresh token: the stored one stays. */
  refresh?: string | undefined;
}

/** The tokens, the device id and the logged-out flag, kept in a Storage. */
export class TokenStore {
  private readonly storage: StorageLike;
  private readonly generateDeviceId: () => string;

  constructor(storage: StorageLike, options: TokenStoreOptions = {}) {
    this.storage = storage;
    this.generateDeviceId = options.generateDeviceId ?? randomUuid;
    this.migrateLegacyToken();
  }

  /**
   * A legacy single token becomes the access token, once: the legacy keys are removed afterwards. It is
   * dropped instead when a current access token exists or the user logged out, so that it can never
   * resurrect a session.
   */
  private migrateLegacyToken(): void {
    const legacy = LEGACY_TOKEN_KEYS.map((key) => this.storage.getItem(key)).find((value) => !!value);
    if (legacy && !this.getAccessToken() && !this.isLoggedOut()) {
      this.storage.setItem(STORAGE_KEYS.accessToken, legacy);
    }
    for (const key of LEGACY_TOKEN_KEYS) this.storage.removeItem(key);
  }

  getAccessToken(): string | null {
    return this.storage.getItem(STORAGE_KEYS.accessToken) || null;
  }

  getRefreshToken(): string | null {
    return this.storage.getItem(STORAGE_KEYS.refreshToken) || null;
  }

  hasTokens(): boolean {
    return this.getAccessToken() !== null || this.getRefreshToken() !== null;
  }

  setTokens(tokens: StoredTokens): void {
    this.storage.setItem(STORAGE_KEYS.accessToken, tokens.access);
    if (tokens.refresh) this.storage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh);
  }

  clearTokens(): void {
    this.storage.removeItem(STORAGE_KEYS.accessToken);
    this.storage.removeItem(STORAGE_KEYS.refreshToken);
  }

  /** The kept device id, generated and stored on first use. */
  getDeviceId(): string {
    const stored = this.storage.getItem(STORAGE_KEYS.deviceId);
    if (stored) return stored;
    const id = this.generateDeviceId();
    this.storage.setItem(STORAGE_KEYS.deviceId, id);
    return id;
  }

  /** The server may assign its own device id at login; it replaces ours. */
  setDeviceId(id: string): void {
    this.storage.setItem(STORAGE_KEYS.deviceId, id);
  }

  isLoggedOut(): boolean {
    return this.storage.getItem(STORAGE_KEYS.loggedOut) === '1';
  }

  setLoggedOut(loggedOut: boolean): void {
    if (loggedOut) this.storage.setItem(STORAGE_KEYS.loggedOut, '1');
    else this.storage.removeItem(STORAGE_KEYS.loggedOut);
  }
}
