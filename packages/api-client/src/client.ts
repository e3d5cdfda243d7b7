import { TokenService, type TokenServiceOptions } from './auth/tokenService';
import { type AuthApi, createAuthApi } from './endpoints/auth';
import { createDialogueApi, type DialogueApi } from './endpoints/dialogue';
import { createEmotionApi, type EmotionApi } from './endpoints/emotion';
import { createModelsApi, type ModelsApi } from './endpoints/models';
import { createStrategyApi, type StrategyApi } from './endpoints/strategy';
import { createHttpClient, type FetchLike, type HttpClient } from './http/httpClient';
import { createSelectedModelStore, type SelectedModelStore } from './storage/selectedModel';
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

export interface ApiClient {
  http: HttpClient;
  tokens: TokenService;
  store: TokenStore;
  auth: AuthApi;
  /** The model list with prices. */
  models: ModelsApi;
  /** Chat sessions and turns. */
  dialogue: DialogueApi;
  /** The market emotion series of the strategy board. */
  emotion: EmotionApi;
  /** The strategy runs' nodes and reports, and the subscription. */
  strategy: StrategyApi;
  selectedModel: SelectedModelStore;
  /** Stops the token service's timer. */
  dispose(): void;
}

/** The whole client, wired: storage → token store → token service ⇄ HTTP core → endpoint modules. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
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
  return {
    http,
    tokens,
    store,
    auth: createAuthApi(http, tokens),
    models: createModelsApi(http),
    dialogue: createDialogueApi(http),
    emotion: createEmotionApi(http),
    strategy: createStrategyApi(http),
    selectedModel: createSelectedModelStore(storage),
    dispose: () => tokens.dispose(),
  };
}
