import {
  accountPaths,
  adminPaths,
  type CreatedRedeemBatch,
  type CreateRedeemBatch,
  createdRedeemBatch,
  type LedgerPage,
  type LedgerQuery,
  ledgerPage,
  type RedeemBatch,
  type RedeemResult,
  redeemBatch,
  redeemBatchList,
  redeemResult,
  type UsageQuery,
  type UsageReport,
  usageReport,
} from '../contract/account';
import {
  type AdminPlan,
  type AdminRegistrationPolicy,
  type AdminUsageQuery,
  type AdminUsageReport,
  type AdminUserDetail,
  type AdminUserPage,
  type AdminUsersQuery,
  type AuditPage,
  type AuditQuery,
  adminConsolePaths,
  adminPlan,
  adminPlanList,
  adminRegistrationPolicy,
  adminUsageReport,
  adminUserDetail,
  adminUserPage,
  auditPage,
  type CreatedInvites,
  type CreateInvites,
  type CreditAdjustment,
  type CreditAdjustmentResult,
  createdInvites,
  creditAdjustmentResult,
  type InviteCode,
  type InviteList,
  inviteCode,
  inviteList,
  type PlanInput,
  type PlanUpdate,
  type RegistrationPolicyInput,
  type UserRole,
} from '../contract/admin';
import {
  type AdminModelCatalog,
  adminModelCatalog,
  adminModelPaths,
  type ModelInput,
  type ModelUpdate,
  type ProviderInput,
  type ProviderUpdate,
} from '../contract/adminModels';
import type { HttpClient } from '../http/httpClient';
import type { CallOptions } from './auth';

export interface AccountApi {
  /** One page of the credit ledger (积分明细), newest first; pass the page's `next_cursor` for the next. */
  ledger(query?: LedgerQuery, options?: CallOptions): Promise<LedgerPage>;
  /** Credits and tokens per day and model over the last `days` days, in the zone `tz`. */
  usage(query?: UsageQuery, options?: CallOptions): Promise<UsageReport>;
  /** Adds a redeem code's credits; a refused code rejects with the server's reason (400 and its code). */
  redeem(code: string, options?: CallOptions): Promise<RedeemResult>;
}

