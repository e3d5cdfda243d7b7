/**
 * The wire contract of the auth endpoints, shared by the server (route validation and OpenAPI) and the
 * client (response parsing). Paths keep the DRF-style trailing slash the front end calls.
 */
import { z } from 'zod';

export const authPaths = {
  register: '/auth/register/',
  login: '/auth/login/',
  refresh: '/auth/token/refresh/',
  logout: '/auth/logout/',
  me: '/auth/users/me/',
  registrationPolicy: '/auth/registration-policy/',
} as const;

/** Body code of a 401 whose access token is expired, forged or revoked (DRF simplejwt's spelling). */
export const INVALID_TOKEN_CODE = 'token_not_valid';
/** Response header by which the server asks the client to refresh its access token early. */
export const TOKEN_REFRESH_REQUIRED_HEADER = 'x-token-refresh-required';
export const DEVICE_ID_HEADER = 'X-Device-ID';

export const registerRequest = z.object({
  email: z.string(),
  password: z.string(),
  nickname: z.string().optional().nullable(),
  /** Needed when the registration policy's mode is `invite`. */
  invite_code: z.string().optional().nullable(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const registerResponse = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

/** How the operator lets people register: the register page shows its form by it. */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export const registrationPolicy = z.object({
  mode: z.enum(REGISTRATION_MODES),
  /** Credits a new account receives; may be 0. */
  signup_credits: z.number().int(),
});
export type RegistrationPolicy = z.infer<typeof registrationPolicy>;

export const loginRequest = z.object({
  email: z.string(),
  password: z.string(),
  remember_me: z.boolean().optional().default(false),
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

/** The spec allows `access_token` as an alternative name and an optional rotated refresh token. */
export const refreshResponse = z.object({
  access: z.string().optional(),
  access_token: z.string().optional(),
  refresh: z.string().optional(),
});
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const logoutRequest = z.object({ refresh: z.string() });
export type LogoutRequest = z.infer<typeof logoutRequest>;

export const subscriptionPlan = z.object({ name: z.string().nullable() });

export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
  credits_balance: z.number().int(),
  subscription_plan: subscriptionPlan.nullable(),
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
});
export type ErrorBody = z.infer<typeof errorBody>;
