import type {
  CurrentUser,
  LoginResponse,
  RefreshResponse,
  RegisterResponse,
  RegistrationPolicy,
} from '../contract/auth';
import { REGISTRATION_MODES } from '../contract/authPaths';
import type { ResponseSchema, ShapeIssue } from '../http/httpClient';

/*
 * The answers of the auth endpoints, checked by hand rather than with the zod schemas of contract/auth.ts:
 * these calls are on the sign-in page, which must load fast, and zod alone would weigh about 24 KiB gzip
 * there. They accept and keep exactly what those schemas do (unknown keys dropped); authAnswers.test.ts
 * holds them to the schemas on the same inputs.
 */

interface Field {
  test(value: unknown): boolean;
  expected: string;
  optional?: boolean;
  /** What is kept of an accepted value; default the value itself. */
  keep?(value: unknown): unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const string: Field = { test: (value) => typeof value === 'string', expected: 'string' };
const optionalString: Field = { ...string, optional: true };
const optionalNullableString: Field = {
  test: (value) => value === null || typeof value === 'string',
  expected: 'string | null',
  optional: true,
};
const int: Field = { test: (value) => Number.isSafeInteger(value), expected: 'int' };

function object<T>(fields: Record<string, Field>): ResponseSchema<T> {
  return {
    safeParse(data) {
      if (!isRecord(data))
        return { success: false, error: { issues: [{ path: [], message: 'expected object' }] } };
      const kept: Record<string, unknown> = {};
      const issues: ShapeIssue[] = [];
      for (const [name, field] of Object.entries(fields)) {
        const value = data[name];
        if (value === undefined && field.optional) continue;
        if (field.test(value)) kept[name] = field.keep ? field.keep(value) : value;
        else issues.push({ path: [name], message: `expected ${field.expected}` });
      }
      return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data: kept as T };
    },
  };
}

export const loginAnswer = object<LoginResponse>({ access: string, refresh: string, device_id: string });

export const registerAnswer = object<RegisterResponse>({ id: string, email: string, nickname: string });

export const registrationPolicyAnswer = object<RegistrationPolicy>({
  mode: {
    test: (value) => (REGISTRATION_MODES as readonly unknown[]).includes(value),
    expected: REGISTRATION_MODES.join(' | '),
  },
  signup_credits: int,
  terms_url: optionalNullableString,
  privacy_url: optionalNullableString,
  password_reset: { test: (value) => typeof value === 'boolean', expected: 'boolean', optional: true },
});

export const currentUserAnswer = object<CurrentUser>({
  id: string,
  email: string,
  nickname: string,
  credits_balance: int,
  subscription_plan: {
    test: (value) =>
      value === null ||
      (isRecord(value) &&
        (typeof value.name === 'string' || value.name === null) &&
        (value.expires_at === undefined ||
          value.expires_at === null ||
          typeof value.expires_at === 'string')),
    expected: '{ name: string | null, expires_at?: string | null } | null',
    // The end of a running subscription is what the user menu shows beside the plan (策略订阅 · 至 …).
    keep: (value) =>
      isRecord(value)
        ? { name: value.name, ...(value.expires_at === undefined ? {} : { expires_at: value.expires_at }) }
        : null,
  },
  avatar_url: optionalNullableString,
  role: {
    test: (value) => value === 'user' || value === 'admin',
    expected: "'user' | 'admin'",
    optional: true,
  },
});

/** An answer that is only its message (忘记密码's two steps). */
export const detailAnswer = object<{ detail: string }>({ detail: string });

export const refreshAnswer = object<RefreshResponse>({
  access: optionalString,
  access_token: optionalString,
  refresh: optionalString,
});
