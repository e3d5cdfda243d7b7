import { normalizeIP } from '@fastify/rate-limit';
import {
  authPaths,
  currentUser,
  DEVICE_ID_HEADER,
  errorBody,
  loginRequest,
  loginResponse,
  logoutRequest,
  refreshRequest,
  refreshResponse,
  registerRequest,
  registerResponse,
  registrationPolicy,
} from '@wanxiang/api-client/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authOf, type RequireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { scheduleMaintenance } from '../../maintenance';
import { getProfile } from '../users/service';
import type { AuthService, ClientInfo } from './service';

export interface AuthRoutesOptions {
  auth: AuthService;
  db: Db;
  requireAuth: RequireAuth;
  /** onRequest hook: the per-address limit of each unauthenticated endpoint (in the database). */
  limitAddress: (request: FastifyRequest) => Promise<void>;
  /** 忘记密码 can work (SMTP configured): the policy tells the sign-in page to offer it. */
  passwordReset?: boolean;
}

/** The server always rotates, so both tokens are always present (the shared schema allows older shapes). */
const refreshPair = refreshResponse.required({ access: true, refresh: true }).omit({ access_token: true });
const detailOnly = z.object({ detail: z.string() });
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));

function clientInfo(request: FastifyRequest): ClientInfo {
  const deviceId = request.headers[DEVICE_ID_HEADER.toLowerCase()];
  return {
    ip: normalizeIP(request.ip),
    userAgent: request.headers['user-agent'],
    deviceId: typeof deviceId === 'string' ? deviceId : undefined,
  };
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, db, requireAuth, limitAddress, passwordReset = false } = options;
  scheduleMaintenance(app, { name: 'sweep expired sign-ins', run: () => auth.sweep() });

  app.post(
    authPaths.register,
    {
      onRequest: limitAddress,
      schema: {
        tags: ['auth'],
        summary: '注册账号',
        description:
          '新用户获得默认套餐及其赠送积分。注册方式由运营者设定（控制台的注册设置；未设置时为环境变量 REGISTRATION_MODE）：open 任何人可注册；invite 需要有效的邀请码（invite_code）；closed 不开放注册（403，code: registration_closed）。同一来源地址每天可注册的账号数有上限（429，附 Retry-After）。',
        body: registerRequest,
        response: { 201: registerResponse, ...errors(400, 403, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await auth.register(request.body, { ip: normalizeIP(request.ip) })),
  );

  app.get(
    authPaths.registrationPolicy,
    {
      onRequest: limitAddress,
      schema: {
        tags: ['auth'],
        summary: '注册方式',
        description:
          '注册页据此显示表单：mode 为 open（开放注册）、invite（需要邀请码）或 closed（不开放注册）；signup_credits 是新账号获得的积分（可为 0）；password_reset 为 true 时服务器可通过邮件发送重置密码的链接（登录页据此显示“忘记密码”）。',
        response: { 200: registrationPolicy, ...errors(429) },
      },
    },
    async () => ({ ...(await auth.registrationPolicy()), password_reset: passwordReset }),
  );

  app.post(
    authPaths.login,
    {
      onRequest: limitAddress,
      schema: {
        tags: ['auth'],
        summary: '登录',
        description:
          '返回访问令牌与刷新令牌。remember_me 决定刷新令牌的有效期。失败的登录按“账号 + 来源地址”逐次加长等待时间，按来源地址限量（429，附 Retry-After）；该账号曾成功登录过的设备（X-Device-ID）只受自己的计数限制。账号在陌生地点的失败次数过多后，陌生设备的登录须附上已解的工作量证明（challenge：403 返回的 challenge 及其答案 answer：parts 个递增的十进制计数，以逗号分隔，每个都使 SHA-256(salt:计数) 以 bits 个 0 比特开头），从不让整个账号等待；缺少时返回 403（code: challenge_required），无效、过期、答案错误或已用过时返回 403（code: challenge_invalid），两者都附新的 challenge。',
        headers: z.object({ [DEVICE_ID_HEADER.toLowerCase()]: z.string().optional() }).loose(),
        body: loginRequest,
        response: { 200: loginResponse, ...errors(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => auth.login(request.body, clientInfo(request)),
  );

  app.post(
    authPaths.refresh,
    {
      onRequest: limitAddress,
      schema: {
        tags: ['auth'],
        summary: '刷新令牌',
        description: '每次刷新都会轮换刷新令牌；重复使用已轮换的刷新令牌会吊销整个会话。',
        body: refreshRequest,
        response: { 200: refreshPair, ...errors(400, 401, 413, 415, 429) },
      },
    },
    async (request) => auth.refresh(request.body.refresh),
  );

  app.post(
    authPaths.logout,
    {
      onRequest: limitAddress,
      schema: {
        tags: ['auth'],
        summary: '退出登录',
        description: '吊销该刷新令牌所属的会话，包括由其签发的访问令牌。',
        body: logoutRequest,
        response: { 200: detailOnly, ...errors(400, 401, 413, 415, 429) },
      },
    },
    async (request) => {
      await auth.logout(request.body.refresh);
      return { detail: messages.auth.loggedOut };
    },
  );

  app.get(
    authPaths.me,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: '当前用户',
        security: [{ bearerAuth: [] }],
        response: { 200: currentUser, ...errors(401, 404) },
      },
    },
    async (request) => {
      const profile = await getProfile(db, authOf(request).userId);
      if (!profile) throw notFound();
      return profile;
    },
  );
};
