import { ApiError } from '@wanxiang/api-client';
import { t } from '../../i18n/zh-CN';

/** The server's messages about one field of a form, joined, without the full stop of a lone sentence. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const messages = error.body?.errors?.[field];
  return messages && messages.length > 0
    ? messages.map((message) => message.trim().replace(/。$/, '')).join('；')
    : undefined;
}

/**
 * What a failure says when it is about no field of the form: the server's detail, or, for a network
 * failure or an answer without one, the plain 操作失败，请稍后重试.
 */
export function generalMessage(error: unknown, fields: readonly string[]): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError) {
    if (fields.some((field) => fieldMessage(error, field))) return undefined;
    const other = Object.values(error.body?.errors ?? {}).flat();
    return error.detail ?? (other.length > 0 ? other.join('；') : t.settings.requestFailed);
  }
  return t.settings.requestFailed;
}
