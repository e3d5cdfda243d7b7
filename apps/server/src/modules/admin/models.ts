/**
 * The console's model catalog (管理 › 模型): providers and models added, changed and removed. Each change,
 * its audit row and the catalog's new revision are one transaction under the catalog's lock, so every
 * instance sees the change from its next use (models/catalog.ts) and two admins' changes are taken one
 * after the other. Keys and header values are sealed before they are written and never answered.
 */
import {
  type AdminModel,
  type AdminModelCatalog,
  type AdminProvider,
  MODEL_CATALOG_ERRORS,
  MODELS_MAX,
  type modelInput,
  type modelUpdate,
  PROVIDERS_MAX,
  type ProviderKeyState,
  type providerInput,
  type providerUpdate,
} from '@wanxiang/api-client/contract';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { catalogModels, catalogProviders, modelCatalog, users } from '../../db/schema';
import { fieldErrors, HttpError, notFound } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import type { Sealer } from '../../sealing';
import { bumpCatalog, keyHint, lockCatalog, sealHeaders } from '../models/catalog';
import { recordAudit } from './audit';

const m = messages.modelCatalog;

type ProviderRow = typeof catalogProviders.$inferSelect;
type ModelRow = typeof catalogModels.$inferSelect;
type ProviderInput = z.output<typeof providerInput>;
type ProviderUpdate = z.output<typeof providerUpdate>;
type ModelInput = z.output<typeof modelInput>;
type ModelUpdate = z.output<typeof modelUpdate>;

function keyState(row: ProviderRow, sealer: Sealer): ProviderKeyState {
  if (row.apiKeySealed) return sealer.open(row.apiKeySealed) === null ? 'unreadable' : 'console';
  return row.apiKeyEnv ? 'environment' : 'none';
}

