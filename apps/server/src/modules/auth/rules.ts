import { z } from 'zod';
import { messages } from '../../i18n/zh-CN';

const a = messages.auth;
const v = messages.validation;

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NICKNAME_MAX = 30;

const emailFormat = z.email({ pattern: z.regexes.unicodeEmail });

/**
 * Emails are compared NFKC-normalised, trimmed and lower-cased, everywhere (OWASP: case-insensitive user
 * names): a full-width ａ typed with a Chinese input method is the a of the same address.
 */
export function normalizeEmail(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase();
}

/**
 * Control characters and bidirectional overrides would let a nickname break the lines it is shown on or
 * show its text reversed (U+202E) beside others' names; they go. Joiners used by emoji stay.
 */
const HIDDEN_OR_REORDERING = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

export function normalizeNickname(raw: string | null | undefined): string | null {
  return raw?.replace(HIDDEN_OR_REORDERING, '').normalize('NFC').trim() || null;
}

const length = (s: string) => [...s].length;

type FieldErrors = Record<string, string[]>;

function add(errors: FieldErrors, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message];
}

function checkEmail(email: string, errors: FieldErrors) {
  if (!email) add(errors, 'email', v.blank);
  else if (length(email) > EMAIL_MAX) add(errors, 'email', a.emailTooLong(EMAIL_MAX));
  else if (!emailFormat.safeParse(email).success) add(errors, 'email', v.invalidEmail);
}

/** Django's default validators, in spirit: length, not purely numeric, not the email itself. */
function checkPassword(password: string, email: string, errors: FieldErrors) {
  if (!password) {
    add(errors, 'password', v.blank);
    return;
  }
  const n = length(password);
  if (n < PASSWORD_MIN) add(errors, 'password', a.passwordTooShort(PASSWORD_MIN));
  if (n > PASSWORD_MAX) add(errors, 'password', a.passwordTooLong(PASSWORD_MAX));
  if (/^\d+$/.test(password)) add(errors, 'password', a.passwordNumeric);
  const lowered = password.toLowerCase();
  const local = email.split('@')[0] ?? '';
  if (email && (lowered === email || (local.length >= 4 && lowered === local)))
    add(errors, 'password', a.passwordLikeEmail);
}

/** What is wrong with a new password (for the password change): empty when nothing. */
export function checkNewPassword(password: string, email: string): string[] {
  const errors: FieldErrors = {};
  checkPassword(password, email, errors);
  return errors.password ?? [];
}

export interface Registration {
  email: string;
  password: string;
  nickname: string | null;
}

/** Normalises a registration and lists every problem at once, keyed by field. */
export function checkRegistration(input: {
  email: string;
  password: string;
  nickname?: string | null | undefined;
}): { value: Registration; errors: FieldErrors | null } {
  const errors: FieldErrors = {};
  const email = normalizeEmail(input.email);
  const nickname = normalizeNickname(input.nickname);
  checkEmail(email, errors);
  checkPassword(input.password, email, errors);
  if (nickname && length(nickname) > NICKNAME_MAX) add(errors, 'nickname', a.nicknameTooLong(NICKNAME_MAX));
  return {
    value: { email, password: input.password, nickname },
    errors: Object.keys(errors).length > 0 ? errors : null,
  };
}

/** Login only checks presence: its rules must not tell which accounts exist or how passwords look. */
export function checkLogin(input: { email: string; password: string }): {
  email: string;
  errors: FieldErrors | null;
} {
  const errors: FieldErrors = {};
  const email = normalizeEmail(input.email);
  if (!email) add(errors, 'email', v.blank);
  else if (length(email) > EMAIL_MAX) add(errors, 'email', a.emailTooLong(EMAIL_MAX));
  if (!input.password) add(errors, 'password', v.blank);
  if (length(input.password) > 4 * PASSWORD_MAX) add(errors, 'password', a.passwordTooLong(PASSWORD_MAX));
  return { email, errors: Object.keys(errors).length > 0 ? errors : null };
}
