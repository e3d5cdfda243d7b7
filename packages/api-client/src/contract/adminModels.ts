/**
 * The wire contract of the console's models (管理 › 模型): the providers the server calls and the models
 * users choose from, with their prices, kept in the database and followed by every instance from its next
 * turn. The server's models file seeds them on its first start; from then on the console decides.
 *
 * A provider's API key is write-only: it is sent here to be kept, sealed, and never answered back; the
 * console learns only whether there is one, where it comes from and its last four characters. Headers are
 * write-only too (they may carry a key); only their names are answered.
 */
import { z } from 'zod';
import { MODEL_PROVIDER_KINDS } from './models';

export const adminModelPaths = {
  /** GET the catalog; POST a model. */
  models: '/admin/models/',
  model: (id: string) => `/admin/models/${encodeURIComponent(id)}/`,
  /** POST a provider. */
  providers: '/admin/providers/',
  provider: (id: string) => `/admin/providers/${encodeURIComponent(id)}/`,
} as const;

/** Bounds of the catalog: how many of each it holds, and the sizes of their fields. */
export const PROVIDERS_MAX = 50;
export const MODELS_MAX = 200;
export const CATALOG_ID_MAX = 100;
export const MODEL_NAME_MAX = 100;
export const MODEL_DESCRIPTION_MAX = 500;
export const API_KEY_MAX = 500;
export const PROVIDER_HEADERS_MAX = 20;
export const PROVIDER_HEADER_VALUE_MAX = 2000;
/** The most credits one turn or one 1000 tokens may cost. */
export const MODEL_PRICE_MAX = 1_000_000;
export const MODEL_OUTPUT_TOKENS_MAX = 1_000_000;
export const MODEL_CONTEXT_TOKENS_MIN = 1000;
export const MODEL_CONTEXT_TOKENS_MAX = 10_000_000;

/**
 * Ids the console gives new providers and models: what users, URLs and the ledger can carry without
 * escaping. (A models file may have seeded ids outside this; they keep working and can be edited.)
 */
export const CATALOG_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
const catalogId = z
  .string()
  .trim()
  .min(1)
  .max(CATALOG_ID_MAX)
  .regex(CATALOG_ID_PATTERN, '只能用字母、数字和 . _ : -，并以字母或数字开头。');

/** An environment variable's name, as a shell writes it. */
const envName = z
  .string()
  .trim()
  .max(200)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '环境变量名只能用字母、数字和下划线，且不能以数字开头。');

const headerName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, '不是合法的请求头名称。');

/**
 * Where a provider's key comes from: `console` (kept sealed in the database), `environment` (the variable
 * `api_key_env` of every instance), `none`, or `unreadable` (sealed under another JWT_SECRET: enter it again).
 */
export const PROVIDER_KEY_STATES = ['console', 'environment', 'none', 'unreadable'] as const;
export type ProviderKeyState = (typeof PROVIDER_KEY_STATES)[number];

