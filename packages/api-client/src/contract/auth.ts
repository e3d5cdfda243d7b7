/**
 * The wire contract of the auth endpoints, shared by the server (route validation and OpenAPI) and the
 * client (response parsing). Paths keep the DRF-style trailing slash the front end calls.
 */
import { z } from 'zod';

export {
  authPaths,
  DEVICE_ID_HEADER,
  INVALID_TOKEN_CODE,
  REGISTRATION_MODES,
  TOKEN_REFRESH_REQUIRED_HEADER,
} from './authPaths';

import { REGISTRATION_MODES } from './authPaths';

export const registerRequest = z.object({
  email: z.string(),
  password: z.string(),
  nickname: z.string().optional().nullable(),
  /** Needed when the registration policy's mode is `invite`. */
  invite_code: z.string().optional().nullable(),
  /** Needed when the registration policy names terms: the user ticked 我已阅读并同意. */
  accept_terms: z.boolean().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const registerResponse = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const registrationPolicy = z.object({
  mode: z.enum(REGISTRATION_MODES),
  /** Credits a new account receives; may be 0. */
  signup_credits: z.number().int(),
  /** The operator's 用户协议 and 隐私政策 (http/https), which a new user must accept; null when not set. */
  terms_url: z.string().nullable().optional(),
  privacy_url: z.string().nullable().optional(),
  /** The server can send a password-reset link by e-mail (SMTP configured): the sign-in page offers 忘记密码. */
  password_reset: z.boolean().optional(),
});
export type RegistrationPolicy = z.infer<typeof registrationPolicy>;

export const loginRequest = z.object({
  email: z.string(),
  password: z.string(),
  remember_me: z.boolean().optional().default(false),
  /**
   * A solved proof of work: the `challenge` of a 403 (`challenge_required` or `challenge_invalid`) and its
   * answer, `parts` increasing decimal counters, comma-separated, each such that SHA-256 of `salt:counter`
   * starts with `bits` zero bits (see auth/loginChallenge.ts). Asked only from unknown devices of an account
   * with many recent failures.
   */
  challenge: z.object({ token: z.string().max(256), answer: z.string().max(1100) }).optional(),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const loginResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  device_id: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshRequest = z.object({ refresh: z.string() });
export type RefreshRequest = z.infer<typeof refreshRequest>;

/** `access_token` is accepted as an alternative name, and an optional rotated refresh token. */
export const refreshResponse = z.object({
  access: z.string().optional(),
  access_token: z.string().optional(),
  refresh: z.string().optional(),
});
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const logoutRequest = z.object({ refresh: z.string() });
export type LogoutRequest = z.infer<typeof logoutRequest>;

/** The plan the user menu shows: a strategy subscription while one runs (until `expires_at`), else the account's. */
export const subscriptionPlan = z.object({
  name: z.string().nullable(),
  expires_at: z.string().nullable().optional(),
});

export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
  credits_balance: z.number().int(),
  subscription_plan: subscriptionPlan.nullable(),
  /** The avatar's address (a 256×256 image, cached for good: a new one has a new address); null: initials. */
  avatar_url: z.string().nullable().optional(),
  /** `admin` opens 管理 (the operators' console); absent from servers before roles. */
  role: z.enum(['user', 'admin']).optional(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/**
 * Every error answer has one of these shapes (DRF's): `detail` for the whole request, `errors` keyed by
 * field, `non_field_errors` for cross-field problems, and `code` for machine-readable cases such as
 * {@link INVALID_TOKEN_CODE}. Texts are Chinese.
 */
export const errorBody = z.object({
  detail: z.string().optional(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  non_field_errors: z.array(z.string()).optional(),
  /** A sign-in's proof-of-work challenge (403 `challenge_required` or `challenge_invalid`): `salt.bits.parts.expires.signature`. */
  challenge: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** One live sign-in of the account, as the 登录设备 list shows it. */
export const accountSession = z.object({
  id: z.string(),
  /** Browser and system, e.g. 「Chrome · Windows」. */
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The sign-in this request comes from. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const accountSessions = z.object({ sessions: z.array(accountSession) });
export type AccountSessions = z.infer<typeof accountSessions>;

export const endAllSessionsRequest = z.object({
  /** Keep the caller's own sign-in (退出其他设备) instead of ending it too. */
  keep_current: z.boolean().optional().default(false),
});
export type EndAllSessionsRequest = z.input<typeof endAllSessionsRequest>;

export const changePasswordRequest = z.object({
  old_password: z.string().max(512),
  new_password: z.string().max(512),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const updateProfileRequest = z.object({
  /** Blank clears it; at most 30 characters after trimming. */
  nickname: z.string().max(200).nullable().optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const passwordResetRequest = z.object({ email: z.string().max(1024) });
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** The token of the e-mailed link (its fragment's `token`) and the new password. */
export const passwordResetConfirm = z.object({
  token: z.string().max(256),
  new_password: z.string().max(512),
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirm>;

export const deleteAccountRequest = z.object({ password: z.string().max(512) });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