function providerJson(row: ProviderRow, models: number, sealer: Sealer): AdminProvider {
  const state = keyState(row, sealer);
  return {
    id: row.id,
    type: row.type as AdminProvider['type'],
    base_url: row.baseUrl,
    key: { state, env: row.apiKeyEnv, hint: state === 'console' ? row.apiKeyHint : null },
    header_names: row.headerNames,
    models,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function modelJson(row: ModelRow): AdminModel {
  return {
    id: row.id,
    provider_id: row.providerId,
    name: row.name,
    description: row.description,
    upstream_model: row.upstreamModel,
    is_per_call: row.isPerCall,
    fixed_price_credits: row.fixedPrice,
    input_price_credits: row.inputPrice,
    output_price_credits: row.outputPrice,
    max_output_tokens: row.maxOutputTokens,
    context_tokens: row.contextTokens,
    supports_images: row.supportsImages,
    web_search: row.webSearch,
    enabled: row.enabled,
    is_default: row.isDefault,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The whole catalog as the console shows it: providers by id, models in the users' order. */
export async function readCatalog(db: Db, sealer: Sealer): Promise<AdminModelCatalog> {
  const providers = await db.select().from(catalogProviders).orderBy(asc(catalogProviders.id));
  const models = await db
    .select()
    .from(catalogModels)
    .orderBy(asc(catalogModels.position), asc(catalogModels.createdAt), asc(catalogModels.id));
  const [state] = await db
    .select({ catalog: modelCatalog, by: users.email })
    .from(modelCatalog)
    .leftJoin(users, eq(users.id, modelCatalog.updatedBy));
  const uses = new Map<string, number>();
  for (const model of models) uses.set(model.providerId, (uses.get(model.providerId) ?? 0) + 1);
  return {
    providers: providers.map((row) => providerJson(row, uses.get(row.id) ?? 0, sealer)),
    models: models.map(modelJson),
    updated_at: (state?.catalog.updatedAt ?? new Date()).toISOString(),
    updated_by: state?.by ?? null,
    seeded_from: state?.catalog.seededFrom ?? '',
  };
}

/**
 * Runs one change: under the lock, audited by the change itself, the revision raised when it changed.
 * Answers the whole catalog as it now is.
 */
async function change(
  db: Db,
  sealer: Sealer,
  adminId: string,
  apply: (tx: Db) => Promise<boolean>,
): Promise<AdminModelCatalog> {
  await db.transaction(async (tx) => {
    await lockCatalog(tx);
    if (await apply(tx)) await bumpCatalog(tx, adminId);
  });
  return readCatalog(db, sealer);
}

/** Each field whose value differs, as from → to. */
function differences<T extends object>(
  before: T,
  after: Partial<T>,
): Record<string, { from: unknown; to: unknown }> {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = (before as Record<string, unknown>)[field];
    if (to !== undefined && JSON.stringify(from) !== JSON.stringify(to)) changed[field] = { from, to };
  }
  return changed;
}

const providerRow = (tx: Db, id: string) =>
  tx
    .select()
    .from(catalogProviders)
    .where(eq(catalogProviders.id, id))
    .then(([row]) => row);

const modelRow = (tx: Db, id: string) =>
  tx
    .select()
    .from(catalogModels)
    .where(eq(catalogModels.id, id))
    .then(([row]) => row);

/** The key's columns for a key given (sealed, with its hint) or removed (null). */
const keyColumns = (sealer: Sealer, key: string | null) =>
  key === null
    ? { apiKeySealed: null, apiKeyHint: null }
    : { apiKeySealed: sealer.seal(key), apiKeyHint: keyHint(key) };

const headerColumns = (sealer: Sealer, headers: Record<string, string>) => ({
  headersSealed: sealHeaders(sealer, headers),
  headerNames: Object.keys(headers),
});

export async function createProvider(
  db: Db,
  sealer: Sealer,
  adminId: string,
  input: ProviderInput,
): Promise<AdminModelCatalog> {
  return change(db, sealer, adminId, async (tx) => {
    if (await providerRow(tx, input.id)) throw fieldErrors({ id: [m.providerTaken] });
    const [total] = await tx.select({ n: count() }).from(catalogProviders);
    if (Number(total?.n ?? 0) >= PROVIDERS_MAX)
      throw new HttpError(409, { detail: m.tooManyProviders(PROVIDERS_MAX) });
    await tx.insert(catalogProviders).values({
      id: input.id,
      type: input.type,
      baseUrl: input.base_url ?? null,
      apiKeyEnv: input.api_key_env ?? null,
      ...(input.api_key ? keyColumns(sealer, input.api_key) : {}),
      ...headerColumns(sealer, input.headers ?? {}),
    });
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: 'provider.create',
      target: { type: 'provider', id: input.id, label: input.id },
      details: {
        type: input.type,
        base_url: input.base_url ?? null,
        api_key: input.api_key ? 'set' : 'none',
        api_key_env: input.api_key_env ?? null,
        headers: Object.keys(input.headers ?? {}),
      },
    });
    return true;
  });
}

/**
 * Changes what is given: a key given replaces the kept one, null removes it; headers given replace them
 * all. The audit row says a key was set or removed, never which.
 */
export async function updateProvider(
  db: Db,
  sealer: Sealer,
  adminId: string,
  id: string,
  input: ProviderUpdate,
): Promise<AdminModelCatalog> {
  return change(db, sealer, adminId, async (tx) => {
    const before = await providerRow(tx, id);
    if (!before) throw notFound();
    const details: Record<string, unknown> = differences(
      { base_url: before.baseUrl, api_key_env: before.apiKeyEnv, headers: before.headerNames },
      {
        base_url: input.base_url,
        api_key_env: input.api_key_env,
        headers: input.headers && Object.keys(input.headers),
      },
    );
    // Header values may differ under the same names: a change of headers is a change whatever their names.
    if (input.headers !== undefined && !details.headers && Object.keys(input.headers).length > 0)
      details.headers = { from: before.headerNames, to: Object.keys(input.headers), values: 'changed' };
    if (input.api_key !== undefined && (input.api_key !== null || before.apiKeySealed))
      details.api_key = input.api_key === null ? 'removed' : 'set';
    if (Object.keys(details).length === 0) return false;
    await tx
      .update(catalogProviders)
      .set({
        ...(input.base_url !== undefined ? { baseUrl: input.base_url } : {}),
        ...(input.api_key_env !== undefined ? { apiKeyEnv: input.api_key_env } : {}),
        ...(input.api_key !== undefined ? keyColumns(sealer, input.api_key) : {}),
        ...(input.headers !== undefined ? headerColumns(sealer, input.headers) : {}),
        updatedAt: new Date(),
      })
      .where(eq(catalogProviders.id, id));
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: 'provider.update',
      target: { type: 'provider', id, label: id },
      details,
    });
    return true;
  });
}

/** Removes a provider no model uses. */
export async function deleteProvider(
  db: Db,
  sealer: Sealer,
  adminId: string,
  id: string,
): Promise<AdminModelCatalog> {
  return change(db, sealer, adminId, async (tx) => {
    const before = await providerRow(tx, id);
    if (!before) throw notFound();
    const [used] = await tx
      .select({ n: count() })
      .from(catalogModels)
      .where(eq(catalogModels.providerId, id));
    const models = Number(used?.n ?? 0);
    if (models > 0)
      throw new HttpError(409, {
        code: MODEL_CATALOG_ERRORS.providerInUse,
        detail: m.providerInUse(id, models),
      });
    await tx.delete(catalogProviders).where(eq(catalogProviders.id, id));
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: 'provider.delete',
      target: { type: 'provider', id, label: id },
      details: { type: before.type },
    });
    return true;
  });
}

/** The model's fields as the wire names them, for the audit's from → to. */
const wireFields = (row: ModelRow) => {
  const { id: _id, updated_at: _updated, ...fields } = modelJson(row);
  return fields;
};

async function checkProvider(tx: Db, providerId: string | undefined) {
  if (providerId !== undefined && !(await providerRow(tx, providerId)))
    throw fieldErrors({ provider_id: [m.unknownProvider] });
}

