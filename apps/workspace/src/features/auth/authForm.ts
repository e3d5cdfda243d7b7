import { ApiError } from '@wanxiang/api-client';

/** The server's messages for one field (`errors.email` …), joined, for the field's own error text. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const messages = error.body?.errors?.[field];
  return messages && messages.length > 0 ? messages.join(' ') : undefined;
}

/**
 * Where to go after signing in: the `next` the app put there when a session expired, if it is a path of
 * this app; anything else (another origin, `//host`, a script URL) falls back to the home chat.
 */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/home';
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/register')) return '/home';
  return next;
}
