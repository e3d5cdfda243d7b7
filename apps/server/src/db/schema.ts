/**
 * The one schema of the server, for PGlite and PostgreSQL alike. `drizzle-kit generate` turns changes into
 * SQL migrations under drizzle/, applied at start-up. Keep this file free of imports other than
 * drizzle-orm: drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Subscription plans. Exactly one is the default that new users receive, with its grant of credits. */
export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    creditsGrant: integer('credits_grant').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Bytes a user of this plan may keep (chat files, generated images, cloud documents, exports). */
    storageQuotaBytes: bigint('storage_quota_bytes', { mode: 'number' })
      .notNull()
      .default(1024 ** 3),
    /** Credits each user on the plan gets every month (modules/billing/monthlyGrant.ts); 0: none. */
    monthlyCredits: integer('monthly_credits').notNull().default(0),
    /** The day of the month (1–28, Beijing time) the monthly credits arrive. */
    grantDay: integer('grant_day').notNull().default(1),
    /**
     * The last month (YYYY-MM, Beijing) whose grant every member then due has had: the grant passes over the
     * plan until the next month. Null when a change (a member moved in or enabled, the grant changed) may
     * have made someone due again.
     */
    grantedThrough: text('granted_through'),
    /**
     * The ids of the catalog's models its users may choose (modules/billing/planModels.ts); null: every
     * enabled model. An id the catalog no longer has is passed over.
     */
    modelIds: jsonb('model_ids').$type<string[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plans_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
    check('plans_credits_grant_non_negative', sql`${t.creditsGrant} >= 0`),
    check('plans_monthly_credits_non_negative', sql`${t.monthlyCredits} >= 0`),
    check('plans_grant_day_in_month', sql`${t.grantDay} between 1 and 28`),
    check('plans_storage_quota_non_negative', sql`${t.storageQuotaBytes} >= 0`),
  ],
);

/**
 * The registration policy set in the console, one row at most. Without it the server's environment decides
 * (REGISTRATION_MODE, REGISTRATIONS_PER_IP_PER_DAY, DEFAULT_PLAN_CREDITS); with it, these values do, on every
 * instance from its next registration on (modules/auth/policy.ts).
 */
export const registrationPolicy = pgTable(
  'registration_policy',
  {
    id: smallint('id').primaryKey().default(1),
    mode: text('mode').notNull(),
    signupCredits: integer('signup_credits').notNull(),
    perIpPerDay: integer('per_ip_per_day').notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('registration_policy_one_row', sql`${t.id} = 1`),
    check('registration_policy_mode', sql`${t.mode} in ('open', 'invite', 'closed')`),
    check('registration_policy_signup_credits', sql`${t.signupCredits} between 0 and 1000000000`),
    check('registration_policy_per_ip', sql`${t.perIpPerDay} between 1 and 1000000`),
  ],
);

/**
 * The model catalog's state, one row: its revision is raised by every change of a provider or a model, so
 * that an instance learns in one small read whether its copy is stale (modules/models/catalog.ts). The row
 * exists once the catalog has been seeded from the server's models file.
 */
export const modelCatalog = pgTable(
  'model_catalog',
  {
    id: smallint('id').primaryKey().default(1),
    revision: bigint('revision', { mode: 'number' }).notNull().default(1),
    /** What seeded it: the models file, inline JSON, or the built-in offline model. */
    seededFrom: text('seeded_from').notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('model_catalog_one_row', sql`${t.id} = 1`)],
);

/**
 * Where answers come from. The API key and the extra headers (which may carry a key) are sealed with a key
 * derived from JWT_SECRET and never leave the server; `api_key_env` names a variable each instance reads
 * instead, so that a key can stay in the environment.
 */
