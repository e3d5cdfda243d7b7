/**
 * The model catalog: the providers and models users choose from, kept in the database so that an operator
 * edits them in the console and every instance follows from its next turn, without a restart.
 *
 * The server's models file (MODELS_CONFIG, MODELS_CONFIG_JSON, the offline model) seeds the catalog once,
 * when the database has none; from then on the file is not read for models again. Each instance keeps the
 * catalog built into a ModelRegistry and, before each use, reads the catalog's revision (one row, one
 * prepared statement): a change anywhere raises it, and the next use rebuilds.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { catalogModels, catalogProviders, modelCatalog } from '../../db/schema';
import { Sealer } from '../../sealing';
import type { ModelDefinition, ProviderSettings, ProviderType } from './config';
import { ModelRegistry, type RegistryOptions } from './registry';

export interface CatalogOptions {
  /** The models file's models: the seed when the database has no catalog yet. */
  seed: readonly ModelDefinition[];
  /** What the seed came from, kept with the catalog for the console. */
  seededFrom: string;
  /** Opens the providers' sealed keys and headers. */
  sealer: Sealer;
  /** This instance's environment, for keys kept there (`api_key_env`). */
  readEnv: (name: string) => string | undefined;
  registry: RegistryOptions;
  logger?: Logger;
}

/** The sealer of the providers' keys and headers, under the server secret. */
export const providerKeySealer = (secret: Uint8Array) => new Sealer(secret, 'wanxiang provider keys');

