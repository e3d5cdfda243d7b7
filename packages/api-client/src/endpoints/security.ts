import { z } from 'zod';
import type { TokenService } from '../auth/tokenService';
import {
  type AccountSessions,
  accountSessions,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type EndAllSessionsRequest,
  type UpdateProfileRequest,
} from '../contract/auth';
import { authPaths } from '../contract/authPaths';
import type { HttpClient } from '../http/httpClient';
import type { CallOptions } from './auth';

const detail = z.object({ detail: z.string() });
const ended = z.object({ detail: z.string(), ended: z.number().int() });
const avatar = z.object({ avatar_url: z.string() });

export interface SecurityApi {
  /** The account's live sign-ins, the most recently used first; the caller's own is `current`. */
  sessions(options?: CallOptions): Promise<AccountSessions>;
  /** Ends one sign-in (a lost phone, a shared computer). */
  endSession(id: string, options?: CallOptions): Promise<void>;
  /**
   * 退出所有设备. With `keep_current` the caller stays signed in; without it the caller is signed out here
   * too (the local tokens are dropped and `auth:logout` fires).
   */
  endAllSessions(input: EndAllSessionsRequest, options?: CallOptions): Promise<number>;
  /** Changes the password given the current one; every other sign-in ends. */
  changePassword(input: ChangePasswordRequest, options?: CallOptions): Promise<string>;
  /** Sets the nickname (blank clears it). */
  updateProfile(input: UpdateProfileRequest, options?: CallOptions): Promise<void>;
  /** 注销账号: deletes the account and its data, then signs out locally. */
  deleteAccount(input: DeleteAccountRequest, options?: CallOptions): Promise<void>;
  /**
   * 头像: uploads the image (the app sends a 256×256 WebP it cropped); the server checks its bytes and
   * answers with the new address. Resolves to that address.
   */
  uploadAvatar(image: Blob, options?: CallOptions): Promise<string>;
  /** Removes the avatar; initials show again. */
  removeAvatar(options?: CallOptions): Promise<void>;
}

export function createSecurityApi(http: HttpClient, tokens: TokenService): SecurityApi {
  return {
    sessions(options = {}) {
      return http.get(authPaths.sessions, { schema: accountSessions, ...options });
    },
    async endSession(id, options = {}) {
      await http.delete(`${authPaths.sessions}${encodeURIComponent(id)}/`, { schema: detail, ...options });
    },
    async endAllSessions(input, options = {}) {
      const answer = await http.post(authPaths.endAllSessions, { json: input, schema: ended, ...options });
      if (!input.keep_current) tokens.logout();
      return answer.ended;
    },
    async changePassword(input, options = {}) {
      return (await http.post(authPaths.password, { json: input, schema: detail, ...options })).detail;
    },
    async updateProfile(input, options = {}) {
      await http.patch(authPaths.me, { json: input, schema: detail, ...options });
    },
    async deleteAccount(input, options = {}) {
      await http.post(authPaths.deleteAccount, { json: input, schema: detail, ...options });
      tokens.logout();
    },
    async uploadAvatar(image, options = {}) {
      const answer = await http.put(authPaths.avatar, {
        body: image,
        headers: { 'Content-Type': image.type || 'application/octet-stream' },
        schema: avatar,
        ...options,
      });
      return answer.avatar_url;
    },
    async removeAvatar(options = {}) {
      await http.delete(authPaths.avatar, { schema: detail, ...options });
    },
  };
}