export const catalogProviders = pgTable(
  'catalog_providers',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    baseUrl: text('base_url'),
    apiKeySealed: text('api_key_sealed'),
    /** The key's last four characters, for the console to tell keys apart. */
    apiKeyHint: text('api_key_hint'),
    apiKeyEnv: text('api_key_env'),
    headersSealed: text('headers_sealed'),
    headerNames: jsonb('header_names').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'catalog_providers_type',
      sql`${t.type} in ('offline', 'openai-compatible', 'openai', 'anthropic')`,
    ),
  ],
);

/**
 * The models users choose from, with their prices in credits: per turn for a per-call model, else per 1000
 * tokens read and written. A turn keeps the definition it started with, so a change applies to new turns.
 */
export const catalogModels = pgTable(
  'catalog_models',
  {
    id: text('id').primaryKey(),
    providerId: text('provider_id')
      .notNull()
      .references(() => catalogProviders.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    upstreamModel: text('upstream_model').notNull(),
    isPerCall: boolean('is_per_call').notNull().default(false),
    fixedPrice: integer('fixed_price').notNull().default(0),
    inputPrice: doublePrecision('input_price').notNull().default(0),
    outputPrice: doublePrecision('output_price').notNull().default(0),
    maxOutputTokens: integer('max_output_tokens').notNull(),
    contextTokens: integer('context_tokens').notNull(),
    supportsImages: boolean('supports_images').notNull().default(false),
    webSearch: boolean('web_search').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    /** The order users see them in. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalog_models_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
    index('catalog_models_provider').on(t.providerId),
    check(
      'catalog_models_prices',
      sql`${t.fixedPrice} between 0 and 1000000 and ${t.inputPrice} between 0 and 1000000 and ${t.outputPrice} between 0 and 1000000`,
    ),
    check('catalog_models_tokens', sql`${t.maxOutputTokens} >= 1 and ${t.contextTokens} >= 1`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased, so the unique constraint is case-insensitive in effect. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname'),
    /** Always equals the sum of the user's credit_ledger deltas; never negative. */
    creditsBalance: integer('credits_balance').notNull().default(0),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Access tokens issued before this instant are still accepted but answered with
     * `x-token-refresh-required: true`, so clients pick up fresh claims without a forced logout.
     */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * Bytes the user keeps on the server, reserved before they are written and given back when they are
     * deleted (modules/storage): one conditional UPDATE of this row, so parallel uploads cannot all pass.
     */
    storageUsedBytes: bigint('storage_used_bytes', { mode: 'number' }).notNull().default(0),
    /** The operator's allowance for this user, in bytes; null means the plan's. */
    storageQuotaBytes: bigint('storage_quota_bytes', { mode: 'number' }),
    /** `user` or `admin` (an operator: redeem-code batches); the first admin is made from the command line. */
    role: text('role').notNull().default('user'),
    /** The file-store key of the user's avatar (a checked 256×256 WebP, modules/auth/avatar.ts); null: initials. */
    avatarKey: text('avatar_key'),
    /**
     * The word processor's preferences (编辑 › 偏好设置) as the user last saved them, checked against the
     * contract's `editorPreferences` on the way in; null: never saved, the defaults apply.
     */
    editorPreferences: jsonb('editor_preferences').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_credits_balance_non_negative', sql`${t.creditsBalance} >= 0`),
    check('users_role_known', sql`${t.role} in ('user', 'admin')`),
    check('users_storage_used_non_negative', sql`${t.storageUsedBytes} >= 0`),
    // The monthly grant reads each plan's users.
    index('users_plan').on(t.planId),
  ],
);

/** Every change of a balance is one row; later issues append charges for chat turns. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /**
     * grant | chat | assistant | search | refund | redeem | adjustment | subscription; rows written before
     * the chat, assistant and search kinds existed say `charge` (a chat turn's).
     */
    kind: text('kind').notNull(),
    /** What caused the change, e.g. `plan:default` or a turn id; with `kind` it makes retries idempotent. */
    reference: text('reference'),
    note: text('note'),
    /** The model a chat, assistant or search charge paid for (its name as the user saw it). */
    model: text('model'),
    /** The tokens the charge paid for, once the work is settled. */
    tokensIn: integer('tokens_in'),
    tokensOut: integer('tokens_out'),
    /** What the row is about: `conversation` or `document`, and its id. */
    targetType: text('target_type'),
    targetId: text('target_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_created').on(t.userId, t.createdAt),
    index('credit_ledger_user_id').on(t.userId, t.id),
    // The operators' usage reads every user's rows of a range of days.
    index('credit_ledger_created').on(t.createdAt),
    uniqueIndex('credit_ledger_user_kind_reference').on(t.userId, t.kind, t.reference),
    check('credit_ledger_balance_after_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * One sign-in on one device: the family of refresh tokens that rotate from one login. Revoking the session
 * (logout, reuse detection) kills the whole family and every access token minted from it.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    rememberMe: boolean('remember_me').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Expiry of the newest refresh token; the session is dead after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | reuse | admin */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user').on(t.userId), index('auth_sessions_expires').on(t.expiresAt)],
);

/** Refresh tokens, stored only as sha256 of the token string. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    parentId: uuid('parent_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token is exchanged; presenting it again is reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId), index('refresh_tokens_expires').on(t.expiresAt)],
);

/** A chat conversation of one user. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Taken from the first prompt; null until then. */
    title: text('title'),
    /** The model of the latest turn. */
    modelId: text('model_id'),
    totalCreditsUsed: integer('total_credits_used').notNull().default(0),
    /** Set while the user keeps the chat on top of the history; the newest pin first. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chat_sessions_user_updated').on(t.userId, t.updatedAt)],
);

/**
 * The messages of a session, a tree of user/assistant pairs: a turn writes both rows at once (the answer as
 * `streaming`), the question following the answer before it (`parent_id`), so position (the depth) / 2 is
 * always the turn index. Regenerating adds an answer beside the old one under the same question; editing
 * adds a question beside the old one under the same parent: siblings are a message's versions. At each
 * fork the sibling chosen last (`selected_at`, set when made or chosen) is on the current branch, which
 * is what the chat shows and the model sees. The answer is updated as it streams and settled with its
 * status, usage and charge when it ends; each generation is its own turn, held and charged.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** The turn both messages of a pair belong to; the credit ledger refers to it. */
    turnId: uuid('turn_id').notNull(),
    /** The message this one follows: null for a first question, the question for an answer. */
    parentId: uuid('parent_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'cascade' }),
    /** The depth in the tree: 0 for a first question, 1 for its answers… */
    position: integer('position').notNull(),
    /** user | assistant */
    role: text('role').notNull(),
    /** The prompt, or the answer's text so far. */
    text: text('text').notNull().default(''),
    /** User: attached files; assistant: generated images by file id, notes (inline base64 images in old rows). */
    parts: jsonb('parts').notNull().default([]),
    /** streaming | complete | stopped | error (assistant); complete (user). */
    status: text('status').notNull(),
    modelId: text('model_id'),
    modelName: text('model_name'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    usageEstimated: boolean('usage_estimated').notNull().default(false),
    creditsCharged: integer('credits_charged').notNull().default(0),
    /** The answer stopped at the length the balance paid for (余额不足，回答已截断). */
    creditsLimited: boolean('credits_limited').notNull().default(false),
    error: text('error'),
    /**
     * Assistant: the turn's web search, when 联网搜索 was on: {query, status, count, error, sources[]}, the
     * sources being what the answer's [n] citations refer to. Null without a search.
     */
    search: jsonb('search'),
    /** When this version was made or last chosen: the latest among siblings is on the current branch. */
    selectedAt: timestamp('selected_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A streaming answer asked to stop by an instance that does not run it; the one that does reads it
     * with its next partial write (modules/chat/live.ts).
     */
    stopRequestedAt: timestamp('stop_requested_at', { withTimezone: true }),
    /** Last time a tab on another instance followed this streaming answer: it keeps it from stopping. */
    watchedAt: timestamp('watched_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('chat_messages_session_position').on(t.sessionId, t.position),
    index('chat_messages_parent').on(t.parentId),
    index('chat_messages_turn').on(t.turnId),
    index('chat_messages_status').on(t.status),
  ],
);

/**
 * A file attached to a chat message: an upload on a user message, or an image a model generated on an
 * answer. The bytes live in the file store (data directory or S3) under `storage_key`; the row goes with its
 * message (and so with its session), and the route deletes the stored bytes with the session. `user_id`
 * scopes every fetch to the owner.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** The order among the message's files. */
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    /** The MIME type established from the content (not the one the browser claimed). */
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    /** upload | generated */
    kind: text('kind').notNull().default('upload'),
    /** True when the file's text was cut to fit the model's context. */
    truncated: boolean('truncated').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_attachments_message').on(t.messageId),
    index('chat_attachments_session').on(t.sessionId),
  ],
);

/**
 * The editor's writing assistant: one row per question about a document and its answer. `doc_id` is the
 * cloud document's id, or null for a transient question (a document not in the cloud), which is kept only
 * for its charge. A document's history is (user_id, doc_id); `reserve` is what was held for the turn, so
 * a turn cut by a crash can still be settled.
 */
export const assistantTurns = pgTable(
  'assistant_turns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    docId: uuid('doc_id'),
    question: text('question').notNull(),
    /** The files asked about, by name ({name, type, size}[]): their text went to the model, not kept. */
    files: jsonb('files').notNull().default([]),
    answer: text('answer').notNull().default(''),
    /** streaming | complete | stopped | error */
    status: text('status').notNull(),
    modelId: text('model_id').notNull(),
    modelName: text('model_name').notNull(),
    reserve: integer('reserve').notNull().default(0),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    creditsCharged: integer('credits_charged').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assistant_turns_history').on(t.userId, t.docId, t.createdAt),
    index('assistant_turns_status').on(t.status),
  ],
);

