import {
  currentUserAnswer,
  detailAnswer,
  loginAnswer,
  registerAnswer,
  registrationPolicyAnswer,
} from '../auth/authAnswers';
import { type LoginChallenge, parseLoginChallenge, solveLoginChallenge } from '../auth/loginChallenge';
import type { TokenService } from '../auth/tokenService';
import type {
  CurrentUser,
  LoginRequest,
  LoginResponse,
  PasswordResetConfirm,
  RegisterRequest,
  RegisterResponse,
  RegistrationPolicy,
} from '../contract/auth';
import { authPaths } from '../contract/authPaths';
import { ApiError } from '../errors/errors';
import type { HttpClient } from '../http/httpClient';

/** The challenge a refused sign-in asks to be solved, if that is why it was refused. */
function askedChallenge(error: unknown): LoginChallenge | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  if (error.code !== 'challenge_required' && error.code !== 'challenge_invalid') return undefined;
  return parseLoginChallenge(error.body?.challenge);
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface LoginOptions extends CallOptions {
  /**
   * Called while the client solves a security check the server asked for (an account with many recent
   * failed sign-ins, from a device it does not know): with the probable progress in [0, 1], 1 when solved.
   */
  onChallenge?(progress: number): void;
}

/** How many challenges one sign-in solves before it gives up and shows the server's last refusal. */
const MAX_CHALLENGES = 3;

export interface AuthApi {
  /** Creates the account; the page then sends the user to /login. */
  register(input: RegisterRequest, options?: CallOptions): Promise<RegisterResponse>;
  /** How the operator lets people register (open, with an invitation code, or not at all). */
  registrationPolicy(options?: CallOptions): Promise<RegistrationPolicy>;
  /**
   * Signs in and stores the tokens and the server's device id. When the server asks for a proof of work
   * (403 `challenge_required` or `challenge_invalid` with a `challenge`), solves it and sends the sign-in
   * again, reporting the progress to `onChallenge`.
   */
  login(input: LoginRequest, options?: LoginOptions): Promise<LoginResponse>;
  /**
   * Revokes the refresh token on the server, then logs out locally whatever the server answered (an
   * unreachable server must not keep the user signed in); fires `auth:logout`.
   */
  logout(): Promise<void>;
  /** The current user (nickname, email, credits, plan). */
  me(options?: CallOptions): Promise<CurrentUser>;
  /**
   * 忘记密码: asks the server to e-mail a reset link (only when the registration policy's `password_reset`
   * is true). The answer is the same whether the address has an account or not; resolves to its message.
   */
  requestPasswordReset(email: string, options?: CallOptions): Promise<string>;
  /** Sets a new password with the e-mailed link's token; every sign-in of the account ends. Resolves to the message. */
  resetPassword(input: PasswordResetConfirm, options?: CallOptions): Promise<string>;
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

    async login(input, { onChallenge, ...options } = {}) {
      const send = (challenge?: { token: string; answer: string }) =>
        http.post(authPaths.login, {
          // What loginRequest's schema makes of it, without zod on the sign-in page: remember_me defaults to false.
          json: {
            email: input.email,
            password: input.password,
            remember_me: input.remember_me ?? false,
            ...(challenge ? { challenge } : {}),
          },
          auth: false,
          schema: loginAnswer,
          ...options,
        });
      let answer: LoginResponse | undefined;
      let challenge: { token: string; answer: string } | undefined;
      for (let solved = 0; !answer; solved += 1) {
        try {
          answer = await send(challenge);
        } catch (error) {
          const asked = askedChallenge(error);
          if (!asked || solved >= MAX_CHALLENGES) throw error;
          onChallenge?.(0);
          challenge = {
            token: asked.token,
            answer: await solveLoginChallenge(asked, { signal: options.signal, onProgress: onChallenge }),
          };
        }
      }
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

    async requestPasswordReset(email, options = {}) {
      const answer = await http.post(authPaths.passwordReset, {
        json: { email },
        auth: false,
        schema: detailAnswer,
        ...options,
      });
      return answer.detail;
    },

    async resetPassword(input, options = {}) {
      const answer = await http.post(authPaths.passwordResetConfirm, {
        json: input,
        auth: false,
        schema: detailAnswer,
        ...options,
      });
      return answer.detail;
    },
  };
}
