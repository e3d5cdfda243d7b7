import {
  accountSessions,
  authPaths,
  changePasswordRequest,
  deleteAccountRequest,
  endAllSessionsRequest,
  errorBody,
  updateProfileRequest,
} from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, type RequireAuth } from '../../http/auth';
import { messages } from '../../i18n/zh-CN';
import type { AccountSecurity } from './security';

export interface SecurityRoutesOptions {
  security: AccountSecurity;
  requireAuth: RequireAuth;
}

const detail = z.object({ detail: z.string() });
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const bearer = [{ bearerAuth: [] }];

/** The signed-in user's own account: sign-ins, password, nickname, deletion. */
export const securityRoutes: FastifyPluginAsyncZod<SecurityRoutesOptions> = async (
  app,
  { security: account, requireAuth },
) => {
  app.get(
    authPaths.sessions,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: '登录设备',
        description:
          '账号当前有效的登录（设备、来源地址、最近使用时间），最近使用的在前；current 标出本次请求所在的登录。',
        security: bearer,
        response: { 200: accountSessions, ...errors(401) },
      },
    },
    async (request) => {
      const { userId, sessionId } = authOf(request);
      return { sessions: await account.sessions(userId, sessionId) };
    },
  );

  app.delete(
    `${authPaths.sessions}:id/`,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: '退出一个登录',
        description: '该登录的刷新令牌与由其签发的访问令牌立即失效。',
        security: bearer,
        params: z.object({ id: z.uuid() }),
        response: { 200: detail, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      await account.endSession(authOf(request).userId, request.params.id);
      return { detail: messages.auth.sessionsEnded(1) };
    },
  );

  app.post(
    authPaths.endAllSessions,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: '退出所有设备',
        description: '结束账号的全部登录；keep_current 为 true 时保留本次请求所在的登录（退出其他设备）。',
        security: bearer,
        body: endAllSessionsRequest,
        response: { 200: detail.extend({ ended: z.number().int() }), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { userId, sessionId } = authOf(request);
      const ended = await account.endAllSessions(userId, request.body.keep_current ? sessionId : undefined);
      return { detail: messages.auth.sessionsEnded(ended), ended };
    },
  );

  app.post(
    authPaths.password,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: '修改密码',
        description: '须提供当前密码；新密码的规则与注册相同。成功后其他设备上的登录全部退出，本次登录保留。',
        security: bearer,
        body: changePasswordRequest,
        response: { 200: detail, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { userId, sessionId } = authOf(request);
      await account.changePassword(userId, sessionId, request.body);
      return { detail: messages.auth.passwordChanged };
    },
  );

  app.patch(
    authPaths.me,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: '修改资料',
        description: '昵称：去掉首尾空白后至多 30 个字符，留空则清除。',
        security: bearer,
        body: updateProfileRequest,
        response: { 200: detail, ...errors(400, 401) },
      },
    },
    async (request) => {
      await account.updateProfile(authOf(request).userId, request.body);
      return { detail: messages.auth.profileSaved };
    },
  );

  app.post(
    authPaths.deleteAccount,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: '注销账号',
        description:
          '须再次输入密码。账号及其全部数据（对话、文档、文件、积分记录、登录）一并删除，不可恢复。',
        security: bearer,
        body: deleteAccountRequest,
        response: { 200: detail, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      await account.deleteAccount(authOf(request).userId, request.body.password);
      return { detail: messages.auth.accountDeleted };
    },
  );
};