export const adminProvider = z.object({
  id: z.string(),
  type: z.enum(MODEL_PROVIDER_KINDS),
  /** null: the provider's own address (OpenAI, Anthropic) or a local one for openai-compatible. */
  base_url: z.string().nullable(),
  key: z.object({
    state: z.enum(PROVIDER_KEY_STATES),
    /** The variable each instance reads its key from when none is kept in the console. */
    env: z.string().nullable(),
    /** The last four characters of a kept key (a1b2), to tell keys apart; null otherwise. */
    hint: z.string().nullable(),
  }),
  /** The names of the extra request headers; their values are never answered. */
  header_names: z.array(z.string()),
  /** How many models use it. */
  models: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProvider = z.infer<typeof adminProvider>;

const baseUrl = z.url({ protocol: /^https?$/, error: '应为 http:// 或 https:// 开头的地址。' }).max(500);

export const providerInput = z.object({
  id: catalogId,
  type: z.enum(MODEL_PROVIDER_KINDS),
  base_url: baseUrl.nullable().optional(),
  /** A key to keep (sealed); null removes the kept key; absent keeps it as it is. */
  api_key: z.string().trim().min(1).max(API_KEY_MAX).nullable().optional(),
  /** The environment variable holding the key on every instance; a kept key goes first. */
  api_key_env: envName.nullable().optional(),
  /** Extra request headers; absent keeps them, {} removes them. */
  headers: z
    .record(headerName, z.string().max(PROVIDER_HEADER_VALUE_MAX))
    .refine((headers) => Object.keys(headers).length <= PROVIDER_HEADERS_MAX, {
      message: `请求头最多 ${PROVIDER_HEADERS_MAX} 个。`,
    })
    .optional(),
});
export type ProviderInput = z.input<typeof providerInput>;

/** A change of a provider: only the fields given change; its id and type stay. */
export const providerUpdate = providerInput.omit({ id: true, type: true }).partial();
export type ProviderUpdate = z.input<typeof providerUpdate>;

const price = z.number().nonnegative().max(MODEL_PRICE_MAX);

/**
 * A model as the console shows it. Prices are credits: `fixed_price_credits` per turn for a per-call model
 * (a whole number), else `input_price_credits` and `output_price_credits` per 1000 tokens, rounded up per
 * turn. A change applies to turns started after it; a turn under way keeps the price it started with.
 */
export const adminModel = z.object({
  id: z.string(),
  provider_id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The id the provider's API knows the model by. */
  upstream_model: z.string(),
  is_per_call: z.boolean(),
  fixed_price_credits: z.number().nonnegative(),
  input_price_credits: z.number().nonnegative(),
  output_price_credits: z.number().nonnegative(),
  max_output_tokens: z.number().int().positive(),
  context_tokens: z.number().int().positive(),
  /** It sees attached images as images. */
  supports_images: z.boolean(),
  /** Its turns may search the web when the server has a search provider. */
  web_search: z.boolean(),
  /** Users can choose it; a disabled model stays in the catalog and in past conversations. */
  enabled: z.boolean(),
  /** Chosen for users who have chosen none; exactly one enabled model is. */
  is_default: z.boolean(),
  updated_at: z.string(),
});
export type AdminModel = z.infer<typeof adminModel>;

/** A model's fields as the console sends them, without defaults (a change sends only what changes). */
const modelFields = {
  id: catalogId,
  provider_id: z.string().trim().min(1).max(CATALOG_ID_MAX),
  name: z.string().trim().min(1).max(MODEL_NAME_MAX),
  description: z.string().trim().max(MODEL_DESCRIPTION_MAX),
  /** Absent: the model's id. */
  upstream_model: z.string().trim().min(1).max(200),
  is_per_call: z.boolean(),
  fixed_price_credits: z.number().int('按次计费的价格应为整数积分。').min(0).max(MODEL_PRICE_MAX),
  input_price_credits: price,
  output_price_credits: price,
  max_output_tokens: z.number().int().min(1).max(MODEL_OUTPUT_TOKENS_MAX),
  context_tokens: z.number().int().min(MODEL_CONTEXT_TOKENS_MIN).max(MODEL_CONTEXT_TOKENS_MAX),
  supports_images: z.boolean(),
  web_search: z.boolean(),
  enabled: z.boolean(),
  is_default: z.boolean(),
};

/** A new model: what is not given takes the usual value (enabled, billed by tokens at 0, 4096 tokens out). */
export const modelInput = z
  .object({
    ...modelFields,
    description: modelFields.description.default(''),
    upstream_model: modelFields.upstream_model.optional(),
    is_per_call: modelFields.is_per_call.default(false),
    fixed_price_credits: modelFields.fixed_price_credits.default(0),
    input_price_credits: price.default(0),
    output_price_credits: price.default(0),
    max_output_tokens: modelFields.max_output_tokens.default(4096),
    context_tokens: modelFields.context_tokens.default(32_000),
    supports_images: modelFields.supports_images.default(false),
    web_search: modelFields.web_search.default(true),
    enabled: modelFields.enabled.default(true),
    is_default: modelFields.is_default.default(false),
  })
  .strict();
export type ModelInput = z.input<typeof modelInput>;

/** A change of a model: only the fields given change; its id stays (users' choices and the ledger name it). */
export const modelUpdate = z.object(modelFields).omit({ id: true }).partial().strict();
export type ModelUpdate = z.input<typeof modelUpdate>;

export const adminModelCatalog = z.object({
  providers: z.array(adminProvider),
  /** In the order users see them. */
  models: z.array(adminModel),
  /** The last change: when and by whom (an e-mail, or `cli`); the seed's time and null before any. */
  updated_at: z.string(),
  updated_by: z.string().nullable(),
  /** What seeded the catalog on the first start: the models file, or the built-in offline model. */
  seeded_from: z.string(),
});
export type AdminModelCatalog = z.infer<typeof adminModelCatalog>;

/** The refusals of catalog changes (409), each with its `detail`. */
export const MODEL_CATALOG_ERRORS = {
  /** Users need one model to choose: the last enabled model cannot be disabled or deleted. */
  lastModel: 'last_enabled_model',
  /** A provider with models cannot be deleted. */
  providerInUse: 'provider_in_use',
} as const;
