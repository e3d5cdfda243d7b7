import {
  adminConsolePaths,
  adminUserDetail,
  adminUserPage,
  adminUsersQuery,
  auditPage as auditPageSchema,
  auditQuery,
  creditAdjustment,
  creditAdjustmentResult,
  errorBody,
  ledgerPage as ledgerPageSchema,
  ledgerQuery,
  userRoleChange,
  userStatusChange,
} from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authOf, type RequireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { createRequireAdmin } from '../account/routes';
import { ledgerPage } from '../account/service';
import { auditPage } from './audit';
import { adjustCredits, searchUsers, setActive, setRole, userDetail } from './users';

export interface AdminRoutesOptions {
  db: Db;
  requireAuth: RequireAuth;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const userParams = z.object({ id: z.uuid() });
const security = [{ bearerAuth: [] }];

/** /api/admin/users/… and /api/admin/audit/: the operators' console (admins only, the role read per request). */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, requireAuth }) => {
  const requireAdmin = createRequireAdmin(db, requireAuth);
  const detailOr404 = async (id: string) => {
    const detail = await userDetail(db, id);
    if (!detail) throw notFound();
    return detail;
  };

  app.get(
    adminConsolePaths.users,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '查找用户',
        description:
          '邮箱或昵称包含 q（不区分大小写）的用户，新注册的在前，按页（page 从 1 起，limit 1–100，默认 20）；' +
          'count 为符合条件的总数。非管理员 403。',
        security,
        querystring: adminUsersQuery,
        response: { 200: adminUserPage, ...errors(400, 401, 403) },
      },
    },
    async (request) => searchUsers(db, request.query),
  );

  app.get(
    '/admin/users/:id/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '用户详情',
        description: '余额、套餐、状态、角色与有效登录数。非管理员 403。',
        security,
        params: userParams,
        response: { 200: adminUserDetail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => detailOr404(request.params.id),
  );

  app.get(
    '/admin/users/:id/ledger/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '用户的积分明细',
        description: '与用户自己的积分明细相同：新的在前，按游标分页。非管理员 403。',
        security,
        params: userParams,
        querystring: ledgerQuery,
        response: { 200: ledgerPageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const page = await ledgerPage(db, request.params.id, request.query);
      if (!page) throw notFound();
      return page;
    },
  );

  app.post(
    '/admin/users/:id/credits/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '调整积分',
        description:
          '加（delta > 0）或扣（delta < 0）积分，整数，绝对值 1–1000000，必须写明原因（reason，1–200 字）。' +
          '写一行类型为 adjustment 的积分流水（含管理员与原因）和一行审计日志，从不直接改余额。' +
          '扣除超过余额时 409 adjustment_exceeds_balance，并说明当前余额。非管理员 403。',
        security,
        params: userParams,
        body: creditAdjustment,
        response: { 200: creditAdjustmentResult, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      adjustCredits(db, authOf(request).userId, request.params.id, {
        delta: request.body.delta,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/admin/users/:id/status/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '停用或恢复账号',
        description:
          'active=false 停用账号：其全部登录立即结束，下一个请求即被拒绝；active=true 恢复。' +
          '唯一的管理员不能停用自己（409 last_admin）。非管理员 403。',
        security,
        params: userParams,
        body: userStatusChange,
        response: { 200: adminUserDetail, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await setActive(db, authOf(request).userId, request.params.id, request.body.active);
      return detailOr404(request.params.id);
    },
  );

  app.post(
    '/admin/users/:id/role/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '设为或取消管理员',
        description:
          'role 为 admin 或 user。取消管理员时该用户的全部登录结束。唯一的管理员不能取消自己的管理员身份' +
          '（409 last_admin）。非管理员 403。',
        security,
        params: userParams,
        body: userRoleChange,
        response: { 200: adminUserDetail, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await setRole(db, authOf(request).userId, request.params.id, request.body.role);
      return detailOr404(request.params.id);
    },
  );

  app.get(
    adminConsolePaths.audit,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '审计日志',
        description:
          '管理员的每个操作（调整积分、停用/恢复、设为/取消管理员、生成兑换码，以及命令行的 admin grant/revoke），' +
          '新的在前，按游标分页（limit 1–100，默认 50）。非管理员 403。',
        security,
        querystring: auditQuery,
        response: { 200: auditPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => auditPage(db, request.query),
  );
};
