import {
  currentUserAnswer,
  loginAnswer,
  registerAnswer,
  registrationPolicyAnswer,
} from '../auth/authAnswers';
import type { TokenService } from '../auth/tokenService';
import type {
  CurrentUser,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  RegistrationPolicy,
} from '../contract/auth';
import { authPaths } from '../contract/authPaths';
import type { HttpClient } from '../http/httpClient';

export interface CallOptions {
  signal?: AbortSignal;
}

export interface AuthApi {
  /** Creates the account; the page then sends the user to /login (spec 01 §2). */
  register(input: RegisterRequest, options?: CallOptions): Promise<RegisterResponse>;
  /** How the operator lets people register (open, with an invitation code, or not at all). */
  registrationPolicy(options?: CallOptions): Promise<RegistrationPolicy>;
  /** Signs in and stores the tokens and the server's device id. */
  login(input: LoginRequest, options?: CallOptions): Promise<LoginResponse>;
  /**
   * Revokes the refresh token on the server, then logs out locally whatever the server answered (an
   * unreachable server must not keep the user signed in); fires `auth:logout`.
   */
  logout(): Promise<void>;
  /** The current user (nickname, email, credits, plan). */
  me(options?: CallOptions): Promise<CurrentUser>;
}

export function createAuthApi(http: HttpClient, tokens: TokenService): AuthApi {
  return {
    register(input, options = {}) {
      return http.post(authPaths.register, {
        json: input,
        auth: false,
        schema: registerAnswer,
        ...options,
      });
    },

    registrationPolicy(options = {}) {
      return http.get(authPaths.registrationPolicy, {
        auth: false,
        schema: registrationPolicyAnswer,
        ...options,
      });
    },

    async login(input, options = {}) {
      const answer = await http.post(authPaths.login, {
        // What loginRequest's schema makes of it, without zod on the sign-in page: remember_me defaults to false.
        json: { email: input.email, password: input.password, remember_me: input.remember_me ?? false },
        auth: false,
        schema: loginAnswer,
        ...options,
      });
      tokens.setSession({ access: answer.access, refresh: answer.refresh, deviceId: answer.device_id });
      return answer;
    },

    async logout() {
      const refresh = tokens.getRefreshToken();
      const access = tokens.getAccessToken();
      try {
        if (refresh) {
          // Sent with the bearer as is: refreshing a token only to revoke the session would be wasted work.
          await http.post(authPaths.logout, {
            json: { refresh },
            auth: false,
            headers: access ? { Authorization: `Bearer ${access}` } : {},
          });
        }
      } catch {
        // Logging out locally is what matters; the refresh token expires on the server by itself.
      } finally {
        tokens.logout('user');
      }
    },

    me(options = {}) {
      return http.get(authPaths.me, { schema: currentUserAnswer, ...options });
    },
  };
}
