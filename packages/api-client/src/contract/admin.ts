/**
 * The wire contract of the operators' console (管理, admins only): users found by e-mail or nickname, one
 * user's account (balance, plan, status, ledger, sign-ins), credits granted or deducted with a reason,
 * an account disabled or enabled, the admin role given or taken, the audit log of all of it, and the
 * service's usage over a chosen range (by day, model and user, and as CSV), and the invitation codes.
 */
import { z } from 'zod';
import { ledgerEntry, timeZoneName, usageDay, usageModel } from './account';
import { CATALOG_ID_MAX, MODELS_MAX } from './adminModels';
import { REGISTRATION_MODES } from './authPaths';

export const adminConsolePaths = {
  users: '/admin/users/',
  user: (id: string) => `/admin/users/${encodeURIComponent(id)}/`,
  userLedger: (id: string) => `/admin/users/${encodeURIComponent(id)}/ledger/`,
  userUsage: (id: string) => `/admin/users/${encodeURIComponent(id)}/usage/`,
  userCredits: (id: string) => `/admin/users/${encodeURIComponent(id)}/credits/`,
  userStatus: (id: string) => `/admin/users/${encodeURIComponent(id)}/status/`,
  userRole: (id: string) => `/admin/users/${encodeURIComponent(id)}/role/`,
  audit: '/admin/audit/',
  usage: '/admin/usage/',
  usageExport: '/admin/usage/export/',
  invites: '/admin/invites/',
  inviteRevoke: (id: string) => `/admin/invites/${encodeURIComponent(id)}/revoke/`,
  plans: '/admin/plans/',
  plan: (id: number) => `/admin/plans/${id}/`,
  userPlan: (id: string) => `/admin/users/${encodeURIComponent(id)}/plan/`,
  registration: '/admin/registration/',
} as const;

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The most users one search page holds, and how many it holds when not asked. */
export const ADMIN_USERS_PAGE_MAX = 100;
export const ADMIN_USERS_PAGE_DEFAULT = 20;
export const ADMIN_SEARCH_MAX = 100;
/** The most credits one adjustment grants or deducts. */
export const ADJUSTMENT_MAX = 1_000_000;
export const ADJUSTMENT_REASON_MAX = 200;
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 50;

export const adminUsersQuery = z.object({
  /** Part of an e-mail or a nickname, case-insensitive; absent: every user, newest first. */
  q: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_MAX).default(ADMIN_USERS_PAGE_DEFAULT),
});
export interface AdminUsersQuery {
  q?: string;
  page?: number;
  limit?: number;
}