/**
 * The market emotion of one trading day from one data source, archived once the day is complete so that
 * history outlives a source's short window and a restart: the close's value, sub-scores and inputs, and
 * the same for each of the day's 48 five-minute slots. Written once (insert … on conflict do nothing).
 */
export const marketEmotionDays = pgTable(
  'market_emotion_days',
  {
    /** simulated | eastmoney */
    source: text('source').notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    value: doublePrecision('value').notNull(),
    /** `{scores, inputs}` of the close. */
    detail: jsonb('detail').notNull(),
    /** `[{value, scores, inputs}]`, one per slot from 09:35 to 15:00. */
    slots: jsonb('slots').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.source, t.tradeDate] })],
);

/**
 * Windowed counters of every limit that must hold across instances: requests per address or per user,
 * registrations per address per day, failed sign-ins per account, per address and per account and place.
 * One row per key, changed by one atomic upsert per check; a row whose `expires_at` has passed counts as
 * empty and is swept by maintenance.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    /** `<kind>:<scope>`, e.g. `user:<uuid>`, `register-ip:<address>`, `login-pair:<email>|<address>`. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    /** The latest counted hit, and the one before it (the back-off of sign-ins waits from the latter). */
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    prevAt: timestamp('prev_at', { withTimezone: true }),
    /** When the window ends; a sliding counter pushes it on at every hit, a fixed one keeps it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sliding: boolean('sliding').notNull().default(false),
  },
  (t) => [index('rate_counters_expires').on(t.expiresAt)],
);

/**
 * The places (device ids) each account has signed in from successfully: a sign-in from one of them is not
 * slowed by failures from elsewhere (OWASP's device cookie). Only a hash of the device id is kept.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    /** The normalised email, as the sign-in throttle sees it before it knows the user. */
    account: text('account').notNull(),
    deviceHash: text('device_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account, t.deviceHash] }), index('known_devices_seen').on(t.lastSeenAt)],
);

