export {
  describeFieldErrors,
  type FormatAuthErrorOptions,
  formatAuthError,
  formatLoginError,
  formatRegisterError,
} from './auth/formatAuthError';
export { decodeJwtPayload, getTokenExpiry, getTokenOwner } from './auth/jwt';
export {
  SESSION_CHECK_INTERVAL_MS,
  type SessionCheckOptions,
  startSessionCheck,
  type VisibilitySource,
} from './auth/sessionCheck';
export {
  AUTH_LOGOUT_EVENT,
  type LockRunner,
  type LogoutDetail,
  type LogoutReason,
  MAX_CONSECUTIVE_REFRESH_FAILURES,
  REFRESH_COOLDOWN_MS,
  TOKEN_REFRESH_THRESHOLD_MS,
  TokenService,
  type TokenServiceOptions,
} from './auth/tokenService';
export { type AuthClient, createAuthClient } from './authClient';
export { type ApiClient, type ApiClientOptions, completeApiClient, createApiClient } from './client';
export * from './contract';
export { type AccountApi, type AdminApi, createAccountApi, createAdminApi } from './endpoints/account';
export {
  type AssistantApi,
  type AssistantInput,
  type AssistantStreamEvent,
  assistantTarget,
  createAssistantApi,
  readAssistantStream,
} from './endpoints/assistant';
export { type AuthApi, type CallOptions, createAuthApi, type LoginOptions } from './endpoints/auth';
export {
  type ChatApi,
  type CreateTurnInput,
  createChatApi,
  type ListOptions,
} from './endpoints/chat';
export { createDocsApi, type DocsApi, type DocumentSaveResult } from './endpoints/docs';
export {
  createExportsApi,
  ExportError,
  type ExportedFile,
  type ExportsApi,
} from './endpoints/exports';
export {
  createMarketApi,
  type DailySeriesRange,
  type MarketApi,
} from './endpoints/market';
export { createModelsApi, type ModelsApi } from './endpoints/models';
export { createPreferencesApi, type PreferencesApi } from './endpoints/preferences';
export { createSecurityApi, type SecurityApi } from './endpoints/security';
export { createStockApi, type StockApi, type StockDetailQuery } from './endpoints/stock';
export { createStorageUsageApi, type StorageUsageApi } from './endpoints/storage';
export { createStrategyApi, type StrategyApi } from './endpoints/strategy';
export * from './errors';
export * from './http';
export { type UploadProgress, xhrFetch } from './http/xhrFetch';
export {
  enUS,
  getMessages,
  type MessageCatalogue,
  type MessageKey,
  setMessages,
  t,
  zhCN,
} from './i18n/messages';
export {
  type ChatStreamEvent,
  type EventSourceMessage,
  type ReadStreamOptions,
  readChatStream,
  readSseMessages,
} from './sse/readSse';
export * from './storage';
