import {
  ADMIN_USAGE_DAYS_DEFAULT,
  ADMIN_USAGE_DAYS_MAX,
  ADMIN_USAGE_EXPORT_ROWS_MAX,
  ADMIN_USAGE_TOP_USERS,
  adminConsolePaths,
  adminPlan,
  adminPlanList,
  adminRegistrationPolicy,
  adminUsageQuery,
  adminUsageReport,
  adminUserDetail,
  adminUserPage,
  adminUsersQuery,
  auditPage as auditPageSchema,
  auditQuery,
  createdInvites,
  createInvites,
  creditAdjustment,
  creditAdjustmentResult,
  errorBody,
  INVITE_BATCH_MAX,
  inviteCode,
  inviteList,
  ledgerPage as ledgerPageSchema,
  ledgerQuery,
  PLAN_GRANT_DAY_MAX,
  PLANS_MAX,
  planInput,
  planUpdate,
  registrationPolicyInput,
  usageQuery,
  usageReport as usageReportSchema,
  userPlanChange,
  userRoleChange,
  userStatusChange,
} from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authOf, type RequireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { createRequireAdmin } from '../account/routes';
import { ledgerPage, usageReport as userUsageReport } from '../account/service';
import { type RegistrationDefaults, readRegistrationPolicy } from '../auth/policy';
import { auditPage } from './audit';
import { INVITE_LIST_MAX, listInviteCodes, makeInviteCodes, revokeInviteCode } from './invites';
import { createPlan, listPlans, setUserPlan, updatePlan } from './plans';
import { resetRegistrationPolicy, saveRegistrationPolicy } from './registration';
import { usageCsv, usageRange, usageReport } from './usage';
import { adjustCredits, searchUsers, setActive, setRole, userDetail } from './users';

