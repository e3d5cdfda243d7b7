/**
 * Every user-facing text of the client. zh-CN is the product's language and is complete; en-US exists for
 * developers and tests of other locales. Placeholders are written `{name}` and filled by {@link t}.
 */
export const zhCN = {
  apiRequestFailed: 'API 请求失败: {detail}',
  unknownServerError: '未知服务器错误',
  networkFailed: '连接失败，请检查网络后重试',
  requestTimeout: '请求超时（{seconds} 秒），请稍后重试',
  malformedResponse: '服务器响应格式不正确',
  emptyResponseBody: '服务器返回了空的响应体',
  malformedStreamEvent: '服务器返回了无法识别的流事件',
  authExpired: '认证已过期，请重新登录',
  loginFailed: '登录失败，请检查凭据',
  registerFailed: '注册失败',
  tokenLoggedOut: '已退出登录，请重新登录',
  tokenRefreshCooldown: '刷新登录状态失败，请在 {seconds} 秒后重试',
  tokenNoRefreshToken: '缺少刷新令牌，请重新登录',
  tokenNoApiClient: '令牌服务尚未连接 API 客户端',
  tokenMalformedRefreshResponse: '刷新令牌的响应格式不正确',
  tokenRefreshUnauthorized: '认证已过期，请重新登录',
  tokenRefreshTooManyFailures: '多次刷新登录状态失败，请重新登录',
  tokenRefreshFailed: '刷新登录状态失败',
  exportFailed: '导出失败（{status}）',
  exportNoDownloadUrl: '导出任务已创建，但未返回可下载地址。',
  transientExportFailed: '瞬时导出失败（{status}）',
} as const;

export type MessageKey = keyof typeof zhCN;
export type MessageCatalogue = Record<MessageKey, string>;

export const enUS: MessageCatalogue = {
  apiRequestFailed: 'API request failed: {detail}',
  unknownServerError: 'Unknown server error',
  networkFailed: 'Connection failed, please check your network and retry',
  requestTimeout: 'The request timed out ({seconds} s), please retry later',
  malformedResponse: 'The server answered in an unexpected format',
  emptyResponseBody: 'The server returned an empty response body',
  malformedStreamEvent: 'The server sent a stream event that could not be understood',
  authExpired: 'Your session has expired, please sign in again',
  loginFailed: 'Sign-in failed, please check your credentials',
  registerFailed: 'Registration failed',
  tokenLoggedOut: 'You are signed out, please sign in again',
  tokenRefreshCooldown: 'Renewing the session failed, retry in {seconds} s',
  tokenNoRefreshToken: 'No refresh token is stored, please sign in again',
  tokenNoApiClient: 'The token service has no API client attached',
  tokenMalformedRefreshResponse: 'The token refresh answer has an unexpected format',
  tokenRefreshUnauthorized: 'Your session has expired, please sign in again',
  tokenRefreshTooManyFailures: 'Renewing the session failed repeatedly, please sign in again',
  tokenRefreshFailed: 'Renewing the session failed',
  exportFailed: 'Export failed ({status})',
  exportNoDownloadUrl: 'The export was created, but no download address came back.',
  transientExportFailed: 'Instant export failed ({status})',
};

let active: MessageCatalogue = zhCN;

/** Switches the catalogue used by every error the client creates from now on. */
export function setMessages(catalogue: MessageCatalogue): void {
  active = catalogue;
}

export function getMessages(): MessageCatalogue {
  return active;
}

/** The active catalogue's text for `key`, with `{name}` placeholders replaced by `params`. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return active[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