/**
 * The answers each user has streaming, on whichever instance: `{<lease id>: <lease end, epoch seconds>}`.
 * One row per user, so the cap is checked and a lease taken in one upsert that sees every other instance's
 * leases. The instance streaming renews its leases; a crashed instance's lapse within one lease.
 */
export const streamSlots = pgTable('stream_slots', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  leases: jsonb('leases').notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * Invitation codes for REGISTRATION_MODE=invite, made by the operator (`node dist/main.js invites …`).
 * Only a hash of the code is kept; each registration with it takes one use, atomically.
 */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    codeHash: text('code_hash').notNull().unique(),
    /** The operator's note: whom it is for. */
    note: text('note'),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('invite_codes_uses_within_max', sql`${t.uses} <= ${t.maxUses}`)],
);

/** A batch of redeem codes (兑换码) an admin made: each code of it adds `value` credits once. */
export const redeemBatches = pgTable(
  'redeem_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    value: integer('value').notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When an admin stopped the batch: its unused codes no longer redeem (used ones stay credited). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('redeem_batches_value_positive', sql`${t.value} > 0`),
    check('redeem_batches_count_positive', sql`${t.count} > 0`),
  ],
);

/**
 * One redeem code. It is found by the SHA-256 of its normalised text (its 100 random bits make that
 * unguessable) and kept sealed (AES-GCM under a key derived from the server secret) so that its batch can
 * be exported again; `used_by`/`used_at` are set once, by a conditional UPDATE.
 */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => redeemBatches.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    codeSealed: text('code_sealed').notNull(),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('redeem_codes_batch').on(t.batchId, t.id)],
);

