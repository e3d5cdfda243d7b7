import type { StreamErrorCode } from '@wanxiang/api-client/contract';
import { APICallError, RetryError } from 'ai';
import { messages } from '../../i18n/zh-CN';

const m = messages.chat;
const MAX_REASON = 200;

export interface TurnFailure {
  code: StreamErrorCode;
  /** Chinese, for the user. */
  message: string;
}

/** The upstream's own words, when it sent a JSON error body with a message (OpenAI and Anthropic shapes). */
function upstreamReason(error: APICallError): string {
  const body = error.responseBody;
  let reason = '';
  if (body) {
    try {
      const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
      const candidate =
        typeof parsed.error === 'string'
          ? parsed.error
          : typeof parsed.error?.message === 'string'
            ? parsed.error.message
            : typeof parsed.message === 'string'
              ? parsed.message
              : '';
      reason = candidate;
    } catch {
      reason = '';
    }
  }
  return reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON)}…` : reason;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object') {
    const inner =
      (error as { message?: unknown; error?: { message?: unknown } }).message ??
      (error as { error?: { message?: unknown } }).error?.message;
    if (typeof inner === 'string') return inner;
  }
  return typeof error === 'string' ? error : '';
}

/** A provider failure in words users understand, with a code clients may act on. */
export function describeProviderError(error: unknown): TurnFailure {
  let current = error;
  if (RetryError.isInstance(current)) current = current.lastError;
  if (APICallError.isInstance(current)) {
    const status = current.statusCode;
    if (status === undefined) return { code: 'provider_unreachable', message: m.providerUnreachable };
    // The answer had started (HTTP 200) and its body broke off.
    if (status < 300) return { code: 'provider_error', message: m.providerInterrupted('') };
    if (status === 401 || status === 403) return { code: 'provider_auth', message: m.providerAuth(status) };
    if (status === 429) return { code: 'provider_rate_limited', message: m.providerRateLimited };
    if (status === 404) return { code: 'provider_error', message: m.providerNotFound };
    if (status >= 500) return { code: 'provider_unavailable', message: m.providerUnavailable(status) };
    return { code: 'provider_error', message: m.providerRejected(status, upstreamReason(current)) };
  }
  const reason = messageOf(current).slice(0, MAX_REASON);
  return { code: 'provider_error', message: m.providerInterrupted(reason) };
}
