import { ApiError } from '@wanxiang/api-client';
import { type SyntheticEvent, useState } from 'react';

/**
 * The submit of /login and /register: one request at a time, the last failure kept for the form to show.
 * `send` makes the request and leaves the page; when it throws, the form is ready to be sent again. On
 * success it stays pending, so the button cannot fire twice while the next page loads.
 */
export function useAuthSubmit(send: () => Promise<void>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await send();
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };
  return { pending, error, submit };
}

/** The server's messages for one field (`errors.email` …), joined, for the field's own error text. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const messages = error.body?.errors?.[field];
  return messages && messages.length > 0 ? messages.join(' ') : undefined;
}

/** A field's invalid state and error text from the server's answer, to spread onto the field. */
export function fieldErrorProps(error: unknown, field: string) {
  const message = fieldError(error, field);
  return { isInvalid: Boolean(message), errorMessage: message };
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