/**
 * What admins did (审计日志): one row per action, written in the transaction of the action itself, so an
 * action without its row (or a row without its action) cannot happen. `actor_email` keeps who it was
 * after the account is gone; a command-line action has no actor id and says `cli`.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** e.g. credits.adjust, user.disable, user.enable, role.grant, role.revoke, redeem_batch.create */
    action: text('action').notNull(),
    /** `user` or `redeem_batch`, and its id and a readable name (the e-mail) when there is one. */
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_created').on(t.createdAt),
    index('admin_audit_target').on(t.targetType, t.targetId),
    check('admin_audit_details_bounded', sql`octet_length(${t.details}::text) <= 8192`),
  ],
);

/**
 * One run of a strategy for one trading day and phase. The unique (slug, trade_date, phase) row is the
 * claim: the instance whose insert wins runs it, every other instance (and a restart) sees it taken, so a
 * scheduled run happens once whatever the number of servers on one database.
 */
export const strategyRuns = pgTable(
  'strategy_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    /** PRE_OPEN | MORNING | AFTERNOON | POST_CLOSE */
    phase: text('phase').notNull(),
    /** running | success | failed */
    status: text('status').notNull(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('strategy_runs_slot').on(t.slug, t.tradeDate, t.phase)],
);

/** The steps of a run as it executes: written `running` when a node starts, settled when it ends. */
export const strategyNodeLogs = pgTable(
  'strategy_node_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: uuid('run_id')
      .notNull()
      .references(() => strategyRuns.id, { onDelete: 'cascade' }),
    /** Denormalised from the run for the feed's query by (slug, trade_date). */
    slug: text('slug').notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    nodeId: text('node_id').notNull(),
    /** data_fetch | data_filter | analysis | reporting */
    nodeType: text('node_type').notNull(),
    nodeNameCn: text('node_name_cn').notNull(),
    description: text('description').notNull().default(''),
    /** running | success | failed */
    executionStatus: text('execution_status').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('strategy_node_logs_day').on(t.slug, t.tradeDate, t.timestamp)],
);

