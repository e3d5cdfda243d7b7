import { type MessageKey, t } from '../i18n/messages';

/**
 * Why the token service could not give a fresh access token. The first seven are named
 * causes; REFRESH_FAILED covers a refresh that failed for any other reason (network, server error), which
 * counts towards the two consecutive failures like the others.
 */
export const TOKEN_SERVICE_ERROR_CODES = [
  'LOGGED_OUT',
  'REFRESH_COOLDOWN',
  'NO_REFRESH_TOKEN',
  'NO_API_CLIENT',
  'MALFORMED_REFRESH_RESPONSE',
  'REFRESH_UNAUTHORIZED',
  'REFRESH_TOO_MANY_FAILURES',
  'REFRESH_FAILED',
] as const;
export type TokenServiceErrorCode = (typeof TOKEN_SERVICE_ERROR_CODES)[number];

const messageKeys: Record<TokenServiceErrorCode, MessageKey> = {
  LOGGED_OUT: 'tokenLoggedOut',
  REFRESH_COOLDOWN: 'tokenRefreshCooldown',
  NO_REFRESH_TOKEN: 'tokenNoRefreshToken',
  NO_API_CLIENT: 'tokenNoApiClient',
  MALFORMED_REFRESH_RESPONSE: 'tokenMalformedRefreshResponse',
  REFRESH_UNAUTHORIZED: 'tokenRefreshUnauthorized',
  REFRESH_TOO_MANY_FAILURES: 'tokenRefreshTooManyFailures',
  REFRESH_FAILED: 'tokenRefreshFailed',
};

export class TokenServiceError extends Error {
  override readonly name = 'TokenServiceError';
  readonly code: TokenServiceErrorCode;
  /** For REFRESH_COOLDOWN: how long until a refresh may be attempted again. */
  readonly retryAfterMs: number | undefined;

  constructor(code: TokenServiceErrorCode, options: { cause?: unknown; retryAfterMs?: number } = {}) {
    const seconds = Math.ceil((options.retryAfterMs ?? 0) / 1000);
    super(t(messageKeys[code], { seconds }), { cause: options.cause });
    this.code = code;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export function isTokenServiceError(
  error: unknown,
  code?: TokenServiceErrorCode,
): error is TokenServiceError {
  return error instanceof TokenServiceError && (code === undefined || error.code === code);
}
