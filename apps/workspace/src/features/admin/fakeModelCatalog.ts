import {
  type AdminModel,
  type AdminModelCatalog,
  type AdminProvider,
  type AuditEntry,
  MODEL_CATALOG_ERRORS,
  modelInput,
  modelUpdate,
  providerInput,
  providerUpdate,
} from '@wanxiang/api-client/contract';
import type { z } from 'zod';
import type { CatalogApi } from './ModelsView';
import { refused } from './refused';

/** A provider as the server keeps it: the key and the header values, which it never answers. */
interface StoredProvider {
  id: string;
  type: AdminProvider['type'];
  base_url: string | null;
  api_key: string | null;
  api_key_env: string | null;
  headers: Record<string, string>;
  /** Sealed under another JWT_SECRET. */
  unreadable: boolean;
  created_at: string;
  updated_at: string;
}

/** The variables set on the stories' instances. */
const ENVIRONMENT = new Set(['DEEPSEEK_API_KEY']);

const SEEDED = '2026-09-01T00:00:00.000Z';

function seedProviders(): StoredProvider[] {
  const provider = (extra: Partial<StoredProvider> & Pick<StoredProvider, 'id' | 'type'>) => ({
    base_url: null,
    api_key: null,
    api_key_env: null,
    headers: {},
    unreadable: false,
    created_at: SEEDED,
    updated_at: SEEDED,
    ...extra,
  });
  return [
    provider({
      id: 'deepseek',
      type: 'openai-compatible',
      base_url: 'https://api.deepseek.com/v1',
      api_key_env: 'DEEPSEEK_API_KEY',
    }),
    provider({
      id: 'qwen',
      type: 'openai-compatible',
      base_url: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
      api_key: 'sk-dashscope-00000000009f3a',
      headers: { 'X-DashScope-WorkSpace': 'ws-1' },
      updated_at: '2026-11-02T06:30:00.000Z',
    }),
    provider({ id: 'anthropic', type: 'anthropic', unreadable: true, api_key: 'sealed' }),
    provider({ id: 'offline', type: 'offline' }),
  ];
}

function seedModels(): AdminModel[] {
  const model = (extra: Partial<AdminModel> & Pick<AdminModel, 'id' | 'provider_id' | 'name'>) => ({
    description: '',
    upstream_model: extra.id,
    is_per_call: false,
    fixed_price_credits: 0,
    input_price_credits: 0,
    output_price_credits: 0,
    max_output_tokens: 8192,
    context_tokens: 64_000,
    supports_images: false,
    web_search: true,
    enabled: true,
    is_default: false,
    updated_at: SEEDED,
    ...extra,
  });
  return [
    model({
      id: 'deepseek-chat',
      provider_id: 'deepseek',
      name: 'DeepSeek V3',
      description: '通用对话，速度快、价格低。',
      input_price_credits: 1,
      output_price_credits: 2,
      is_default: true,
    }),
    model({
      id: 'deepseek-reasoner',
      provider_id: 'deepseek',
      name: 'DeepSeek R1',
      description: '先思考再回答，适合推理和数学。',
      input_price_credits: 2,
      output_price_credits: 8,
      max_output_tokens: 32_768,
    }),
    model({
      id: 'qwen-max',
      provider_id: 'qwen',
      name: '通义千问 Max',
      description: '阿里云的旗舰模型，按次计费。',
      is_per_call: true,
      fixed_price_credits: 5,
      context_tokens: 32_000,
    }),
    model({
      id: 'claude-sonnet',
      provider_id: 'anthropic',
      name: 'Claude Sonnet',
      description: '擅长写作和代码，能看懂图片。',
      upstream_model: 'claude-sonnet-4-5',
      input_price_credits: 9,
      output_price_credits: 45,
      context_tokens: 200_000,
      supports_images: true,
      web_search: false,
    }),
    model({
      id: 'offline',
      provider_id: 'offline',
      name: '离线演示模型',
      description: '不联网，原样复述问题，用来演示。',
      is_per_call: true,
      web_search: false,
      enabled: false,
    }),
  ];
}

/** A schema's faults as the server words a 400: each field with its messages. */
export function invalid(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    const message = /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : '请输入有效的值。';
    errors[field] = [...(errors[field] ?? []), message];
  }
  return refused(400, { errors });
}

