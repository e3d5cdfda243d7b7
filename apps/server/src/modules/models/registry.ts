import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ChatModel } from '@wanxiang/api-client/contract';
import type { ModelDefinition, ProviderSettings } from './config';
import type { LanguageModelV3 } from './language-model';
import { OfflineLanguageModel } from './offline';

export interface RegistryOptions {
  offlineChunkDelayMs: number;
  /** Tests and benchmarks route provider calls through their own fetch. */
  fetch?: typeof globalThis.fetch;
}

/**
 * One revision of the model catalog and a language model for each of its models, built once per revision
 * (catalog.ts): the AI SDK providers are cheap objects holding settings, and every turn calls `doStream` on
 * the same instance. Users choose among the enabled models; exactly one of those is the default.
 */
export class ModelRegistry {
  private readonly byId = new Map<string, { definition: ModelDefinition; model: LanguageModelV3 }>();
  /** The enabled models in the catalog's order, the default marked. */
  readonly enabled: readonly ModelDefinition[];

  constructor(definitions: readonly ModelDefinition[], options: RegistryOptions) {
    const enabled = definitions.filter((definition) => definition.enabled);
    const chosen = enabled.find((definition) => definition.isDefault) ?? enabled[0];
    this.enabled = enabled.map((definition) => ({ ...definition, isDefault: definition === chosen }));
    const providers = new Map<string, (id: string) => LanguageModelV3>();
    for (const definition of definitions) {
      const settings = definition.provider;
      let factory = providers.get(settings.id);
      if (!factory) {
        factory = providerFactory(settings, options);
        providers.set(settings.id, factory);
      }
      this.byId.set(definition.id, { definition, model: factory(definition.upstreamModel) });
    }
  }

  /** An enabled model, to start a turn with. */
  get(id: string): { definition: ModelDefinition; model: LanguageModelV3 } | undefined {
    const entry = this.byId.get(id);
    return entry?.definition.enabled ? entry : undefined;
  }

  /** Any model of the catalog, disabled or not: what prices a turn a crash left unsettled. */
  definition(id: string): ModelDefinition | undefined {
    return this.byId.get(id)?.definition;
  }

  /** The public description of every model users may choose, in the catalog's order. */
  list(): ChatModel[] {
    return this.enabled.map(describeModel);
  }
}

export function describeModel(definition: ModelDefinition): ChatModel {
  return {
    id: definition.id,
    name: definition.name,
    description: definition.description,
    provider: definition.provider.type,
    is_per_call: definition.isPerCall,
    fixed_price_credits: definition.fixedPrice,
    input_price_credits: definition.inputPrice,
    output_price_credits: definition.outputPrice,
    is_default: definition.isDefault,
    // The model routes say whether the server can search; a model alone cannot.
    web_search: false,
    search_price_credits: 0,
    supports_images: definition.supportsImages,
  };
}

function providerFactory(
  settings: ProviderSettings,
  options: RegistryOptions,
): (id: string) => LanguageModelV3 {
  const common = {
    headers: settings.headers,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  switch (settings.type) {
    case 'offline':
      return (id) => new OfflineLanguageModel(id, options.offlineChunkDelayMs);
    case 'openai-compatible': {
      const provider = createOpenAICompatible({
        name: settings.id,
        baseURL: settings.baseURL ?? 'http://127.0.0.1:11434/v1',
        includeUsage: true,
        ...common,
      });
      return (id) => provider.chatModel(id);
    }
    case 'openai': {
      const provider = createOpenAI({
        ...common,
        ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
      });
      return (id) => provider.chat(id);
    }
    case 'anthropic': {
      const provider = createAnthropic({
        ...common,
        ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
      });
      return (id) => provider.messages(id);
    }
  }
}