export const adminUserSummary = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
  role: z.enum(USER_ROLES),
  is_active: z.boolean(),
  credits_balance: z.number().int().nonnegative(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminUserPage = z.object({
  /** Users matching the search, on every page. */
  count: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  results: z.array(adminUserSummary),
});
export type AdminUserPage = z.infer<typeof adminUserPage>;

export const adminUserDetail = adminUserSummary.extend({
  plan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Sign-ins not ended nor expired. */
  active_sessions: z.number().int().nonnegative(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const creditAdjustment = z.object({
  /** Positive grants, negative deducts; never zero. */
  delta: z
    .number()
    .int()
    .min(-ADJUSTMENT_MAX)
    .max(ADJUSTMENT_MAX)
    .refine((value) => value !== 0, { message: '调整的积分不能为 0。' }),
  /** Why: kept with the ledger row and in the audit log. */
  reason: z.string().trim().min(1).max(ADJUSTMENT_REASON_MAX),
});
export type CreditAdjustment = z.input<typeof creditAdjustment>;

export const creditAdjustmentResult = z.object({
  balance: z.number().int().nonnegative(),
  entry: ledgerEntry,
});
export type CreditAdjustmentResult = z.infer<typeof creditAdjustmentResult>;

export const userStatusChange = z.object({ active: z.boolean() });
export const userRoleChange = z.object({ role: z.enum(USER_ROLES) });

/** The refusals of the console's changes (409), each with its `detail` naming the reason. */
export const ADMIN_ERROR_CODES = {
  insufficient: 'adjustment_exceeds_balance',
  lastAdmin: 'last_admin',
} as const;

export const AUDIT_ACTIONS = [
  'credits.adjust',
  'user.disable',
  'user.enable',
  'role.grant',
  'role.revoke',
  'redeem_batch.create',
  'redeem_batch.revoke',
  'invites.create',
  'invite.revoke',
  'plan.create',
  'plan.update',
  'user.plan',
  'registration.update',
  'registration.reset',
  'provider.create',
  'provider.update',
  'provider.delete',
  'model.create',
  'model.update',
  'model.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuery = z.object({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
});
export interface AuditQuery {
  cursor?: string;
  limit?: number;
}

export const auditEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  /** The admin's e-mail, or `cli` for the operator's command line. */
  actor: z.string(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  results: z.array(auditEntry),
  next_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

/** The longest range the operators' usage report covers, in days, and the range when none is asked. */
export const ADMIN_USAGE_DAYS_MAX = 366;
export const ADMIN_USAGE_DAYS_DEFAULT = 30;
/** How many of the heaviest users the report ranks. */
export const ADMIN_USAGE_TOP_USERS = 20;
/** The most rows one CSV export holds; a range with more is refused, naming the way out. */
export const ADMIN_USAGE_EXPORT_ROWS_MAX = 100_000;

/** A calendar day, YYYY-MM-DD, that exists. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期的格式应为 YYYY-MM-DD。')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, '没有这一天。');

export const adminUsageQuery = z.object({
  /** The first day counted; absent: 29 days before `to`. */
  from: calendarDay.optional(),
  /** The last day counted (included); absent: today. */
  to: calendarDay.optional(),
  /** The zone whose days are counted; Asia/Shanghai when absent. */
  tz: timeZoneName.optional(),
});
export interface AdminUsageQuery {
  from?: string;
  to?: string;
  tz?: string;
}

export const usageTotals = z.object({
  credits: z.number().int(),
  tokens_in: z.number().int().nonnegative(),
  tokens_out: z.number().int().nonnegative(),
});
export type UsageTotals = z.infer<typeof usageTotals>;

export const adminUsageUser = usageTotals.extend({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
});
export type AdminUsageUser = z.infer<typeof adminUsageUser>;

export const adminUsageReport = z.object({
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  /** Every user's spending over the range, and how many users spent anything. */
  totals: usageTotals.extend({ users: z.number().int().nonnegative() }),
  /** Every day of the range, oldest first, by model; a day without use has no models. */
  days: z.array(usageDay),
  /** The range by model, the most credits first. */
  models: z.array(usageModel),
  /** The users who spent the most credits over the range, the most first. */
  users: z.array(adminUsageUser),
});
export type AdminUsageReport = z.infer<typeof adminUsageReport>;

/** The most invitation codes one request makes, the most uses of one, and the longest validity. */
export const INVITE_BATCH_MAX = 100;
export const INVITE_USES_MAX = 1000;
export const INVITE_DAYS_MAX = 365;
export const INVITE_NOTE_MAX = 100;

export const createInvites = z.object({
  count: z.number().int().min(1).max(INVITE_BATCH_MAX),
  /** How many registrations one code admits. */
  uses: z.number().int().min(1).max(INVITE_USES_MAX).default(1),
  /** Days until the codes stop working; null or absent: never. */
  expires_in_days: z.number().int().min(1).max(INVITE_DAYS_MAX).nullable().optional(),
  /** Whom they are for. */
  note: z.string().trim().max(INVITE_NOTE_MAX).optional(),
});
export type CreateInvites = z.input<typeof createInvites>;

export const INVITE_STATES = ['active', 'used_up', 'expired', 'revoked'] as const;
export type InviteState = (typeof INVITE_STATES)[number];

/** A code as the console lists it: its text is shown once, when made, and never kept. */
export const inviteCode = z.object({
  id: z.string(),
  note: z.string().nullable(),
  uses: z.number().int().nonnegative(),
  max_uses: z.number().int().positive(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  state: z.enum(INVITE_STATES),
});
export type InviteCode = z.infer<typeof inviteCode>;

/** The bounds of the registration policy: the most credits a new account gets, the widest per-address cap. */
export const SIGNUP_CREDITS_MAX = 1_000_000_000;
export const REGISTRATIONS_PER_IP_MAX = 1_000_000;

/** The registration policy as the console sets it. */
export const registrationPolicyInput = z.object({
  /** open: anyone; invite: with an invitation code; closed: nobody. */
  mode: z.enum(REGISTRATION_MODES),
  /** Credits a new account gets. */
  signup_credits: z.number().int().min(0).max(SIGNUP_CREDITS_MAX),
  /** Accounts one client address may create per day. */
  per_ip_per_day: z.number().int().min(1).max(REGISTRATIONS_PER_IP_MAX),
});
export type RegistrationPolicyInput = z.infer<typeof registrationPolicyInput>;

export const POLICY_SOURCES = ['console', 'environment'] as const;

/**
 * How accounts are made now, on every instance: the console's policy once an admin has saved one, else the
 * server's environment (REGISTRATION_MODE, REGISTRATIONS_PER_IP_PER_DAY, DEFAULT_PLAN_CREDITS).
 */
export const adminRegistrationPolicy = registrationPolicyInput.extend({
  source: z.enum(POLICY_SOURCES),
  /** When and by whom (an e-mail) the console's policy was saved; null from the environment. */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** 用户协议 and 隐私政策 a new user must accept (the server's settings, TERMS_URL and PRIVACY_URL). */
  terms_url: z.string().nullable(),
  privacy_url: z.string().nullable(),
});
export type AdminRegistrationPolicy = z.infer<typeof adminRegistrationPolicy>;

export const inviteList = z.object({
  /** How accounts are made now. */
  registration: adminRegistrationPolicy,
  /** The newest codes first, at most 500. */
  results: z.array(inviteCode),
});
export type InviteList = z.infer<typeof inviteList>;

export const createdInvites = z.object({
  /** The new codes in clear, grouped as they are typed: this is the only time they can be read. */
  codes: z.array(z.string()),
  results: z.array(inviteCode),
});
export type CreatedInvites = z.infer<typeof createdInvites>;

/** Bounds of a plan: its name, the credits it grants each month, and the day of the month they arrive. */
export const PLAN_NAME_MAX = 40;
export const PLAN_MONTHLY_CREDITS_MAX = 10_000_000;
/** The 28th at the latest, so that every month has the day. */
export const PLAN_GRANT_DAY_MAX = 28;
/** The most plans a service keeps. */
export const PLANS_MAX = 50;

/**
 * A plan as the console shows it. The default plan (new accounts get it) takes its name and sign-up credits
 * from the server's settings; every plan's monthly grant arrives on its day, counted in Beijing time, to each
 * active user on the plan whose account is older than that moment.
 */
export const adminPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  /** Credits an account gets when it is made on this plan (the default plan's only). */
  signup_credits: z.number().int().nonnegative(),
  /** Credits granted each month; 0: none. */
  monthly_credits: z.number().int().nonnegative(),
  /** The day of the month (1–28) the grant arrives. */
  grant_day: z.number().int().min(1).max(PLAN_GRANT_DAY_MAX),
  /** How many accounts are on it. */
  users: z.number().int().nonnegative(),
  /** The ids of the catalog's models its users may choose; null: every enabled model. */
  models: z.array(z.string()).nullable(),
  created_at: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlan>;

export const adminPlanList = z.object({ results: z.array(adminPlan) });
export type AdminPlanList = z.infer<typeof adminPlanList>;

export const planInput = z.object({
  name: z.string().trim().min(1).max(PLAN_NAME_MAX),
  monthly_credits: z.number().int().min(0).max(PLAN_MONTHLY_CREDITS_MAX),
  grant_day: z.number().int().min(1).max(PLAN_GRANT_DAY_MAX),
  /** The models its users may choose, by id; null or absent: every enabled model. */
  models: z
    .array(z.string().trim().min(1).max(CATALOG_ID_MAX))
    .min(1, '至少选择一个模型；不限制时选“全部模型”。')
    .max(MODELS_MAX)
    .nullable()
    .optional(),
});
export type PlanInput = z.infer<typeof planInput>;

/** A change of a plan: only the fields given change (the default plan's name is the server's). */
export const planUpdate = planInput.partial();
export type PlanUpdate = z.infer<typeof planUpdate>;

/** Moves a user to a plan; its next monthly grant follows the new plan. */
export const userPlanChange = z.object({ plan_id: z.number().int().min(1).max(2_147_483_647) });
export type UserPlanChange = z.infer<typeof userPlanChange>;
