/**
 * The models users may chat with, from MODELS_CONFIG (a JSON file) or MODELS_CONFIG_JSON (the same JSON
 * inline). Validated at start-up so that a typo stops the server with a message naming the field, instead
 * of failing the first user's turn.
 *
 * {
 *   "providers": [{
 *     "id": "deepseek", "type": "openai-compatible", "base_url": "https://api.deepseek.com/v1",
 *     "api_key_env": "DEEPSEEK_API_KEY",
 *     "models": [{ "id": "deepseek-chat", "name": "DeepSeek V3", "input_price_credits": 2,
 *                  "output_price_credits": 8, "max_output_tokens": 4096, "default": true }]
 *   }]
 * }
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { messages } from '../../i18n/zh-CN';
import { zhErrorMap } from '../../i18n/zod-messages';

const m = messages.models;

export const PROVIDER_TYPES = ['openai-compatible', 'openai', 'anthropic', 'offline'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];
export const OFFLINE_MODES = ['auto', 'on', 'off'] as const;
export type OfflineMode = (typeof OFFLINE_MODES)[number];

export const OFFLINE_MODEL_ID = 'offline-demo';
const DEFAULT_MAX_OUTPUT_TOKENS = 4096;
/** A context most models offered here exceed; a config names the real one with `context_tokens`. */
const DEFAULT_CONTEXT_TOKENS = 32_000;

export interface ProviderSettings {
  id: string;
  type: ProviderType;
  baseURL: string | undefined;
  apiKey: string | undefined;
  /** The environment variable the key was read from; the catalog keeps the name, not the key. */
  apiKeyEnv?: string | undefined;
  headers: Record<string, string>;
}

/**
 * One model as the server uses it. Prices are credits: per call for a per-call model (its answers cost the
 * same whatever their length), else per 1000 tokens read and per 1000 written (see generation/pricing.ts).
 */
export interface ModelDefinition {
  id: string;
  name: string;
  description: string;
  provider: ProviderSettings;
  /** The id the upstream API knows the model by. */
  upstreamModel: string;
  isPerCall: boolean;
  fixedPrice: number;
  inputPrice: number;
  outputPrice: number;
  maxOutputTokens: number;
  isDefault: boolean;
  /** The model takes images as input (attached images go to it as images, not as a note). */
  supportsImages: boolean;
  /** The model's context window in tokens; attached files are cut to fit it. */
  contextTokens: number;
  /** Its turns may search the web (when the server has a search provider). */
  webSearch: boolean;
  /** Users may choose it; a disabled model still prices the turns it had started. */
  enabled: boolean;
}

const price = z.number().nonnegative().max(1_000_000);

const modelEntry = z
  .object({
    id: z.string().trim().min(1).max(100),
    name: z.string().trim().min(1).max(100).optional(),
    model: z.string().trim().min(1).optional(),
    description: z.string().max(500).default(''),
    is_per_call: z.boolean().default(false),
    fixed_price_credits: price.default(0),
    input_price_credits: price.default(0),
    output_price_credits: price.default(0),
    max_output_tokens: z.number().int().min(1).max(1_000_000).default(DEFAULT_MAX_OUTPUT_TOKENS),
    default: z.boolean().default(false),
    supports_images: z.boolean().default(false),
    context_tokens: z.number().int().min(1000).max(10_000_000).default(DEFAULT_CONTEXT_TOKENS),
  })
  .strict();

const providerEntry = z
  .object({
    id: z.string().trim().min(1).max(100).optional(),
    type: z.enum(PROVIDER_TYPES),
    base_url: z.url().optional(),
    api_key: z.string().min(1).optional(),
    api_key_env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .optional(),
    headers: z.record(z.string(), z.string()).default({}),
    models: z.array(modelEntry).min(1),
  })
  .strict();

const fileSchema = z
  .object({
    providers: z.array(providerEntry).default([]),
  })
  .strict();

export type ModelsFile = z.infer<typeof fileSchema>;

export class ModelsConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ModelsConfigError';
  }
}

