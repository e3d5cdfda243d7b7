import { ApiError } from '@wanxiang/api-client';
import { adminText as t } from './messages';

/** What a refused or failed call says to the admin: the server's reason, or a general one. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t.forbidden;
    return error.detail ?? t.failed;
  }
  return t.failed;
}

/** The server's message for one field of a 400 or 409, if it named that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.body?.errors?.[field]?.[0];
}

/**
 * What a refused change says when the form has no field for what the server named: its detail, else the
 * first message of the fields it named, else a general reason.
 */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError && !error.detail) {
    const named = Object.values(error.body?.errors ?? {}).flat()[0];
    if (named) return named;
  }
  return failureText(error);
}
