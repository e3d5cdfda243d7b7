import { type ApiClientOptions, type AuthClient, createAuthClient } from './authClient';
import { type AccountApi, type AdminApi, createAccountApi, createAdminApi } from './endpoints/account';
import { type AssistantApi, createAssistantApi } from './endpoints/assistant';
import { type ChatApi, createChatApi } from './endpoints/chat';
import { createDocsApi, type DocsApi } from './endpoints/docs';
import { createExportsApi, type ExportsApi } from './endpoints/exports';
import { createMarketApi, type MarketApi } from './endpoints/market';
import { createModelsApi, type ModelsApi } from './endpoints/models';
import { createPreferencesApi, type PreferencesApi } from './endpoints/preferences';
import { createSecurityApi, type SecurityApi } from './endpoints/security';
import { createStockApi, type StockApi } from './endpoints/stock';
import { createStorageUsageApi, type StorageUsageApi } from './endpoints/storage';
import { createStrategyApi, type StrategyApi } from './endpoints/strategy';
import { createSelectedModelStore, type SelectedModelStore } from './storage/selectedModel';

export type { ApiClientOptions } from './authClient';

export interface ApiClient extends AuthClient {
  /** The model list with prices. */
  models: ModelsApi;
  /** Chat sessions and turns. */
  chat: ChatApi;
  /** The editor's writing assistant. */
  assistant: AssistantApi;
  /** Cloud documents: list, read, create, versioned save, delete. */
  docs: DocsApi;
  /** Server-side exports of documents (PDF, DOCX, Markdown) and their downloads. */
  exports: ExportsApi;
  /** The market data of the strategy board: the emotion series. */
  market: MarketApi;
  /** The strategy runs' nodes and reports, and the subscription. */
  strategy: StrategyApi;
  /** One stock's page and the user's 自选股. */
  stocks: StockApi;
  /** What the server keeps for the user, against the allowance (`storage` is the token storage). */
  storageUsage: StorageUsageApi;
  /** The account's sign-ins, password, nickname and deletion. */
  security: SecurityApi;
  /** The user's word-processor preferences (编辑 › 偏好设置), kept on the server. */
  preferences: PreferencesApi;
  /** The credit ledger, daily usage and redeem codes. */
  account: AccountApi;
  /** The operators' console: redeem batches, users, credits, roles, audit log (admins only, else 403). */
  admin: AdminApi;
  selectedModel: SelectedModelStore;
}

/** The whole client, wired: storage → token store → token service ⇄ HTTP core → endpoint modules. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  return completeApiClient(createAuthClient(options));
}

/**
 * Adds the other endpoint modules to an auth client, sharing its HTTP core and token service: the app
 * signs in with the light client and completes it when the signed-in screens load.
 */
export function completeApiClient(core: AuthClient): ApiClient {
  return {
    ...core,
    models: createModelsApi(core.http),
    chat: createChatApi(core.http),
    assistant: createAssistantApi(core.http),
    docs: createDocsApi(core.http),
    exports: createExportsApi(core.http),
    market: createMarketApi(core.http),
    strategy: createStrategyApi(core.http),
    stocks: createStockApi(core.http),
    storageUsage: createStorageUsageApi(core.http),
    security: createSecurityApi(core.http, core.tokens),
    preferences: createPreferencesApi(core.http),
    account: createAccountApi(core.http),
    admin: createAdminApi(core.http),
    selectedModel: createSelectedModelStore(core.storage),
  };
}
