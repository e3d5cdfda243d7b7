import { TokenService, type TokenServiceOptions } from './auth/tokenService';
import { type AuthApi, createAuthApi } from './endpoints/auth';
import { createHttpClient, type FetchLike, type HttpClient } from './http/httpClient';
import { resolveBrowserStorage, type StorageLike } from './storage/storage';
import { TokenStore } from './storage/tokenStore';

export interface ApiClientOptions
  extends Pick<
    TokenServiceOptions,
    'now' | 'eventTarget' | 'autoRefresh' | 'lock' | 'thresholdMs' | 'cooldownMs' | 'maxConsecutiveFailures'
  > {
  /** Default `/api`. */
  baseUrl?: string;
  fetch?: FetchLike;
  /** Default 30 s. */
  timeoutMs?: number;
  /** Default localStorage when usable, else memory. */
  storage?: StorageLike;
  generateDeviceId?: () => string;
}

/**
 * The part of the client that signing in needs, free of zod: token storage, the token service, the HTTP
 * core and the auth endpoints. The sign-in page loads it alone (`@wanxiang/api-client/auth`); the rest of
 * the client is added on top of it by `completeApiClient` once the signed-in screens load.
 */
export interface AuthClient {
  http: HttpClient;
  tokens: TokenService;
  store: TokenStore;
  /** Where the tokens (and the rest of the client's settings) are kept. */
  storage: StorageLike;
  auth: AuthApi;
  /** Stops the token service's timer. */
  dispose(): void;
}

/** Storage → token store → token service ⇄ HTTP core → auth endpoints. */
export function createAuthClient(options: ApiClientOptions = {}): AuthClient {
  const storage = options.storage ?? resolveBrowserStorage();
  const store = new TokenStore(
    storage,
    options.generateDeviceId ? { generateDeviceId: options.generateDeviceId } : {},
  );
  const {
    baseUrl,
    fetch,
    timeoutMs,
    storage: _storage,
    generateDeviceId: _generate,
    ...tokenOptions
  } = options;
  const tokens = new TokenService({ ...tokenOptions, store });
  const http = createHttpClient({
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(fetch === undefined ? {} : { fetch }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    getDeviceId: () => store.getDeviceId(),
    auth: tokens,
  });
  tokens.attachClient(http);
  return { http, tokens, store, storage, auth: createAuthApi(http, tokens), dispose: () => tokens.dispose() };
}