/** Serialises every change of the catalog, and its seeding, across instances. */
export const lockCatalog = (tx: Db) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('model_catalog'))`);

/** Marks a change: every instance rebuilds its registry on its next use. */
export async function bumpCatalog(tx: Db, adminId: string | null): Promise<void> {
  await tx
    .update(modelCatalog)
    .set({ revision: sql`${modelCatalog.revision} + 1`, updatedAt: new Date(), updatedBy: adminId })
    .where(eq(modelCatalog.id, 1));
}

/** The sealed form of a provider's headers: none is kept as null. */
export function sealHeaders(sealer: Sealer, headers: Record<string, string>): string | null {
  return Object.keys(headers).length === 0 ? null : sealer.seal(JSON.stringify(headers));
}

/**
 * Writes the seed when the database has no catalog; two instances starting at once seed it once. Answers
 * whether this call seeded it.
 */
export async function seedCatalog(
  db: Db,
  seed: readonly ModelDefinition[],
  seededFrom: string,
  sealer: Sealer,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockCatalog(tx);
    const [existing] = await tx.select({ id: modelCatalog.id }).from(modelCatalog);
    if (existing) return false;
    const providers = new Map<string, ProviderSettings>();
    for (const definition of seed) providers.set(definition.provider.id, definition.provider);
    if (providers.size > 0) {
      await tx
        .insert(catalogProviders)
        .values(
          [...providers.values()].map((provider) => {
            // A key written in the file itself is kept sealed; one read from a variable stays there.
            const kept = provider.apiKeyEnv ? undefined : provider.apiKey;
            return {
              id: provider.id,
              type: provider.type,
              baseUrl: provider.baseURL ?? null,
              apiKeySealed: kept ? sealer.seal(kept) : null,
              apiKeyHint: kept ? keyHint(kept) : null,
              apiKeyEnv: provider.apiKeyEnv ?? null,
              headersSealed: sealHeaders(sealer, provider.headers),
              headerNames: Object.keys(provider.headers),
            };
          }),
        )
        .onConflictDoNothing();
    }
    if (seed.length > 0) {
      await tx
        .insert(catalogModels)
        .values(
          seed.map((definition, position) => ({
            id: definition.id,
            providerId: definition.provider.id,
            name: definition.name,
            description: definition.description,
            upstreamModel: definition.upstreamModel,
            isPerCall: definition.isPerCall,
            fixedPrice: definition.fixedPrice,
            inputPrice: definition.inputPrice,
            outputPrice: definition.outputPrice,
            maxOutputTokens: definition.maxOutputTokens,
            contextTokens: definition.contextTokens,
            supportsImages: definition.supportsImages,
            webSearch: definition.webSearch,
            enabled: definition.enabled,
            isDefault: definition.isDefault,
            position,
          })),
        )
        .onConflictDoNothing();
    }
    await tx.insert(modelCatalog).values({ id: 1, seededFrom });
    return true;
  });
}

/** The last four characters of a key, shown to tell keys apart (a key is far longer than four). */
export function keyHint(key: string): string {
  return key.slice(-4);
}

type ProviderRow = typeof catalogProviders.$inferSelect;
type ModelRow = typeof catalogModels.$inferSelect;

export class ModelCatalog {
  private readonly revisionQuery;
  private cached: { revision: number; registry: ModelRegistry } | undefined;
  /** The rebuild under way, shared by the uses that arrive while it runs. */
  private building: { revision: number; registry: Promise<ModelRegistry> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: CatalogOptions,
  ) {
    this.revisionQuery = db
      .select({ revision: modelCatalog.revision })
      .from(modelCatalog)
      .where(eq(modelCatalog.id, 1))
      .prepare('model_catalog_revision');
  }

  /** The catalog as it is now: rebuilt when it changed since the last use, seeded when there is none. */
  async current(): Promise<ModelRegistry> {
    let [row] = await this.revisionQuery.execute();
    if (!row) {
      await seedCatalog(this.db, this.options.seed, this.options.seededFrom, this.options.sealer);
      [row] = await this.revisionQuery.execute();
      if (!row) throw new Error('the model catalog could not be seeded');
    }
    const revision = Number(row.revision);
    if (this.cached?.revision === revision) return this.cached.registry;
    if (this.building?.revision !== revision) {
      const registry = this.build().then((built) => {
        if (!this.cached || this.cached.revision < revision) this.cached = { revision, registry: built };
        return built;
      });
      this.building = { revision, registry };
      // A failed read is not kept: the next use tries again.
      registry.catch(() => {
        if (this.building?.registry === registry) this.building = undefined;
      });
    }
    return this.building.registry;
  }

  private async build(): Promise<ModelRegistry> {
    const providers = await this.db.select().from(catalogProviders);
    const rows = await this.db
      .select()
      .from(catalogModels)
      .orderBy(asc(catalogModels.position), asc(catalogModels.createdAt), asc(catalogModels.id));
    const settings = new Map(providers.map((row) => [row.id, this.settingsOf(row)]));
    const definitions: ModelDefinition[] = [];
    for (const row of rows) {
      const provider = settings.get(row.providerId);
      // Read between a provider's insertion and its model's: the next revision has both.
      if (provider) definitions.push(definitionOf(row, provider));
    }
    return new ModelRegistry(definitions, this.options.registry);
  }

  private settingsOf(row: ProviderRow): ProviderSettings {
    const { sealer, readEnv, logger } = this.options;
    let apiKey: string | undefined;
    if (row.apiKeySealed) {
      apiKey = sealer.open(row.apiKeySealed) ?? undefined;
      // Warned at each rebuild, that is once per change of the catalog.
      if (apiKey === undefined) {
        logger?.warn(
          { provider: row.id },
          'the provider key was sealed under another JWT_SECRET; enter it again in the console',
        );
      }
    }
    apiKey ??= row.apiKeyEnv ? readEnv(row.apiKeyEnv) : undefined;
    const headers = row.headersSealed ? sealer.open(row.headersSealed) : null;
    return {
      id: row.id,
      type: row.type as ProviderType,
      baseURL: row.baseUrl ?? undefined,
      apiKey,
      apiKeyEnv: row.apiKeyEnv ?? undefined,
      headers: headers ? (JSON.parse(headers) as Record<string, string>) : {},
    };
  }
}

function definitionOf(row: ModelRow, provider: ProviderSettings): ModelDefinition {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    provider,
    upstreamModel: row.upstreamModel,
    isPerCall: row.isPerCall,
    fixedPrice: row.isPerCall ? row.fixedPrice : 0,
    inputPrice: row.isPerCall ? 0 : row.inputPrice,
    outputPrice: row.isPerCall ? 0 : row.outputPrice,
    maxOutputTokens: row.maxOutputTokens,
    isDefault: row.isDefault,
    supportsImages: row.supportsImages,
    contextTokens: row.contextTokens,
    webSearch: row.webSearch,
    enabled: row.enabled,
  };
}
