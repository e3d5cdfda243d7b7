import { ApiError } from '@wanxiang/api-client/auth';
import { type SyntheticEvent, useState } from 'react';
import { t } from '../../i18n/zh-CN';

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

/**
 * A server message about one field in plain words: the validator's generic "this field …" phrases name
 * the field (该字段不能为空。 → 请输入邮箱), and the full stop of a lone sentence goes.
 */
export function plainFieldMessage(message: string, label: string): string {
  const text = message.trim();
  if (/^该字段(不能为空|是必填项|不能为空值)/.test(text)) return t.auth.fieldRequired(label);
  return text.replace(/^该字段/, label).replace(/。$/, '');
}

/** The server's messages for one field (`errors.email` …) in plain words, joined, for the field's error text. */
export function fieldError(error: unknown, field: string, label = field): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const messages = error.body?.errors?.[field];
  return messages && messages.length > 0
    ? messages.map((message) => plainFieldMessage(message, label)).join('；')
    : undefined;
}

/** A field's invalid state and error text from the server's answer, to spread onto the field. */
export function fieldErrorProps(error: unknown, field: string, label = field) {
  const message = fieldError(error, field, label);
  return { isInvalid: Boolean(message), errorMessage: message };
}

/**
 * What the form's alert says about a failure, or null when everything the server said shows under the fields
 * it is about (each field's error once, there). What is about no field of the form (its detail,
 * non_field_errors, a field the form does not have, a network failure) keeps the login and register wording
 * (the detail, then the other fields' messages in brackets), with the fields already shown left out of the
 * brackets.
 */
export function formErrorMessage(
  error: unknown,
  shownFields: readonly string[],
  format: (error: unknown) => string,
): string | null {
  if (!(error instanceof ApiError) || !error.body) return format(error);
  const { errors = {}, non_field_errors: general = [], detail } = error.body;
  const shown = Object.entries(errors).filter(([field, m]) => m.length > 0 && shownFields.includes(field));
  if (shown.length === 0) return format(error);
  const rest = Object.fromEntries(
    Object.entries(errors).filter(([field, m]) => m.length > 0 && !shownFields.includes(field)),
  );
  if (!detail && general.length === 0 && Object.keys(rest).length === 0) return null;
  return format(new ApiError(error.response, { ...error.body, errors: rest }));
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