/** Refuses leaving users without a model: `id` is about to stop being enabled. */
async function checkNotLastEnabled(tx: Db, id: string) {
  const [others] = await tx
    .select({ n: count() })
    .from(catalogModels)
    .where(sql`${catalogModels.enabled} and ${catalogModels.id} <> ${id}`);
  if (Number(others?.n ?? 0) === 0)
    throw new HttpError(409, { code: MODEL_CATALOG_ERRORS.lastModel, detail: m.lastModel });
}

const clearDefault = (tx: Db) =>
  tx.update(catalogModels).set({ isDefault: false }).where(eq(catalogModels.isDefault, true));

export async function createModel(
  db: Db,
  sealer: Sealer,
  adminId: string,
  input: ModelInput,
): Promise<AdminModelCatalog> {
  return change(db, sealer, adminId, async (tx) => {
    if (await modelRow(tx, input.id)) throw fieldErrors({ id: [m.modelTaken] });
    await checkProvider(tx, input.provider_id);
    if (input.is_default && !input.enabled) throw fieldErrors({ is_default: [m.disabledDefault] });
    const [total] = await tx
      .select({ n: count(), last: sql<number | null>`max(${catalogModels.position})` })
      .from(catalogModels);
    if (Number(total?.n ?? 0) >= MODELS_MAX)
      throw new HttpError(409, { detail: m.tooManyModels(MODELS_MAX) });
    if (input.is_default) await clearDefault(tx);
    const [row] = await tx
      .insert(catalogModels)
      .values({
        id: input.id,
        providerId: input.provider_id,
        name: input.name,
        description: input.description,
        upstreamModel: input.upstream_model ?? input.id,
        isPerCall: input.is_per_call,
        fixedPrice: input.fixed_price_credits,
        inputPrice: input.input_price_credits,
        outputPrice: input.output_price_credits,
        maxOutputTokens: input.max_output_tokens,
        contextTokens: input.context_tokens,
        supportsImages: input.supports_images,
        webSearch: input.web_search,
        enabled: input.enabled,
        isDefault: input.is_default,
        position: Number(total?.last ?? -1) + 1,
      })
      .returning();
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: 'model.create',
      target: { type: 'model', id: input.id, label: input.name },
      details: row ? wireFields(row) : {},
    });
    return true;
  });
}

/**
 * Changes what is given. Turns already started keep the definition they started with; the next turn on
 * any instance takes the new one. Disabling the default model leaves the first enabled one as the default.
 */
export async function updateModel(
  db: Db,
  sealer: Sealer,
  adminId: string,
  id: string,
  input: ModelUpdate,
): Promise<AdminModelCatalog> {
  return change(db, sealer, adminId, async (tx) => {
    const before = await modelRow(tx, id);
    if (!before) throw notFound();
    await checkProvider(tx, input.provider_id);
    const enabled = input.enabled ?? before.enabled;
    if (input.is_default && !enabled) throw fieldErrors({ is_default: [m.disabledDefault] });
    if (before.enabled && !enabled) await checkNotLastEnabled(tx, id);
    const isDefault = enabled ? (input.is_default ?? before.isDefault) : false;
    const changed = differences(wireFields(before), { ...input, is_default: isDefault });
    if (Object.keys(changed).length === 0) return false;
    if (isDefault && !before.isDefault) await clearDefault(tx);
    await tx
      .update(catalogModels)
      .set({
        ...(input.provider_id !== undefined ? { providerId: input.provider_id } : {}),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.upstream_model !== undefined ? { upstreamModel: input.upstream_model } : {}),
        ...(input.is_per_call !== undefined ? { isPerCall: input.is_per_call } : {}),
        ...(input.fixed_price_credits !== undefined ? { fixedPrice: input.fixed_price_credits } : {}),
        ...(input.input_price_credits !== undefined ? { inputPrice: input.input_price_credits } : {}),
        ...(input.output_price_credits !== undefined ? { outputPrice: input.output_price_credits } : {}),
        ...(input.max_output_tokens !== undefined ? { maxOutputTokens: input.max_output_tokens } : {}),
        ...(input.context_tokens !== undefined ? { contextTokens: input.context_tokens } : {}),
        ...(input.supports_images !== undefined ? { supportsImages: input.supports_images } : {}),
        ...(input.web_search !== undefined ? { webSearch: input.web_search } : {}),
        enabled,
        isDefault,
        updatedAt: new Date(),
      })
      .where(eq(catalogModels.id, id));
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: 'model.update',
      target: { type: 'model', id, label: input.name ?? before.name },
      details: changed,
    });
    return true;
  });
}

/** Removes a model; past conversations and the ledger keep its name. The last enabled model is refused. */
export async function deleteModel(
  db: Db,
  sealer: Sealer,
  adminId: string,
  id: string,
): Promise<AdminModelCatalog> {
  return change(db, sealer, adminId, async (tx) => {
    const before = await modelRow(tx, id);
    if (!before) throw notFound();
    if (before.enabled) await checkNotLastEnabled(tx, id);
    await tx.delete(catalogModels).where(eq(catalogModels.id, id));
    await recordAudit(tx, {
      actor: { userId: adminId },
      action: 'model.delete',
      target: { type: 'model', id, label: before.name },
      details: wireFields(before),
    });
    return true;
  });
}