/** The fields of `parsed` that `sent` gave (a partial schema also fills in its defaults). */
export function given<T extends object>(parsed: T, sent: object): Partial<T> {
  return Object.fromEntries(Object.entries(parsed).filter(([field]) => field in sent)) as Partial<T>;
}

/** Each field of `after` that differs from `before`, as from → to, as the audit log keeps it. */
function changes<T extends object>(before: T, after: T) {
  return Object.fromEntries(
    (Object.keys(after) as (keyof T & string)[])
      .filter((field) => field !== 'updated_at' && before[field] !== after[field])
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
}

/**
 * The console's model catalog kept in memory, refusing as the server does: each wrong field of a form
 * (400), an id taken or a provider unknown (400 on that field), the last enabled model disabled or deleted
 * and a provider with models deleted (409). One enabled model is the default: naming another clears it, and
 * disabling or deleting it passes it on. Keys and header values are kept, never answered; every change is
 * an audit row. `modelIds` gives the plans (fakeAdmin.ts) the catalog's ids in its order, without a call.
 */
export function fakeModelCatalog({
  actor,
  deny,
  calls,
  auditRow,
}: {
  actor: string;
  deny: () => void;
  calls: string[];
  auditRow: (action: string, target: AuditEntry['target'], details: Record<string, unknown>) => void;
}): CatalogApi & { modelIds: () => string[] } {
  const providers = seedProviders();
  let models = seedModels();
  let updatedAt = '2026-11-20T02:15:00.000Z';
  let updatedBy: string | null = 'cli';
  let tick = 0;
  const touch = () => {
    tick += 1;
    updatedAt = new Date(Date.UTC(2026, 10, 28, 3, 10 + tick)).toISOString();
    updatedBy = actor;
    return updatedAt;
  };

  const providerJson = (provider: StoredProvider): AdminProvider => {
    const env = provider.api_key_env;
    const key: AdminProvider['key'] = provider.unreadable
      ? { state: 'unreadable', env: null, hint: null }
      : provider.api_key
        ? { state: 'console', env: null, hint: provider.api_key.slice(-4) }
        : env && ENVIRONMENT.has(env)
          ? { state: 'environment', env, hint: null }
          : { state: 'none', env, hint: null };
    return {
      id: provider.id,
      type: provider.type,
      base_url: provider.base_url,
      key,
      header_names: Object.keys(provider.headers),
      models: models.filter((model) => model.provider_id === provider.id).length,
      created_at: provider.created_at,
      updated_at: provider.updated_at,
    };
  };
  const catalog = (): AdminModelCatalog => ({
    providers: providers.map(providerJson),
    models: models.map((model) => ({ ...model })),
    updated_at: updatedAt,
    updated_by: updatedBy,
    seeded_from: 'MODELS_CONFIG（/etc/wanxiang/models.json）',
  });
  const findModel = (id: string) => {
    const model = models.find((candidate) => candidate.id === id);
    if (!model) throw refused(404, { detail: '未找到。' });
    return model;
  };
  const findProvider = (id: string) => {
    const provider = providers.find((candidate) => candidate.id === id);
    if (!provider) throw refused(404, { detail: '未找到。' });
    return provider;
  };
  const knownProvider = (id: string | undefined) => {
    if (id !== undefined && !providers.some((provider) => provider.id === id))
      throw refused(400, { errors: { provider_id: ['没有这个服务商。'] } });
  };
  const lastEnabled = (model: AdminModel) =>
    model.enabled && !models.some((other) => other.id !== model.id && other.enabled);
  const refuseLast = () =>
    refused(409, {
      code: MODEL_CATALOG_ERRORS.lastModel,
      detail: '至少要有一个启用的模型：不能停用或删除最后一个启用的模型。',
    });
  /** The default passes to the first other enabled model. */
  const passDefault = (from: AdminModel) => {
    const next = models.find((model) => model.id !== from.id && model.enabled);
    if (next) next.is_default = true;
    from.is_default = false;
  };
  const makeDefault = (model: AdminModel) => {
    for (const other of models) other.is_default = other.id === model.id;
  };

  return {
    modelIds: () => models.map((model) => model.id),
    async modelCatalog() {
      deny();
      calls.push('catalog');
      return catalog();
    },
    async createModel(input) {
      deny();
      const checked = modelInput.safeParse(input);
      if (!checked.success) throw invalid(checked.error);
      const data = checked.data;
      if (models.some((model) => model.id === data.id))
        throw refused(400, { errors: { id: ['已有这个 ID 的模型。'] } });
      knownProvider(data.provider_id);
      if (data.is_default && !data.enabled)
        throw refused(400, { errors: { is_default: ['停用的模型不能设为默认。'] } });
      const model: AdminModel = {
        ...data,
        upstream_model: data.upstream_model ?? data.id,
        updated_at: touch(),
      };
      models.push(model);
      if (model.is_default) makeDefault(model);
      calls.push(`create model ${model.id}`);
      const { updated_at: _, ...details } = model;
      auditRow('model.create', { type: 'model', id: model.id, label: model.name }, details);
      return catalog();
    },
    async updateModel(id, input) {
      deny();
      const model = findModel(id);
      const checked = modelUpdate.safeParse(input);
      if (!checked.success) throw invalid(checked.error);
      // Only the fields given: the schema fills the others with modelInput's defaults.
      const data = given(checked.data, input);
      knownProvider(data.provider_id);
      if (data.is_default === true && (data.enabled ?? model.enabled) === false)
        throw refused(400, { errors: { is_default: ['停用的模型不能设为默认。'] } });
      if (data.is_default === false && model.is_default)
        throw refused(400, { errors: { is_default: ['总要有一个默认模型：请把另一个模型设为默认。'] } });
      if (data.enabled === false && lastEnabled(model)) throw refuseLast();
      const before = { ...model };
      Object.assign(model, data);
      if (!model.enabled && before.is_default) passDefault(model);
      if (model.is_default) makeDefault(model);
      model.updated_at = touch();
      calls.push(`update model ${id} ${Object.keys(data).join(',')}`);
      auditRow('model.update', { type: 'model', id, label: model.name }, changes(before, model));
      return catalog();
    },
    async deleteModel(id) {
      deny();
      const model = findModel(id);
      if (lastEnabled(model)) throw refuseLast();
      if (model.is_default) passDefault(model);
      models = models.filter((other) => other.id !== id);
      touch();
      calls.push(`delete model ${id}`);
      auditRow('model.delete', { type: 'model', id, label: model.name }, {});
      return catalog();
    },
    async createProvider(input) {
      deny();
      const checked = providerInput.safeParse(input);
      if (!checked.success) throw invalid(checked.error);
      const data = checked.data;
      if (providers.some((provider) => provider.id === data.id))
        throw refused(400, { errors: { id: ['已有这个 ID 的服务商。'] } });
      const now = touch();
      providers.push({
        id: data.id,
        type: data.type,
        base_url: data.base_url ?? null,
        api_key: data.api_key ?? null,
        api_key_env: data.api_key_env ?? null,
        headers: data.headers ?? {},
        unreadable: false,
        created_at: now,
        updated_at: now,
      });
      calls.push(`create provider ${data.id}`);
      auditRow(
        'provider.create',
        { type: 'provider', id: data.id, label: data.id },
        { type: data.type, base_url: data.base_url ?? null, api_key: data.api_key ? '已保存' : null },
      );
      return catalog();
    },
    async updateProvider(id, input) {
      deny();
      const provider = findProvider(id);
      const checked = providerUpdate.safeParse(input);
      if (!checked.success) throw invalid(checked.error);
      const data = given(checked.data, input);
      if (data.base_url !== undefined) provider.base_url = data.base_url;
      if (data.api_key !== undefined) {
        provider.api_key = data.api_key;
        provider.unreadable = false;
      }
      if (data.api_key_env !== undefined) provider.api_key_env = data.api_key_env;
      if (data.headers !== undefined) provider.headers = data.headers;
      provider.updated_at = touch();
      const changed = Object.keys(data);
      calls.push(`update provider ${id} ${changed.join(',')}`);
      // The key and the header values are never written to the log.
      auditRow('provider.update', { type: 'provider', id, label: id }, { changed });
      return catalog();
    },
    async deleteProvider(id) {
      deny();
      findProvider(id);
      const used = models.filter((model) => model.provider_id === id).length;
      if (used > 0)
        throw refused(409, {
          code: MODEL_CATALOG_ERRORS.providerInUse,
          detail: `服务商“${id}”还有 ${used} 个模型在用，不能删除：请先删除这些模型或改用其他服务商。`,
        });
      providers.splice(
        providers.findIndex((provider) => provider.id === id),
        1,
      );
      touch();
      calls.push(`delete provider ${id}`);
      auditRow('provider.delete', { type: 'provider', id, label: id }, {});
      return catalog();
    },
  };
}