export interface AdminRoutesOptions {
  db: Db;
  requireAuth: RequireAuth;
  /** How accounts are made when the console has set no policy (the server's environment). */
  registration: RegistrationDefaults;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const userParams = z.object({ id: z.uuid() });
const security = [{ bearerAuth: [] }];

/** /api/admin/users/…, /api/admin/audit/ and /api/admin/usage/: the operators' console (admins only, the role read per request). */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, requireAuth, registration },
) => {
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

  app.get(
    '/admin/users/:id/usage/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '用户的用量',
        description:
          '与用户自己在积分明细中看到的用量相同：最近 days 天（默认 30，最多 90）每天按模型的积分与 token，按 tz 时区' +
          '（默认 Asia/Shanghai）分日。非管理员 403，没有这个用户 404。',
        security,
        params: userParams,
        querystring: usageQuery,
        response: { 200: usageReportSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await detailOr404(request.params.id);
      return userUsageReport(db, request.params.id, { days: request.query.days, zone: request.query.tz });
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

  app.post(
    '/admin/users/:id/plan/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '设置用户的套餐',
        description:
          '把用户移到 plan_id 指定的套餐；之后的每月赠送按新套餐。套餐不存在时 400（plan_id），记入审计日志。非管理员 403。',
        security,
        params: userParams,
        body: userPlanChange,
        response: { 200: adminUserDetail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await setUserPlan(db, authOf(request).userId, request.params.id, request.body.plan_id);
      return detailOr404(request.params.id);
    },
  );

  app.get(
    adminConsolePaths.plans,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '套餐',
        description:
          '全部套餐（默认套餐在前）：名称、新用户赠送（只有默认套餐）、每月赠送的积分与日期（北京时间每月第 grant_day 天，1–' +
          `${PLAN_GRANT_DAY_MAX}），可用的模型（models，null 为全部启用的模型），以及各有多少用户。非管理员 403。`,
        security,
        response: { 200: adminPlanList, ...errors(401, 403) },
      },
    },
    async () => ({ results: await listPlans(db) }),
  );

  app.post(
    adminConsolePaths.plans,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '新建套餐',
        description:
          `名称（1–40 字，不能与已有套餐同名）、每月赠送的积分（0 为不赠送）与日期，可用的模型（models：模型 id 列表，null 或不给为全部；目录中没有的 id 400）。最多 ${PLANS_MAX} 个套餐（409）。` +
          '记入审计日志。非管理员 403。',
        security,
        body: planInput,
        response: { 201: adminPlan, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPlan(db, authOf(request).userId, request.body)),
  );

  app.patch(
    '/admin/plans/:id/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '修改套餐',
        description:
          '只改给出的字段。默认套餐的名称与新用户赠送由服务器设置（DEFAULT_PLAN_NAME、DEFAULT_PLAN_CREDITS）决定，' +
          '改名称时 400（name）。新的每月赠送从下一次赠送起生效，已发放的不变；可用模型的改动从用户的下一次请求起生效。记入审计日志。非管理员 403。',
        security,
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: planUpdate,
        response: { 200: adminPlan, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => updatePlan(db, authOf(request).userId, request.params.id, request.body),
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

  app.get(
    adminConsolePaths.invites,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '邀请码',
        description:
          `注册方式（mode：open 任何人、invite 凭邀请码、closed 关闭）、新用户赠送的积分与每个地址每天可注册的账号数，` +
          `以及最近的 ${INVITE_LIST_MAX} 个邀请码（新的在前）：已用/可用次数、到期与停用时间、状态。` +
          '邀请码本身只在生成时显示一次，服务器只保存其散列。非管理员 403。',
        security,
        response: { 200: inviteList, ...errors(401, 403) },
      },
    },
    async () => ({
      registration: await readRegistrationPolicy(db, registration),
      results: await listInviteCodes(db),
    }),
  );

  const policyDescription =
    '注册方式（mode：open 任何人、invite 凭邀请码、closed 关闭）、新用户赠送的积分（signup_credits）与每个地址每天可注册的账号数' +
    '（per_ip_per_day）。source 为 console 时是管理员在控制台保存的设置，所有实例从下一次注册起照此执行；为 environment 时来自服务器的' +
    '环境变量（REGISTRATION_MODE、DEFAULT_PLAN_CREDITS、REGISTRATIONS_PER_IP_PER_DAY）。用户协议与隐私政策的链接只由环境变量设置。';

  app.get(
    adminConsolePaths.registration,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '注册设置',
        description: `${policyDescription}非管理员 403。`,
        security,
        response: { 200: adminRegistrationPolicy, ...errors(401, 403) },
      },
    },
    async () => readRegistrationPolicy(db, registration),
  );

  app.put(
    adminConsolePaths.registration,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '保存注册设置',
        description: `保存三项设置，此后以它们为准，不再看环境变量。${policyDescription}记入审计日志。非管理员 403。`,
        security,
        body: registrationPolicyInput,
        response: { 200: adminRegistrationPolicy, ...errors(400, 401, 403) },
      },
    },
    async (request) => saveRegistrationPolicy(db, authOf(request).userId, registration, request.body),
  );

  app.delete(
    adminConsolePaths.registration,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '恢复注册设置为服务器设置',
        description: `删除控制台保存的注册设置，重新以环境变量为准，答复恢复后的设置。记入审计日志。非管理员 403。`,
        security,
        response: { 200: adminRegistrationPolicy, ...errors(401, 403) },
      },
    },
    async (request) => resetRegistrationPolicy(db, authOf(request).userId, registration),
  );

  app.post(
    adminConsolePaths.invites,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '生成邀请码',
        description:
          `生成 count 个（1–${INVITE_BATCH_MAX}）邀请码，每个可注册 uses 次（默认 1），可设有效天数与备注。` +
          '应答中的 codes 是邀请码本身，之后无法再次查看。记入审计日志。非管理员 403。',
        security,
        body: createInvites,
        response: { 201: createdInvites, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await makeInviteCodes(db, authOf(request).userId, request.body)),
  );

  app.post(
    '/admin/invites/:id/revoke/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '停用邀请码',
        description: '停用后不能再用它注册；重复停用不改变任何东西。记入审计日志。非管理员 403。',
        security,
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: inviteCode, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const invite = await revokeInviteCode(db, authOf(request).userId, request.params.id);
      if (!invite) throw notFound();
      return invite;
    },
  );

  const rangeText =
    'from 与 to 为 YYYY-MM-DD（含两端），按 tz（IANA 时区名，默认 Asia/Shanghai）划分日期；' +
    `不给 to 时为今天，不给 from 时为 to 之前 ${ADMIN_USAGE_DAYS_DEFAULT} 天（含 to）。范围最长 ${ADMIN_USAGE_DAYS_MAX} 天。`;

  app.get(
    adminConsolePaths.usage,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '用量统计',
        description:
          '全部用户在日期范围内花费的积分（对话、写作助手与联网搜索，扣除退还）与输入/输出 token：' +
          `合计、每天每个模型、每个模型，以及用得最多的 ${ADMIN_USAGE_TOP_USERS} 位用户。${rangeText}非管理员 403。`,
        security,
        querystring: adminUsageQuery,
        response: { 200: adminUsageReport, ...errors(400, 401, 403) },
      },
    },
    async (request) => usageReport(db, usageRange(request.query)),
  );

  app.get(
    adminConsolePaths.usageExport,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '导出用量（CSV）',
        description:
          'UTF-8 CSV（带 BOM）：日期、邮箱、昵称、模型、积分、输入 token、输出 token，每天每位用户每个模型一行。' +
          `${rangeText}超过 ${ADMIN_USAGE_EXPORT_ROWS_MAX.toLocaleString('en-US')} 行时 413，请缩小范围。非管理员 403。`,
        security,
        querystring: adminUsageQuery,
        response: { 200: z.string(), ...errors(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const range = usageRange(request.query);
      const csv = await usageCsv(db, range);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="usage-${range.from}-${range.to}.csv"`)
        .send(csv);
    },
  );
};
