import type { ApiErrorBody } from '../errors/errors';
import { ApiError, NetworkError, TimeoutError } from '../errors/errors';
import { t } from '../i18n/messages';

export interface FormatAuthErrorOptions {
  /** Shown instead of the raw field names, e.g. { email: '邮箱' }. Default: the names as the server sent them. */
  fieldLabels?: Record<string, string>;
}

/**
 * The bracketed part of an auth failure's text: one `field: messages` group per field of `errors`
 * that has messages, in the server's order, the field's messages joined by a space; then the
 * `non_field_errors` messages, joined by a space, as a group without a field name (they belong to none);
 * groups joined by '；'. Both sources are used when both are present, so nothing the server said is lost.
 */
export function describeFieldErrors(
  body: ApiErrorBody | null | undefined,
  options: FormatAuthErrorOptions = {},
): string {
  const groups: string[] = [];
  for (const [field, messages] of Object.entries(body?.errors ?? {})) {
    if (messages.length === 0) continue;
    groups.push(`${options.fieldLabels?.[field] ?? field}: ${messages.join(' ')}`);
  }
  const general = body?.non_field_errors ?? [];
  if (general.length > 0) groups.push(general.join(' '));
  return groups.join('；');
}

/**
 * The text the login and register pages show for a failure: the server's detail, or
 * `fallback`, followed by ' （field: messages）' when the server named field errors. A request that never
 * got an answer says so (连接失败 / 请求超时) instead of blaming the credentials.
 */
export function formatAuthError(
  error: unknown,
  fallback: string,
  options: FormatAuthErrorOptions = {},
): string {
  if (error instanceof NetworkError || error instanceof TimeoutError) return error.message;
  if (!(error instanceof ApiError)) return fallback;
  const head = error.body?.detail || fallback;
  const details = describeFieldErrors(error.body, options);
  return details ? `${head} （${details}）` : head;
}

export function formatLoginError(error: unknown, options?: FormatAuthErrorOptions): string {
  return formatAuthError(error, t('loginFailed'), options);
}

export function formatRegisterError(error: unknown, options?: FormatAuthErrorOptions): string {
  return formatAuthError(error, t('registerFailed'), options);
}
