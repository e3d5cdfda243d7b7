import type { AdminApi } from '@wanxiang/api-client';
import {
  type AdminPlan,
  type AdminRegistrationPolicy,
  type AdminUsageQuery,
  type AdminUsageReport,
  type AdminUserDetail,
  type AuditEntry,
  type InviteCode,
  type LedgerEntry,
  planInput,
  planUpdate,
  type RedeemBatch,
  registrationPolicyInput,
} from '@wanxiang/api-client/contract';
import { addDays, daysSpanned } from './days';
import { fakeModelCatalog, given, invalid } from './fakeModelCatalog';
import type { CatalogApi } from './ModelsView';
import { refused } from './refused';

const NAMES = [
  '王小明',
  '李华',
  '张伟',
  '刘洋',
  '陈静',
  '杨帆',
  '赵磊',
  '黄敏',
  '周杰',
  '吴霞',
  '徐鹏',
  '孙丽',
];

/** The admin signed in to the stories. */
export const SELF_ID = '00000000-0000-4000-8000-000000000001';

function seedUsers(): AdminUserDetail[] {
  return Array.from({ length: 24 }, (_, index) => {
    const n = index + 1;
    return {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      email: n === 1 ? 'ops@example.com' : `user${n}@example.com`,
      nickname: n === 1 ? '运营' : (NAMES[index % NAMES.length] ?? ''),
      role: n === 1 ? 'admin' : 'user',
      is_active: n !== 5,
      credits_balance: n === 1 ? 0 : n * 37,
      created_at: new Date(Date.UTC(2026, 10, 27, 12) - index * 86_400_000).toISOString(),
      last_login_at:
        n % 3 === 0 ? null : new Date(Date.UTC(2026, 10, 28, 1) - index * 3_600_000).toISOString(),
      plan: { id: 1, name: '免费体验版' },
      active_sessions: n === 5 ? 0 : (n % 3) + 1,
    };
  });
}

/**
 * The console's server kept in memory, answering as the real one does: search by e-mail or nickname with
 * pages, adjustments as ledger rows (a deduction beyond the balance refused naming it), disabling that ends
 * the sign-ins, the last admin kept, the model catalog (fakeModelCatalog.ts) with the plans limited to some of
 * its models (an id it does not have refused on `models`), and an audit row for every change. `forbidden`
 * answers 403 to all; `catalogDown` fails the catalog's reading as a server that cannot reach it would.
 */