export interface AdminApi {
  createRedeemBatch(input: CreateRedeemBatch, options?: CallOptions): Promise<CreatedRedeemBatch>;
  redeemBatches(options?: CallOptions): Promise<RedeemBatch[]>;
  /** The batch as CSV text (UTF-8, with its byte-order mark). */
  exportRedeemBatch(id: string, options?: CallOptions): Promise<Blob>;
  /** Stops a batch: its unused codes no longer redeem. Answers the batch as it now is. */
  revokeRedeemBatch(id: string, options?: CallOptions): Promise<RedeemBatch>;
  /** Users whose e-mail or nickname holds `q`, a page at a time (newest accounts first). */
  users(query?: AdminUsersQuery, options?: CallOptions): Promise<AdminUserPage>;
  user(id: string, options?: CallOptions): Promise<AdminUserDetail>;
  /** One page of a user's ledger, newest first. */
  userLedger(id: string, query?: LedgerQuery, options?: CallOptions): Promise<LedgerPage>;
  /** A user's credits and tokens per day and model over the last `days` days, as the user sees them. */
  userUsage(id: string, query?: UsageQuery, options?: CallOptions): Promise<UsageReport>;
  /** Grants (positive) or deducts (negative) credits with a reason: one ledger row and one audit row. */
  adjustCredits(id: string, input: CreditAdjustment, options?: CallOptions): Promise<CreditAdjustmentResult>;
  /** Disables (its sign-ins end at once) or enables an account. */
  setUserActive(id: string, active: boolean, options?: CallOptions): Promise<AdminUserDetail>;
  /** Makes the user an admin or takes the role away (which ends the user's sign-ins). */
  setUserRole(id: string, role: UserRole, options?: CallOptions): Promise<AdminUserDetail>;
  /** The audit log, newest first. */
  audit(query?: AuditQuery, options?: CallOptions): Promise<AuditPage>;
  /** Everyone's spending over a range of days: totals, by day and model, and the heaviest users. */
  usage(query?: AdminUsageQuery, options?: CallOptions): Promise<AdminUsageReport>;
  /** The same range as CSV text (UTF-8, with its byte-order mark), a row per day, user and model. */
  exportUsage(query?: AdminUsageQuery, options?: CallOptions): Promise<Blob>;
  /** How accounts are made now, and the invitation codes, newest first. */
  invites(options?: CallOptions): Promise<InviteList>;
  /** Makes invitation codes; the answer's `codes` are the only time their text can be read. */
  createInvites(input: CreateInvites, options?: CallOptions): Promise<CreatedInvites>;
  /** Stops one invitation code. */
  revokeInvite(id: string, options?: CallOptions): Promise<InviteCode>;
  /** The plans, the default first, with how many accounts each has. */
  plans(options?: CallOptions): Promise<AdminPlan[]>;
  createPlan(input: PlanInput, options?: CallOptions): Promise<AdminPlan>;
  /** Changes what is given of a plan; the default plan's name is the server's and is refused. */
  updatePlan(id: number, input: PlanUpdate, options?: CallOptions): Promise<AdminPlan>;
  /** Moves a user to a plan. */
  setUserPlan(id: string, planId: number, options?: CallOptions): Promise<AdminUserDetail>;
  /** How accounts are made now, and whether the console or the server's environment says so. */
  registrationPolicy(options?: CallOptions): Promise<AdminRegistrationPolicy>;
  /** Sets the registration policy; every instance follows it from its next registration on. */
  setRegistrationPolicy(
    input: RegistrationPolicyInput,
    options?: CallOptions,
  ): Promise<AdminRegistrationPolicy>;
  /** Drops the console's policy: the server's environment decides again. */
  resetRegistrationPolicy(options?: CallOptions): Promise<AdminRegistrationPolicy>;
  /** The providers and models users choose from, with prices; keys are never in it. */
  modelCatalog(options?: CallOptions): Promise<AdminModelCatalog>;
  /** Adds a model; every change answers the whole catalog as it now is. */
  createModel(input: ModelInput, options?: CallOptions): Promise<AdminModelCatalog>;
  /** Changes what is given of a model; turns already started keep their price. */
  updateModel(id: string, input: ModelUpdate, options?: CallOptions): Promise<AdminModelCatalog>;
  /** Removes a model (past conversations keep its name); the last enabled model is refused. */
  deleteModel(id: string, options?: CallOptions): Promise<AdminModelCatalog>;
  /** Adds a provider; its key, when given, is kept sealed and never answered. */
  createProvider(input: ProviderInput, options?: CallOptions): Promise<AdminModelCatalog>;
  updateProvider(id: string, input: ProviderUpdate, options?: CallOptions): Promise<AdminModelCatalog>;
  /** Removes a provider no model uses. */
  deleteProvider(id: string, options?: CallOptions): Promise<AdminModelCatalog>;
}

const queryOf = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );

/** A usage report, the user's own or one an admin reads. */
const usageAt = (http: HttpClient, path: string, query: UsageQuery, options: CallOptions) =>
  http.get(path, { query: queryOf({ days: query.days, tz: query.tz }), schema: usageReport, ...options });

export function createAccountApi(http: HttpClient): AccountApi {
  return {
    ledger(query = {}, options = {}) {
      return http.get(accountPaths.ledger, {
        query: queryOf({ cursor: query.cursor, limit: query.limit }),
        schema: ledgerPage,
        ...options,
      });
    },
    usage(query = {}, options = {}) {
      return usageAt(http, accountPaths.usage, query, options);
    },
    redeem(code, options = {}) {
      return http.post(accountPaths.redeem, { json: { code }, schema: redeemResult, ...options });
    },
  };
}