/** The report a successful run ends with: market analysis and the actionable watchlist. */
export const strategyReports = pgTable(
  'strategy_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .unique()
      .references(() => strategyRuns.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    phase: text('phase').notNull(),
    resultData: jsonb('result_data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('strategy_reports_recent').on(t.slug, t.tradeDate)],
);

/** A user's subscription to a strategy: NONE (no row) → PENDING → ACTIVE (until expires_at) → EXPIRED. */
export const strategySubscriptions = pgTable(
  'strategy_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    /** PENDING | ACTIVE | EXPIRED */
    status: text('status').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('strategy_subscriptions_user_slug').on(t.userId, t.slug)],
);

/** Every change of a subscription's status, in order. */
export const strategySubscriptionEvents = pgTable(
  'strategy_subscription_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => strategySubscriptions.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The plan paid for (strategy_plans.code); null for changes nobody paid for (expiry, old rows). */
    planCode: text('plan_code'),
    /** Credits charged for this change. */
    priceCredits: integer('price_credits'),
    /** The client's id of the purchase: a retry with the same id finds this row and charges nothing. */
    requestId: uuid('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('strategy_subscription_events_subscription').on(t.subscriptionId, t.id),
    uniqueIndex('strategy_subscription_events_request').on(t.subscriptionId, t.requestId),
  ],
);

/**
 * What a strategy subscription costs and gives: bought with credits for `durationDays`; `benefits` are the
 * names of what it opens, shown on the plan card. Seeded by its migration; inactive plans cannot be bought.
 */
export const strategyPlans = pgTable(
  'strategy_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The strategy it subscribes to. */
    slug: text('slug').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    priceCredits: integer('price_credits').notNull(),
    durationDays: integer('duration_days').notNull(),
    benefits: jsonb('benefits').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('strategy_plans_code').on(t.code),
    check('strategy_plans_price_positive', sql`${t.priceCredits} > 0`),
    check('strategy_plans_duration_positive', sql`${t.durationDays} > 0`),
  ],
);

/**
 * A user's cloud document (modules/docs). `version` starts at 1 and grows by one on every save; a save
 * names the version it was based on and is one conditional UPDATE, so it either lands whole on that
 * version or not at all. `content` is the editor's stored document, kept as it came.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: jsonb('content').notNull(),
    /** UTF-8 bytes of the content's JSON, as checked against the size limit. */
    size: integer('size').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('documents_user_updated').on(t.userId, t.updatedAt)],
);

/**
 * Every cloud save of a document, with its content: 版本历史. Written in the transaction of the save; old
 * unnamed autosaves are thinned on later saves (docs/versions.ts), named ones are kept. Their bytes count
 * against the owner's storage like the document's.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The document's version number this content had. */
    version: integer('version').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: jsonb('content').notNull(),
    /** UTF-8 bytes of the content's JSON. */
    size: integer('size').notNull(),
    /** Bytes this version grew (positive) or shrank (negative) by from the version before it. */
    sizeDelta: integer('size_delta').notNull().default(0),
    /** auto: an autosave; manual: 保存到云端 or Ctrl+S; restore: 恢复此版本. */
    kind: text('kind').notNull().default('auto'),
    /** A name the user gave the version (为当前版本命名); named versions are never thinned. */
    name: text('name'),
    /** The version this one restored, when it is a restore. */
    restoredFrom: integer('restored_from'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.version] }),
    index('document_versions_user').on(t.userId),
    check('document_versions_kind', sql`${t.kind} in ('auto', 'manual', 'restore')`),
    check('document_versions_name_length', sql`char_length(${t.name}) <= 100`),
  ],
);

/** Raw bytes (PostgreSQL bytea), as Node Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Files produced by a server export, downloadable by their owner until they expire, then swept. Kept in
 * the database rather than on one instance's disk, so that any instance sharing it can serve the download.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('export_files_expires').on(t.expiresAt)],
);

/** A user's 自选股: the codes they follow on the strategy board, at most 200 (MAX_WATCHLIST_STOCKS). */
export const userWatchlist = pgTable(
  'user_watchlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('user_watchlist_user_code').on(t.userId, t.code)],
);

/**
 * 忘记密码: a reset link sent by e-mail. Only the SHA-256 of its token is kept; it works once, for 30
 * minutes, and using it ends every sign-in of the account (modules/auth/passwordReset.ts).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user').on(t.userId), index('password_resets_expires').on(t.expiresAt)],
);
