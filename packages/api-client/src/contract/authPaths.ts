/**
 * The auth endpoints' paths and the headers and codes the HTTP core and the token service rely on, apart
 * from the zod schemas of `./auth` so that the sign-in path (`@wanxiang/api-client/auth`) ships no zod.
 * Paths keep the DRF-style trailing slash the front end calls.
 */
export const authPaths = {
  register: '/auth/register/',
  login: '/auth/login/',
  refresh: '/auth/token/refresh/',
  logout: '/auth/logout/',
  me: '/auth/users/me/',
  registrationPolicy: '/auth/registration-policy/',
  /** The account's live sign-ins; `{id}/` ends one. */
  sessions: '/auth/sessions/',
  /** 退出所有设备 (optionally keeping the caller's). */
  endAllSessions: '/auth/sessions/end-all/',
  password: '/auth/password/',
  /** 注销账号, with the password entered again. */
  deleteAccount: '/auth/users/me/delete/',
  /** 忘记密码: asks for a reset link by e-mail (when the server has SMTP), then sets the password with it. */
  passwordReset: '/auth/password-reset/',
  passwordResetConfirm: '/auth/password-reset/confirm/',
  /** 头像: PUT the image's bytes, DELETE to remove it. */
  avatar: '/auth/users/me/avatar/',
} as const;

/** Body code of a 401 whose access token is expired, forged or revoked (DRF simplejwt's spelling). */
export const INVALID_TOKEN_CODE = 'token_not_valid';
/** Response header by which the server asks the client to refresh its access token early. */
export const TOKEN_REFRESH_REQUIRED_HEADER = 'x-token-refresh-required';
export const DEVICE_ID_HEADER = 'X-Device-ID';

/** How the operator lets people register: the register page shows its form by it. */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
