import { normalizeIP } from '@fastify/rate-limit';
import {
  accountPaths,
  adminPaths,
  createdRedeemBatch,
  createRedeemBatch,
  errorBody,
  ledgerPage as ledgerPageSchema,
  ledgerQuery,
  redeemBatch,
  redeemBatchList,
  redeemRequest,
  redeemResult,
  usageQuery,
  usageReport as usageReportSchema,
} from '@wanxiang/api-client/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authOf, type RequireAuth } from '../../http/auth';
import { HttpError, notFound, throttled } from '../../http/errors';
import { formatWait, messages } from '../../i18n/zh-CN';
import { countHit } from '../limits/counters';
import { createBatch, exportBatch, listBatches, revokeBatch } from './batches';
import type { CodeSealer } from './codes';
import { ledgerPage, redeemCode, roleOf, usageReport } from './service';

/** Redeem attempts allowed per user and per client address in REDEEM_WINDOW seconds, on all instances. */
export const REDEEM_LIMITS = { perUser: 10, perAddress: 30, window: 600 } as const;

export interface AccountRoutesOptions {
  db: Db;
  requireAuth: RequireAuth;
  sealer: CodeSealer;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));

/**
 * onRequest hook of the operators' routes: requireAuth (401 without a valid token), then the user's role
 * as stored now (403 unless admin), so taking the role away takes effect at once.
 */
export function createRequireAdmin(db: Db, requireAuth: RequireAuth): RequireAuth {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAuth(request, reply);
    if ((await roleOf(db, authOf(request).userId)) !== 'admin')
      throw new HttpError(403, { detail: messages.account.notAdmin, code: 'admin_required' });
  };
}

/** /api/account/: the signed-in user's ledger, usage and redeem codes. /api/admin/: redeem-code batches. */
export const creditRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { db, requireAuth, sealer },
) => {
  const requireAdmin = createRequireAdmin(db, requireAuth);

  app.get(
    accountPaths.ledger,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary: '积分明细',
        description:
          '当前用户的积分流水，新的在前，按游标分页（cursor 为上一页的 next_cursor，limit 1–100，默认 20）。' +
          '每行说明积分的来由：类型（grant、chat、assistant、search、refund、redeem、adjustment、subscription；' +
          '旧的 charge 行即对话），模型、输入/输出 token 数与关联的会话或文档。balance 为当前余额，等于全部流水之和。',
        security: [{ bearerAuth: [] }],
        querystring: ledgerQuery,
        response: { 200: ledgerPageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const page = await ledgerPage(db, authOf(request).userId, request.query);
      if (!page) throw notFound();
      return page;
    },
  );

  app.get(
    accountPaths.usage,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary: '按日用量',
        description:
          '最近 days 天（含今天，1–90，默认 30）每天每个模型花费的积分（扣除退还）与输入/输出 token 数；' +
          '日期按 tz（IANA 时区名，默认 Asia/Shanghai）划分。没有用量的日子也列出，其 models 为空。',
        security: [{ bearerAuth: [] }],
        querystring: usageQuery,
        response: { 200: usageReportSchema, ...errors(400, 401) },
      },
    },
    async (request) =>
      usageReport(db, authOf(request).userId, { days: request.query.days, zone: request.query.tz }),
  );

  app.post(
    accountPaths.redeem,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary: '使用兑换码',
        description:
          '把兑换码的积分加到当前用户的余额，每个兑换码只能使用一次（多个实例同时提交同一个码时只有一个成功）。' +
          '失败时 400，code 说明原因：redeem_code_unknown（不存在）、redeem_code_used（已被使用）、' +
          `redeem_code_revoked（所在批次已被停用）、redeem_code_expired（已过期）。每个用户每 ${REDEEM_LIMITS.window / 60} 分钟最多尝试 ${REDEEM_LIMITS.perUser} 次，` +
          `每个地址 ${REDEEM_LIMITS.perAddress} 次，超出时 429。`,
        security: [{ bearerAuth: [] }],
        body: redeemRequest,
        response: { 200: redeemResult, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      for (const [key, max] of [
        [`redeem-user:${userId}`, REDEEM_LIMITS.perUser],
        [`redeem-ip:${normalizeIP(request.ip)}`, REDEEM_LIMITS.perAddress],
      ] as const) {
        const { hits, retryAfter } = await countHit(db, key, REDEEM_LIMITS.window);
        if (hits > max) throw throttled(retryAfter, messages.account.redeemThrottled(formatWait(retryAfter)));
      }
      return redeemCode(db, userId, request.body.code);
    },
  );

  app.post(
    adminPaths.redeemBatches,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '生成一批兑换码',
        description:
          '管理员生成 count 个（1–1000）面值为 value 积分的兑换码，可设有效天数与备注。应答中包含全部兑换码；' +
          '之后可随时导出为 CSV。非管理员 403。',
        security: [{ bearerAuth: [] }],
        body: createRedeemBatch,
        response: { 201: createdRedeemBatch, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBatch(db, sealer, authOf(request).userId, request.body)),
  );

  app.get(
    adminPaths.redeemBatches,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '兑换码批次',
        description: '最近的 200 个批次，新的在前，每批附已使用的数量。非管理员 403。',
        security: [{ bearerAuth: [] }],
        response: { 200: redeemBatchList, ...errors(401, 403) },
      },
    },
    async () => ({ results: await listBatches(db) }),
  );

  app.post(
    '/admin/redeem-batches/:id/revoke/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '停用一批兑换码',
        description:
          '停用后这一批中未使用的兑换码不能再兑换（400 redeem_code_revoked），已兑换的积分不受影响；' +
          '记入审计日志。重复停用不改变任何东西。应答为停用后的批次。非管理员 403。',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid() }),
        response: { 200: redeemBatch, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const batch = await revokeBatch(db, authOf(request).userId, request.params.id);
      if (!batch) throw notFound();
      return batch;
    },
  );

  app.get(
    '/admin/redeem-batches/:id/export/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '导出一批兑换码（CSV）',
        description:
          'UTF-8 CSV（带 BOM）：兑换码、积分、状态（未使用/已使用/已停用/已过期）、到期时间、使用时间、使用者。非管理员 403。',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid() }),
        response: { 200: z.string(), ...errors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const csv = await exportBatch(db, sealer, request.params.id);
      if (csv === undefined) throw notFound();
      if (csv === null) throw new HttpError(409, { detail: messages.account.exportUnreadable });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="redeem-${request.params.id}.csv"`)
        .send(csv);
    },
  );
};