export function createAdminApi(http: HttpClient): AdminApi {
  return {
    createRedeemBatch(input, options = {}) {
      return http.post(adminPaths.redeemBatches, { json: input, schema: createdRedeemBatch, ...options });
    },
    async redeemBatches(options = {}) {
      return (await http.get(adminPaths.redeemBatches, { schema: redeemBatchList, ...options })).results;
    },
    async exportRedeemBatch(id, options = {}) {
      const response = await http.requestResponse(adminPaths.redeemBatchExport(id), {
        method: 'GET',
        ...options,
      });
      return response.blob();
    },
    revokeRedeemBatch(id, options = {}) {
      return http.post(adminPaths.redeemBatchRevoke(id), { schema: redeemBatch, ...options });
    },
    users(query = {}, options = {}) {
      return http.get(adminConsolePaths.users, {
        query: queryOf({ q: query.q?.trim() || undefined, page: query.page, limit: query.limit }),
        schema: adminUserPage,
        ...options,
      });
    },
    user(id, options = {}) {
      return http.get(adminConsolePaths.user(id), { schema: adminUserDetail, ...options });
    },
    userLedger(id, query = {}, options = {}) {
      return http.get(adminConsolePaths.userLedger(id), {
        query: queryOf({ cursor: query.cursor, limit: query.limit }),
        schema: ledgerPage,
        ...options,
      });
    },
    userUsage(id, query = {}, options = {}) {
      return usageAt(http, adminConsolePaths.userUsage(id), query, options);
    },
    adjustCredits(id, input, options = {}) {
      return http.post(adminConsolePaths.userCredits(id), {
        json: input,
        schema: creditAdjustmentResult,
        ...options,
      });
    },
    setUserActive(id, active, options = {}) {
      return http.post(adminConsolePaths.userStatus(id), {
        json: { active },
        schema: adminUserDetail,
        ...options,
      });
    },
    setUserRole(id, role, options = {}) {
      return http.post(adminConsolePaths.userRole(id), {
        json: { role },
        schema: adminUserDetail,
        ...options,
      });
    },
    audit(query = {}, options = {}) {
      return http.get(adminConsolePaths.audit, {
        query: queryOf({ cursor: query.cursor, limit: query.limit }),
        schema: auditPage,
        ...options,
      });
    },
    usage(query = {}, options = {}) {
      return http.get(adminConsolePaths.usage, {
        query: queryOf({ from: query.from, to: query.to, tz: query.tz }),
        schema: adminUsageReport,
        ...options,
      });
    },
    invites(options = {}) {
      return http.get(adminConsolePaths.invites, { schema: inviteList, ...options });
    },
    createInvites(input, options = {}) {
      return http.post(adminConsolePaths.invites, { json: input, schema: createdInvites, ...options });
    },
    revokeInvite(id, options = {}) {
      return http.post(adminConsolePaths.inviteRevoke(id), { schema: inviteCode, ...options });
    },
    async plans(options = {}) {
      return (await http.get(adminConsolePaths.plans, { schema: adminPlanList, ...options })).results;
    },
    createPlan(input, options = {}) {
      return http.post(adminConsolePaths.plans, { json: input, schema: adminPlan, ...options });
    },
    updatePlan(id, input, options = {}) {
      return http.patch(adminConsolePaths.plan(id), { json: input, schema: adminPlan, ...options });
    },
    setUserPlan(id, planId, options = {}) {
      return http.post(adminConsolePaths.userPlan(id), {
        json: { plan_id: planId },
        schema: adminUserDetail,
        ...options,
      });
    },
    registrationPolicy(options = {}) {
      return http.get(adminConsolePaths.registration, { schema: adminRegistrationPolicy, ...options });
    },
    setRegistrationPolicy(input, options = {}) {
      return http.put(adminConsolePaths.registration, {
        json: input,
        schema: adminRegistrationPolicy,
        ...options,
      });
    },
    resetRegistrationPolicy(options = {}) {
      return http.delete(adminConsolePaths.registration, { schema: adminRegistrationPolicy, ...options });
    },
    modelCatalog(options = {}) {
      return http.get(adminModelPaths.models, { schema: adminModelCatalog, ...options });
    },
    createModel(input, options = {}) {
      return http.post(adminModelPaths.models, { json: input, schema: adminModelCatalog, ...options });
    },
    updateModel(id, input, options = {}) {
      return http.patch(adminModelPaths.model(id), { json: input, schema: adminModelCatalog, ...options });
    },
    deleteModel(id, options = {}) {
      return http.delete(adminModelPaths.model(id), { schema: adminModelCatalog, ...options });
    },
    createProvider(input, options = {}) {
      return http.post(adminModelPaths.providers, { json: input, schema: adminModelCatalog, ...options });
    },
    updateProvider(id, input, options = {}) {
      return http.patch(adminModelPaths.provider(id), { json: input, schema: adminModelCatalog, ...options });
    },
    deleteProvider(id, options = {}) {
      return http.delete(adminModelPaths.provider(id), { schema: adminModelCatalog, ...options });
    },
    async exportUsage(query = {}, options = {}) {
      const response = await http.requestResponse(adminConsolePaths.usageExport, {
        method: 'GET',
        query: queryOf({ from: query.from, to: query.to, tz: query.tz }),
        ...options,
      });
      return response.blob();
    },
  };
}