export function fakeAdmin(
  options: {
    forbidden?: boolean;
    auditRows?: number;
    registrationMode?: 'open' | 'invite' | 'closed';
    catalogDown?: boolean;
  } = {},
) {
  const users = seedUsers();
  const ledgers = new Map<string, LedgerEntry[]>();
  let ledgerId = 1000;
  let auditId = 500;
  const audit: AuditEntry[] = [];
  const self = users[0] as AdminUserDetail;
  const auditRow = (action: string, target: AuditEntry['target'], details: Record<string, unknown>) => {
    auditId += 1;
    audit.unshift({
      id: String(auditId),
      created_at: new Date(Date.UTC(2026, 10, 28, 3, 0, auditId % 60)).toISOString(),
      actor: self.email,
      action,
      target,
      details,
    });
  };
  const record = (action: string, target: AdminUserDetail, details: Record<string, unknown> = {}) =>
    auditRow(action, { type: 'user', id: target.id, label: target.email }, details);
  const environment: AdminRegistrationPolicy = {
    mode: options.registrationMode ?? 'invite',
    signup_credits: 1000,
    per_ip_per_day: 10,
    source: 'environment',
    updated_at: null,
    updated_by: null,
    terms_url: 'https://wanxiang.example/terms',
    privacy_url: null,
  };
  let registration: AdminRegistrationPolicy = { ...environment };
  /** Each field of the policy that differs, as from → to, as the audit log keeps it. */
  const policyChanges = (before: AdminRegistrationPolicy, after: AdminRegistrationPolicy) =>
    Object.fromEntries(
      (['mode', 'signup_credits', 'per_ip_per_day'] as const)
        .filter((field) => before[field] !== after[field])
        .map((field) => [field, { from: before[field], to: after[field] }]),
    );
  const invites: InviteCode[] = seedInvites();
  let inviteId = 40;
  let batches: RedeemBatch[] = seedBatches();
  const plans: AdminPlan[] = [
    {
      id: 1,
      name: '免费体验版',
      is_default: true,
      signup_credits: 1000,
      monthly_credits: 0,
      grant_day: 1,
      users: 0,
      models: null,
      created_at: '2026-09-01T00:00:00.000Z',
    },
    {
      id: 2,
      name: '专业版',
      is_default: false,
      signup_credits: 0,
      monthly_credits: 3000,
      grant_day: 5,
      users: 0,
      models: ['deepseek-chat', 'qwen-max'],
      created_at: '2026-10-01T00:00:00.000Z',
    },
  ];
  const planJson = (plan: AdminPlan): AdminPlan => ({
    ...plan,
    users: users.filter((user) => user.plan?.id === plan.id).length,
  });
  const checkPlanName = (name: string | undefined, id?: number) => {
    if (name !== undefined && plans.some((plan) => plan.name === name && plan.id !== id))
      throw refused(400, { errors: { name: ['已有同名的套餐。'] } });
  };
  let batchesMade = 0;
  for (let i = 0; i < (options.auditRows ?? 3); i += 1) {
    auditId += 1;
    audit.push({
      id: String(auditId),
      created_at: new Date(Date.UTC(2026, 10, 27, 8, i)).toISOString(),
      actor: i === 0 ? 'cli' : self.email,
      action: ['role.grant', 'redeem_batch.create', 'credits.adjust'][i % 3] as string,
      target:
        i % 3 === 1
          ? { type: 'redeem_batch', id: 'b1', label: '双十一' }
          : { type: 'user', id: users[i]?.id ?? null, label: users[i]?.email ?? null },
      details:
        i % 3 === 1 ? { value: 500, count: 200 } : i % 3 === 2 ? { delta: 100, reason: '活动奖励' } : {},
    });
  }
  audit.reverse();
  for (const user of users) {
    let balance = 0;
    const rows: LedgerEntry[] = [];
    const push = (delta: number, kind: string, note: string | null, model: string | null = null) => {
      balance += delta;
      ledgerId += 1;
      rows.unshift({
        id: String(ledgerId),
        created_at: new Date(Date.UTC(2026, 10, 20, 2) + rows.length * 3_600_000).toISOString(),
        kind,
        delta,
        balance_after: balance,
        model,
        tokens_in: null,
        tokens_out: null,
        target: null,
        note,
      });
    };
    if (user.credits_balance > 0) {
      push(user.credits_balance + 30, 'grant', '注册赠送积分');
      for (let i = 0; i < 25; i += 1) if (i < 3) push(-10, 'chat', null, 'DeepSeek-V3');
      push(0 - (balance - user.credits_balance), 'chat', null, 'DeepSeek-V3');
    }
    ledgers.set(
      user.id,
      rows.filter((row) => row.delta !== 0),
    );
  }
  const calls: string[] = [];
  const deny = () => {
    if (options.forbidden)
      throw refused(403, { detail: '只有管理员可以进行这项操作。', code: 'admin_required' });
  };
  const find = (id: string) => {
    const user = users.find((candidate) => candidate.id === id);
    if (!user) throw refused(404, { detail: '未找到。' });
    return user;
  };
  const lastAdmin = (user: AdminUserDetail) =>
    user.role === 'admin' && users.filter((u) => u.role === 'admin' && u.is_active).length <= 1;
  const { modelIds, ...catalogApi } = fakeModelCatalog({ actor: self.email, deny, calls, auditRow });
  /** A plan's models as the server keeps them: each once, in the catalog's order; an unknown id refused. */
  const checkModels = (ids: readonly string[] | null | undefined) => {
    if (ids === undefined || ids === null) return ids;
    const known = modelIds();
    const unknown = [...new Set(ids)].filter((id) => !known.includes(id));
    if (unknown.length > 0)
      throw refused(400, { errors: { models: [`模型目录中没有：${unknown.join('、')}。`] } });
    return known.filter((id) => ids.includes(id));
  };

  const admin: Pick<
    AdminApi,
    | 'users'
    | 'user'
    | 'userLedger'
    | 'userUsage'
    | 'adjustCredits'
    | 'setUserActive'
    | 'setUserRole'
    | 'audit'
    | 'usage'
    | 'exportUsage'
    | 'invites'
    | 'createInvites'
    | 'plans'
    | 'createPlan'
    | 'updatePlan'
    | 'setUserPlan'
    | 'redeemBatches'
    | 'createRedeemBatch'
    | 'exportRedeemBatch'
    | 'revokeRedeemBatch'
    | 'revokeInvite'
    | 'registrationPolicy'
    | 'setRegistrationPolicy'
    | 'resetRegistrationPolicy'
  > &
    CatalogApi & {
      calls: string[];
    } = {
    calls,
    ...catalogApi,
    async modelCatalog() {
      if (options.catalogDown) throw refused(503, { detail: '模型目录暂时无法读取，请稍后重试。' });
      return catalogApi.modelCatalog();
    },
    async users({ q, page = 1, limit = 20 } = {}) {
      deny();
      calls.push(`users ${q ?? ''} ${page}`);
      const needle = q?.trim().toLowerCase();
      const found = needle
        ? users.filter((u) => u.email.includes(needle) || u.nickname.toLowerCase().includes(needle))
        : users;
      return {
        count: found.length,
        page,
        limit,
        results: found
          .slice((page - 1) * limit, page * limit)
          .map(({ plan: _, active_sessions: __, ...rest }) => rest),
      };
    },
    async user(id) {
      deny();
      return { ...find(id) };
    },
    async userLedger(id, { cursor, limit = 20 } = {}) {
      deny();
      const user = find(id);
      const rows = ledgers.get(id) ?? [];
      const start = cursor ? rows.findIndex((row) => row.id === cursor) + 1 : 0;
      const page = rows.slice(start, start + limit);
      return {
        balance: user.credits_balance,
        results: page,
        next_cursor: start + limit < rows.length ? (page.at(-1)?.id ?? null) : null,
      };
    },
    async userUsage(id, { days = 30, tz = 'Asia/Shanghai' } = {}) {
      deny();
      find(id);
      calls.push(`user usage ${id} ${days}`);
      // A twentieth of the service's days, as one user's share of them.
      const { days: service } = usageOf(
        { from: addDays('2026-11-28', -(days - 1)), to: '2026-11-28' },
        users,
      );
      const share = (n: number) => Math.round(n / 20);
      return {
        time_zone: tz,
        days: service.map((day) => ({
          date: day.date,
          models: day.models.map((m) => ({
            model: m.model,
            credits: share(m.credits),
            tokens_in: share(m.tokens_in),
            tokens_out: share(m.tokens_out),
          })),
        })),
      };
    },
    async adjustCredits(id, { delta, reason }) {
      deny();
      const user = find(id);
      if (!Number.isInteger(delta) || delta === 0 || Math.abs(delta) > 1_000_000)
        throw refused(400, { errors: { delta: ['该字段的值无效。'] } });
      if (!reason.trim()) throw refused(400, { errors: { reason: ['该字段不能为空。'] } });
      if (user.credits_balance + delta < 0) {
        const detail = `不能扣除 ${-delta} 积分：该用户当前余额只有 ${user.credits_balance} 积分。`;
        throw refused(409, { detail, code: 'adjustment_exceeds_balance', errors: { delta: [detail] } });
      }
      user.credits_balance += delta;
      ledgerId += 1;
      const entry: LedgerEntry = {
        id: String(ledgerId),
        created_at: '2026-11-28T03:00:00Z',
        kind: 'adjustment',
        delta,
        balance_after: user.credits_balance,
        model: null,
        tokens_in: null,
        tokens_out: null,
        target: null,
        note: `${reason}（管理员 ${self.email}）`,
      };
      ledgers.set(id, [entry, ...(ledgers.get(id) ?? [])]);
      record('credits.adjust', user, { delta, reason, balance_after: user.credits_balance });
      calls.push(`adjust ${delta}`);
      return { balance: user.credits_balance, entry };
    },
    async setUserActive(id, active) {
      deny();
      const user = find(id);
      if (!active && lastAdmin(user))
        throw refused(409, {
          detail: '你是唯一的管理员，不能停用自己的账号：请先让另一位用户成为管理员。',
          code: 'last_admin',
        });
      user.is_active = active;
      if (!active) user.active_sessions = 0;
      record(active ? 'user.enable' : 'user.disable', user);
      calls.push(`${active ? 'enable' : 'disable'} ${user.email}`);
      return { ...user };
    },
    async setUserRole(id, role) {
      deny();
      const user = find(id);
      if (role === 'user' && lastAdmin(user))
        throw refused(409, {
          detail: '你是唯一的管理员，不能取消自己的管理员身份：请先让另一位用户成为管理员。',
          code: 'last_admin',
        });
      if (role === 'user' && user.role === 'admin') user.active_sessions = 0;
      user.role = role;
      record(role === 'admin' ? 'role.grant' : 'role.revoke', user);
      calls.push(`role ${role} ${user.email}`);
      return { ...user };
    },
    async audit({ cursor, limit = 50 } = {}) {
      deny();
      const start = cursor ? audit.findIndex((row) => row.id === cursor) + 1 : 0;
      const page = audit.slice(start, start + limit);
      return { results: page, next_cursor: start + limit < audit.length ? (page.at(-1)?.id ?? null) : null };
    },
    async invites() {
      deny();
      calls.push('invites');
      return { registration: { ...registration }, results: invites.map((invite) => ({ ...invite })) };
    },
    async registrationPolicy() {
      deny();
      return { ...registration };
    },
    async setRegistrationPolicy(input) {
      deny();
      const checked = registrationPolicyInput.safeParse(input);
      if (!checked.success)
        throw refused(400, {
          errors: Object.fromEntries(
            checked.error.issues.map((issue) => [String(issue.path[0]), ['请输入有效的值。']]),
          ),
        });
      const before = registration;
      registration = {
        ...registration,
        ...checked.data,
        source: 'console',
        updated_at: '2026-11-28T05:00:00.000Z',
        updated_by: self.email,
      };
      calls.push(`policy ${input.mode} ${input.signup_credits} ${input.per_ip_per_day}`);
      auditRow('registration.update', null, policyChanges(before, registration));
      return { ...registration };
    },
    async resetRegistrationPolicy() {
      deny();
      const before = registration;
      registration = { ...environment };
      calls.push('policy reset');
      if (before.source === 'console')
        auditRow('registration.reset', null, policyChanges(before, registration));
      return { ...registration };
    },
    async createInvites({ count, uses = 1, expires_in_days, note }) {
      deny();
      if (!Number.isInteger(count) || count < 1 || count > 100)
        throw refused(400, { errors: { count: ['请确保该值不超过 100。'] } });
      calls.push(`create invites ${count}×${uses}`);
      const codes = Array.from(
        { length: count },
        (_, index) => `K7QM-${String(invites.length + index).padStart(4, '2')}-XW9P`,
      );
      const made = codes.map((_, index) => ({
        id: String(inviteId + index + 1),
        note: note ?? null,
        uses: 0,
        max_uses: uses,
        expires_at: expires_in_days ? '2026-12-05T03:00:00.000Z' : null,
        revoked_at: null,
        created_at: '2026-11-28T03:00:00.000Z',
        state: 'active' as const,
      }));
      inviteId += count;
      invites.unshift(...made.reverse());
      auditRow('invites.create', null, { count, uses, note: note ?? null });
      return { codes, results: made };
    },
    async revokeInvite(id) {
      deny();
      const invite = invites.find((row) => row.id === id);
      if (!invite) throw refused(404, { detail: '未找到。' });
      if (!invite.revoked_at) {
        invite.revoked_at = '2026-11-28T04:00:00.000Z';
        invite.state = 'revoked';
        auditRow('invite.revoke', { type: 'invite', id, label: invite.note }, {});
      }
      calls.push(`revoke invite ${id}`);
      return { ...invite };
    },
    async plans() {
      deny();
      calls.push('plans');
      return plans.map(planJson);
    },
    async createPlan(input) {
      deny();
      const checked = planInput.safeParse(input);
      if (!checked.success) throw invalid(checked.error);
      const data = checked.data;
      checkPlanName(data.name);
      const plan: AdminPlan = {
        id: Math.max(...plans.map((p) => p.id)) + 1,
        name: data.name,
        monthly_credits: data.monthly_credits,
        grant_day: data.grant_day,
        models: checkModels(data.models) ?? null,
        is_default: false,
        signup_credits: 0,
        users: 0,
        created_at: '2026-11-28T03:00:00.000Z',
      };
      plans.push(plan);
      calls.push(`create plan ${plan.name}`);
      const { monthly_credits, grant_day, models } = plan;
      auditRow(
        'plan.create',
        { type: 'plan', id: String(plan.id), label: plan.name },
        { monthly_credits, grant_day, models },
      );
      return planJson(plan);
    },
    async updatePlan(id, input) {
      deny();
      const plan = plans.find((p) => p.id === id);
      if (!plan) throw refused(404, { detail: '未找到。' });
      const checked = planUpdate.safeParse(input);
      if (!checked.success) throw invalid(checked.error);
      const data = given(checked.data, input);
      if (plan.is_default && data.name !== undefined && data.name !== plan.name)
        throw refused(400, {
          errors: { name: ['默认套餐的名称由服务器设置 DEFAULT_PLAN_NAME 决定，不能在这里修改。'] },
        });
      checkPlanName(data.name, id);
      const models = checkModels(data.models);
      const before = { ...plan };
      Object.assign(plan, data, models !== undefined ? { models } : {});
      calls.push(`update plan ${id}${models !== undefined ? ` models ${models?.join(',') ?? 'all'}` : ''}`);
      // Each field that changed, from → to, as the server keeps it; nothing when none did.
      const changed = Object.fromEntries(
        (['name', 'monthly_credits', 'grant_day', 'models'] as const)
          .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(plan[field]))
          .map((field) => [field, { from: before[field], to: plan[field] }]),
      );
      if (Object.keys(changed).length > 0)
        auditRow('plan.update', { type: 'plan', id: String(id), label: plan.name }, changed);
      return planJson(plan);
    },
    async setUserPlan(id, planId) {
      deny();
      const user = find(id);
      const plan = plans.find((p) => p.id === planId);
      if (!plan) throw refused(400, { errors: { plan_id: ['没有这个套餐。'] } });
      user.plan = { id: plan.id, name: plan.name };
      calls.push(`plan ${user.email} ${plan.name}`);
      record('user.plan', user, { plan: plan.name });
      return { ...user };
    },
    async redeemBatches() {
      deny();
      calls.push('batches');
      return batches.map((batch) => ({ ...batch }));
    },
    async createRedeemBatch({ value, count, expires_in_days, note }) {
      deny();
      if (!Number.isInteger(count) || count < 1 || count > 1000)
        throw refused(400, { errors: { count: ['请确保该值不超过 1000。'] } });
      calls.push(`create batch ${value}×${count}`);
      batchesMade += 1;
      // Grouped in fours as the server prints them, the batch's number first so each batch's codes differ.
      const codes = Array.from(
        { length: count },
        (_, index) =>
          `${batchesMade}${String(index).padStart(3, '0')}QWERTYUPASDFGHJKLZX`.match(/.{4}/g)?.join('-') ??
          '',
      );
      const batch: RedeemBatch = {
        id: `00000000-0000-4000-9000-00000000000${batchesMade}`,
        value,
        count,
        used: 0,
        expires_at: expires_in_days ? '2026-12-28T03:00:00.000Z' : null,
        note: note ?? null,
        created_at: '2026-11-28T03:00:00.000Z',
        created_by: self.id,
        revoked_at: null,
        state: 'active',
      };
      batches = [batch, ...batches];
      auditRow(
        'redeem_batch.create',
        { type: 'redeem_batch', id: batch.id, label: batch.note },
        { value, count },
      );
      return { batch, codes };
    },
    async revokeRedeemBatch(id) {
      deny();
      const found = batches.find((batch) => batch.id === id);
      if (!found) throw refused(404, { detail: '未找到。' });
      const revoked: RedeemBatch = {
        ...found,
        revoked_at: found.revoked_at ?? '2026-11-28T04:00:00.000Z',
        state: 'revoked',
      };
      batches = batches.map((batch) => (batch.id === id ? revoked : batch));
      if (!found.revoked_at)
        auditRow('redeem_batch.revoke', { type: 'redeem_batch', id, label: found.note }, {});
      calls.push(`revoke batch ${id}`);
      return revoked;
    },
    async exportRedeemBatch(id) {
      deny();
      calls.push(`export batch ${id}`);
      return new Blob(['\ufeffcode,value\r\n'], { type: 'text/csv' });
    },
    async usage(query = {}) {
      deny();
      const report = usageOf(query, users);
      calls.push(`usage ${report.from} ${report.to}`);
      return report;
    },
    async exportUsage(query = {}) {
      deny();
      const report = usageOf(query, users);
      calls.push(`export ${report.from} ${report.to}`);
      const lines = ['日期,邮箱,昵称,模型,积分,输入 token,输出 token'];
      for (const day of report.days)
        for (const model of day.models)
          lines.push(
            `${day.date},user2@example.com,李华,${model.model ?? ''},${model.credits},${model.tokens_in},${model.tokens_out}`,
          );
      return new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv' });
    },
  };
  return admin;
}

