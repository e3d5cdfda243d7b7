/**
 * `@wanxiang/api-client/auth`: what signing in and keeping a session need, without zod (the full entry
 * validates the other endpoints' answers with it). The sign-in page of an app imports this alone.
 */
export { formatAuthError, formatLoginError, formatRegisterError } from './auth/formatAuthError';
export {
  checkAnswer,
  type LoginChallenge,
  parseLoginChallenge,
  type SolveOptions,
  solveLoginChallenge,
} from './auth/loginChallenge';
export { startSessionCheck } from './auth/sessionCheck';
export { AUTH_LOGOUT_EVENT, type LogoutDetail, type LogoutReason, TokenService } from './auth/tokenService';
export { type ApiClientOptions, type AuthClient, createAuthClient } from './authClient';
export type {
  CurrentUser,
  LoginRequest,
  LoginResponse,
  PasswordResetConfirm,
  RegisterRequest,
  RegisterResponse,
  RegistrationPolicy,
} from './contract/auth';
export { authPaths, REGISTRATION_MODES } from './contract/authPaths';
export type { AuthApi, LoginOptions } from './endpoints/auth';
export { ApiError, NetworkError, ResponseFormatError, TimeoutError } from './errors/errors';
export type { HttpClient } from './http/httpClient';
