/**
 * The wire contract of the user's account: the credit ledger (积分明细) with what each row paid for, the
 * daily usage by model, redeem codes (兑换码), and the operators' redeem-code batches (admins only).
 */
import { z } from 'zod';

export const accountPaths = {
  ledger: '/account/ledger/',
  usage: '/account/usage/',
  redeem: '/account/redeem/',
} as const;

export const adminPaths = {
  redeemBatches: '/admin/redeem-batches/',
  redeemBatchExport: (id: string) => `/admin/redeem-batches/${encodeURIComponent(id)}/export/`,
  redeemBatchRevoke: (id: string) => `/admin/redeem-batches/${encodeURIComponent(id)}/revoke/`,
} as const;

/**
 * What a ledger row is. `charge` is what chat turns wrote before chat, assistant and search were told
 * apart; it reads as a chat turn.
 */
export const LEDGER_KINDS = [
  'grant',
  'chat',
  'assistant',
  'search',
  'refund',
  'redeem',
  'adjustment',
  'subscription',
  'charge',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Each kind as the user reads it. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  grant: '赠送',
  chat: '对话',
  assistant: '写作助手',
  search: '联网搜索',
  refund: '退还',
  redeem: '兑换码',
  adjustment: '调整',
  subscription: '订阅',
  charge: '对话',
};

/** The most rows one ledger page holds, and how many it holds when not asked. */
export const LEDGER_PAGE_MAX = 100;
export const LEDGER_PAGE_DEFAULT = 20;
/** The longest usage range, in days, and the default. */
export const USAGE_DAYS_MAX = 90;
export const USAGE_DAYS_DEFAULT = 30;

export const ledgerTarget = z.object({
  type: z.enum(['conversation', 'document']),
  id: z.string(),
});
export type LedgerTarget = z.infer<typeof ledgerTarget>;

export const ledgerEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  kind: z.string(),
  /** Positive adds credits, negative takes them. */
  delta: z.number().int(),
  balance_after: z.number().int().nonnegative(),
  model: z.string().nullable(),
  tokens_in: z.number().int().nullable(),
  tokens_out: z.number().int().nullable(),
  target: ledgerTarget.nullable(),
  note: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const ledgerQuery = z.object({
  /** The `next_cursor` of the page before; absent for the newest rows. */
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(LEDGER_PAGE_DEFAULT),
});
export interface LedgerQuery {
  cursor?: string;
  limit?: number;
}

export const ledgerPage = z.object({
  /** The balance now: the sum of every row of the ledger. */
  balance: z.number().int().nonnegative(),
  /** Newest first. */
  results: z.array(ledgerEntry),
  /** The cursor of the next (older) page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type LedgerPage = z.infer<typeof ledgerPage>;

/** An IANA zone name such as Asia/Shanghai (or UTC); whether the zone exists is the server's to say. */
export const timeZoneName = z
  .string()
  .max(64)
  .regex(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/);

export const usageQuery = z.object({
  days: z.coerce.number().int().min(1).max(USAGE_DAYS_MAX).default(USAGE_DAYS_DEFAULT),
  /** The zone whose days the usage is counted in; Asia/Shanghai when absent. */
  tz: timeZoneName.optional(),
});
export interface UsageQuery {
  days?: number;
  tz?: string;
}

export const usageModel = z.object({
  /** The model's name; null for rows written before the ledger named models. */
  model: z.string().nullable(),
  /** Credits spent net of refunds. */
  credits: z.number().int(),
  tokens_in: z.number().int().nonnegative(),
  tokens_out: z.number().int().nonnegative(),
});
export const usageDay = z.object({
  /** YYYY-MM-DD in the asked zone. */
  date: z.string(),
  models: z.array(usageModel),
});
export type UsageDay = z.infer<typeof usageDay>;

export const usageReport = z.object({
  time_zone: z.string(),
  /** Every day of the range, oldest first; a day without use has no models. */
  days: z.array(usageDay),
});
export type UsageReport = z.infer<typeof usageReport>;

/** A redeem code as typed: letters and digits, dashes and spaces ignored. */
export const REDEEM_CODE_MAX = 64;
export const redeemRequest = z.object({
  code: z.string().trim().min(1).max(REDEEM_CODE_MAX),
});
export type RedeemRequest = z.infer<typeof redeemRequest>;

export const redeemResult = z.object({
  /** The credits the code added. */
  credited: z.number().int().positive(),
  balance: z.number().int().nonnegative(),
});
export type RedeemResult = z.infer<typeof redeemResult>;

/** The codes of a refused redemption (400), each with its own `detail`. */
export const REDEEM_ERROR_CODES = {
  unknown: 'redeem_code_unknown',
  used: 'redeem_code_used',
  expired: 'redeem_code_expired',
  revoked: 'redeem_code_revoked',
} as const;

export const REDEEM_BATCH_COUNT_MAX = 1000;
export const REDEEM_VALUE_MAX = 1_000_000;
export const REDEEM_NOTE_MAX = 200;
export const REDEEM_EXPIRY_DAYS_MAX = 3650;

export const createRedeemBatch = z.object({
  value: z.number().int().min(1).max(REDEEM_VALUE_MAX),
  count: z.number().int().min(1).max(REDEEM_BATCH_COUNT_MAX),
  /** Days until the codes expire; absent or null: they never do. */
  expires_in_days: z.number().int().min(1).max(REDEEM_EXPIRY_DAYS_MAX).nullable().optional(),
  note: z.string().trim().max(REDEEM_NOTE_MAX).optional(),
});
export type CreateRedeemBatch = z.input<typeof createRedeemBatch>;

/** Whether a batch's unused codes still redeem, and if not why: stopped, all used, or past their day. */
export const REDEEM_BATCH_STATES = ['active', 'used_up', 'expired', 'revoked'] as const;
export type RedeemBatchState = (typeof REDEEM_BATCH_STATES)[number];

export const redeemBatch = z.object({
  id: z.string(),
  value: z.number().int(),
  count: z.number().int(),
  used: z.number().int().nonnegative(),
  expires_at: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** When an admin stopped the batch (its unused codes no longer redeem); null while it is live. */
  revoked_at: z.string().nullable(),
  /** As the server's clock judges it: stopped first, then all used, then past its day. */
  state: z.enum(REDEEM_BATCH_STATES),
});
export type RedeemBatch = z.infer<typeof redeemBatch>;

export const createdRedeemBatch = z.object({
  batch: redeemBatch,
  /** The new codes, grouped as users type them (XXXX-XXXX-XXXX-XXXX-XXXX). */
  codes: z.array(z.string()),
});
export type CreatedRedeemBatch = z.infer<typeof createdRedeemBatch>;

export const redeemBatchList = z.object({ results: z.array(redeemBatch) });
export type RedeemBatchList = z.infer<typeof redeemBatchList>;
