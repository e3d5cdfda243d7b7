/**
 * The wire contract of the operators' console (管理, admins only): users found by e-mail or nickname, one
 * user's account (balance, plan, status, ledger, sign-ins), credits granted or deducted with a reason,
 * an account disabled or enabled, the admin role given or taken, and the audit log of all of it.
 */
import { z } from 'zod';
import { ledgerEntry } from './account';

export const adminConsolePaths = {
  users: '/admin/users/',
  user: (id: string) => `/admin/users/${encodeURIComponent(id)}/`,
  userLedger: (id: string) => `/admin/users/${encodeURIComponent(id)}/ledger/`,
  userCredits: (id: string) => `/admin/users/${encodeURIComponent(id)}/credits/`,
  userStatus: (id: string) => `/admin/users/${encodeURIComponent(id)}/status/`,
  userRole: (id: string) => `/admin/users/${encodeURIComponent(id)}/role/`,
  audit: '/admin/audit/',
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