export type FakeAdmin = ReturnType<typeof fakeAdmin>;

/** Invitation codes in each state, newest first. */
function seedInvites(): InviteCode[] {
  const row = (id: number, state: InviteCode['state'], extra: Partial<InviteCode>): InviteCode => ({
    id: String(id),
    note: null,
    uses: 0,
    max_uses: 1,
    expires_at: null,
    revoked_at: null,
    created_at: new Date(Date.UTC(2026, 10, 27 - (40 - id), 2)).toISOString(),
    state,
    ...extra,
  });
  return [
    row(40, 'active', { note: '内测群', max_uses: 20, uses: 7, expires_at: '2026-12-27T02:00:00.000Z' }),
    row(39, 'used_up', { note: '张老师', uses: 1 }),
    row(38, 'expired', { note: '十月活动', max_uses: 5, uses: 2, expires_at: '2026-11-01T00:00:00.000Z' }),
    row(37, 'revoked', { note: '误发', revoked_at: '2026-11-20T08:00:00.000Z' }),
  ];
}

/** Redeem batches in each state as of the stories' today, newest first. */
function seedBatches(): RedeemBatch[] {
  const batch = (id: number, extra: Partial<RedeemBatch>): RedeemBatch => ({
    id: `5c0e2b7a-9f41-4d8e-b3a6-00000000000${id}`,
    value: 100,
    count: 50,
    used: 0,
    expires_at: null,
    note: null,
    created_at: new Date(Date.UTC(2026, 10, 10 - id * 10, 2)).toISOString(),
    created_by: SELF_ID,
    revoked_at: null,
    state: 'active',
    ...extra,
  });
  // Each state as the server judges it on the stories' today.
  return [
    batch(0, { value: 500, count: 200, used: 37, expires_at: '2026-12-31T15:59:59.000Z', note: '双十一' }),
    batch(1, { used: 50, state: 'used_up' }),
    batch(2, {
      value: 50,
      count: 30,
      used: 4,
      expires_at: '2026-10-31T15:59:59.000Z',
      note: '国庆活动',
      state: 'expired',
    }),
    batch(3, {
      value: 20,
      count: 100,
      used: 12,
      note: '群里泄露',
      revoked_at: '2026-10-21T08:00:00.000Z',
      state: 'revoked',
    }),
  ];
}