function where(pathParts: readonly PropertyKey[]): string {
  return pathParts.length === 0
    ? '顶层'
    : pathParts
        .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
        .join('.')
        .replace(/\.\[/g, '[');
}

/** Validates the parsed JSON and resolves API keys from the environment. */
export function parseModelsConfig(raw: unknown, source: string, env: NodeJS.ProcessEnv): ModelDefinition[] {
  const result = fileSchema.safeParse(raw, { error: zhErrorMap });
  if (!result.success) {
    throw new ModelsConfigError(
      result.error.issues.map((issue) => m.configInvalid(source, where(issue.path), issue.message)),
    );
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  const models: ModelDefinition[] = [];
  result.data.providers.forEach((entry, index) => {
    const providerId = entry.id ?? `${entry.type}-${index + 1}`;
    let apiKey = entry.api_key;
    if (!apiKey && entry.api_key_env) {
      apiKey = env[entry.api_key_env]?.trim() || undefined;
      if (!apiKey)
        problems.push(
          m.configInvalid(source, `providers[${index}]`, m.missingApiKey(providerId, entry.api_key_env)),
        );
    }
    const provider: ProviderSettings = {
      id: providerId,
      type: entry.type,
      baseURL: entry.base_url,
      apiKey,
      apiKeyEnv: entry.api_key_env,
      headers: entry.headers,
    };
    entry.models.forEach((model, modelIndex) => {
      const at = `providers[${index}].models[${modelIndex}]`;
      if (seen.has(model.id)) problems.push(m.configInvalid(source, at, m.duplicateModel(model.id)));
      seen.add(model.id);
      if (model.is_per_call && !Number.isInteger(model.fixed_price_credits)) {
        problems.push(m.configInvalid(source, `${at}.fixed_price_credits`, m.perCallNeedsInteger));
      }
      models.push({
        id: model.id,
        name: model.name ?? model.id,
        description: model.description,
        provider,
        upstreamModel: model.model ?? model.id,
        isPerCall: model.is_per_call,
        fixedPrice: model.is_per_call ? model.fixed_price_credits : 0,
        inputPrice: model.is_per_call ? 0 : model.input_price_credits,
        outputPrice: model.is_per_call ? 0 : model.output_price_credits,
        maxOutputTokens: model.max_output_tokens,
        isDefault: model.default,
        supportsImages: model.supports_images,
        contextTokens: model.context_tokens,
        webSearch: true,
        enabled: true,
      });
    });
  });
  if (problems.length > 0) throw new ModelsConfigError(problems);
  return models;
}

/** The built-in model answering without a network: a free demonstration of every screen on a fresh machine. */
export function offlineModelDefinition(): ModelDefinition {
  return {
    id: OFFLINE_MODEL_ID,
    name: m.offlineName,
    description: m.offlineDescription,
    provider: { id: 'offline', type: 'offline', baseURL: undefined, apiKey: undefined, headers: {} },
    upstreamModel: OFFLINE_MODEL_ID,
    isPerCall: false,
    fixedPrice: 0,
    inputPrice: 0,
    outputPrice: 0,
    maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS,
    isDefault: false,
    // It "sees" an image the way it sees everything: it reports the file's name, type and size.
    supportsImages: true,
    contextTokens: DEFAULT_CONTEXT_TOKENS,
    webSearch: true,
    enabled: true,
  };
}

/**
 * The configured models and what they came from (the catalog's seed on the first start), plus the
 * offline model when asked (`on`) or when nothing else is configured (`auto`). Exactly one model ends up
 * as the default: the first marked so, else the first.
 */
export async function loadModels(options: {
  file: string | undefined;
  json: string | undefined;
  offline: OfflineMode;
  env: NodeJS.ProcessEnv;
  cwd: string;
}): Promise<{ models: ModelDefinition[]; source: string }> {
  const models: ModelDefinition[] = [];
  const sources: { raw: string; source: string }[] = [];
  if (options.file) {
    const file = path.resolve(options.cwd, options.file);
    try {
      sources.push({ raw: await readFile(file, 'utf8'), source: `MODELS_CONFIG（${file}）` });
    } catch (error) {
      throw new ModelsConfigError([m.configUnreadable(file, (error as Error).message)]);
    }
  }
  if (options.json) sources.push({ raw: options.json, source: 'MODELS_CONFIG_JSON' });
  for (const { raw, source } of sources) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      throw new ModelsConfigError([m.configNotJson(source, (error as Error).message)]);
    }
    for (const model of parseModelsConfig(parsed, source, options.env)) {
      if (models.some((other) => other.id === model.id)) {
        throw new ModelsConfigError([m.configInvalid(source, model.id, m.duplicateModel(model.id))]);
      }
      models.push(model);
    }
  }
  const wantsOffline = options.offline === 'on' || (options.offline === 'auto' && models.length === 0);
  const named = sources.map(({ source }) => source);
  if (wantsOffline && !models.some((model) => model.id === OFFLINE_MODEL_ID)) {
    models.push(offlineModelDefinition());
    named.push(m.offlineSource);
  }
  if (models.length === 0) throw new ModelsConfigError([m.noModels]);
  const chosen = models.find((model) => model.isDefault) ?? models[0];
  return {
    models: models.map((model) => ({ ...model, isDefault: model === chosen })),
    source: named.join(' + '),
  };
}
