import { normalizeIP } from '@fastify/rate-limit';
import {
  authPaths,
  errorBody,
  passwordResetConfirm,
  passwordResetRequest,
} from '@wanxiang/api-client/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { scheduleMaintenance } from '../../maintenance';
import type { PasswordResets } from './passwordReset';

export interface ResetRoutesOptions {
  /** Null when no SMTP server is configured: both routes answer 404 with the operator's way. */
  resets: PasswordResets | null;
  limitAddress: (request: FastifyRequest) => Promise<void>;
}

const detail = z.object({ detail: z.string() });
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const a = messages.auth;

/** 忘记密码: a reset link by e-mail, then a new password with it. */
export const resetRoutes: FastifyPluginAsyncZod<ResetRoutesOptions> = async (
  app,
  { resets, limitAddress },
) => {
  const available = () => {
    if (!resets) throw new HttpError(404, { detail: a.resetUnavailable, code: 'password_reset_unavailable' });
    return resets;
  };
  if (resets) {
    scheduleMaintenance(app, { name: 'sweep password resets', run: () => resets.sweep() });
    app.addHook('onClose', async () => {
      await resets.settle();
      resets.close();
    });
  }

  app.post(
    authPaths.passwordReset,
    {
      onRequest: limitAddress,
      schema: {
        tags: ['auth'],
        summary: '忘记密码：发送重置链接',
        description:
          '向该邮箱发送重置密码的链接（30 分钟内有效，只能使用一次）。无论邮箱是否已注册，回答都相同。每个来源地址和每个邮箱每小时的次数有上限（429）。未配置邮件服务器时返回 404（code: password_reset_unavailable）。',
        body: passwordResetRequest,
        response: { 200: detail, ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      await available().request(request.body.email, normalizeIP(request.ip));
      return { detail: a.resetRequested };
    },
  );

  app.post(
    authPaths.passwordResetConfirm,
    {
      onRequest: limitAddress,
      schema: {
        tags: ['auth'],
        summary: '忘记密码：设置新密码',
        description:
          'token 为邮件链接中的令牌。新密码的规则与注册相同。成功后账号的所有登录全部退出。令牌无效或已用过返回 400（code: reset_invalid），过期返回 400（code: reset_expired）。',
        body: passwordResetConfirm,
        response: { 200: detail, ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      await available().reset(request.body.token, request.body.new_password);
      return { detail: a.resetDone };
    },
  );
};