/** The stories' "today": the quick ranges count back from it. */
export const USAGE_TODAY = new Date('2026-11-28T04:00:00Z');

/**
 * Usage as the server reports it for a range: three models whose use rises through the week (nothing on
 * the 15th of a month, and rows from before the ledger named models under null), the heaviest users first.
 * A range that ends before it starts or spans more than 366 days is refused on its field, as the server does.
 */
function usageOf(query: AdminUsageQuery, users: AdminUserDetail[]): AdminUsageReport {
  const to = query.to ?? '2026-11-28';
  const from = query.from ?? addDays(to, -29);
  if (from > to) throw refused(400, { errors: { from: ['开始日期不能晚于结束日期。'] } });
  const length = daysSpanned(from, to);
  if (length > 366) throw refused(400, { errors: { from: ['日期范围最长 366 天。'] } });
  const days = Array.from({ length }, (_, index) => {
    const date = addDays(from, index);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (date.endsWith('-15')) return { date, models: [] };
    const base = 40 + weekday * 12 + (index % 5) * 7;
    return {
      date,
      models: [
        { model: 'DeepSeek-V3', credits: base * 3, tokens_in: base * 900, tokens_out: base * 2100 },
        { model: '通义千问 Max', credits: base * 2, tokens_in: base * 600, tokens_out: base * 1300 },
        ...(index % 4 === 0 ? [{ model: null, credits: 9, tokens_in: 0, tokens_out: 0 }] : []),
      ],
    };
  });
  const models = new Map<string | null, { credits: number; tokens_in: number; tokens_out: number }>();
  for (const day of days)
    for (const row of day.models) {
      const sum = models.get(row.model) ?? { credits: 0, tokens_in: 0, tokens_out: 0 };
      models.set(row.model, {
        credits: sum.credits + row.credits,
        tokens_in: sum.tokens_in + row.tokens_in,
        tokens_out: sum.tokens_out + row.tokens_out,
      });
    }
  const modelRows = [...models]
    .map(([model, sum]) => ({ model, ...sum }))
    .sort((a, b) => b.credits - a.credits);
  const totals = modelRows.reduce(
    (sum, row) => ({
      credits: sum.credits + row.credits,
      tokens_in: sum.tokens_in + row.tokens_in,
      tokens_out: sum.tokens_out + row.tokens_out,
    }),
    { credits: 0, tokens_in: 0, tokens_out: 0 },
  );
  const spenders = totals.credits > 0 ? users.slice(1, 6) : [];
  const shares = [0.4, 0.25, 0.15, 0.12, 0.08];
  return {
    time_zone: query.tz ?? 'Asia/Shanghai',
    from,
    to,
    totals: { ...totals, users: spenders.length },
    days,
    models: modelRows,
    users: spenders.map((user, index) => {
      const share = shares[index] ?? 0;
      return {
        id: user.id,
        email: user.email,
        nickname: user.nickname,
        credits: Math.round(totals.credits * share),
        tokens_in: Math.round(totals.tokens_in * share),
        tokens_out: Math.round(totals.tokens_out * share),
      };
    }),
  };
}
