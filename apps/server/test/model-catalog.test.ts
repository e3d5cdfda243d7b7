import type { AdminModelCatalog, AuditPage, ChatModel } from '@wanxiang/api-client/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogProviders } from '../src/db/schema';
import { setRole } from '../src/modules/account/batches';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { finalOf, ledgerState, parseStream, rawTurn, sendTurn, signUp, textOf } from './chat-support';
import { fakeModelsConfig, startFakeOpenAI } from './fake-openai';
import { databaseKinds, json, listen, PRICED_OFFLINE_MODELS, useApps, useTestDatabase } from './helpers';

type Caller = { authorization: string };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(server: FastifyInstance, who: Caller, method: Method, url: string, body?: unknown) {
  if (body === undefined) return server.inject({ method, url: `/api${url}`, headers: who });
  const request = json(body);
  return server.inject({ method, url: `/api${url}`, ...request, headers: { ...request.headers, ...who } });
}

const catalogOf = async (server: FastifyInstance, who: Caller) => {
  const response = await call(server, who, 'GET', '/admin/models/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminModelCatalog;
};

const offered = async (server: FastifyInstance, who: Caller) =>
  ((await call(server, who, 'GET', '/models/')).json() as { models: ChatModel[] }).models;

async function adminOf(server: FastifyInstance, database: Parameters<typeof signUp>[1]) {
  const admin = await signUp(server, database);
  expect(await setRole(database, admin.email, 'admin')).toBe(true);
  return admin;
}

/** Offline answers without pauses. */
const FAST = { OFFLINE_MODEL_CHUNK_DELAY: '0' };

/** Two models of the built-in offline kind, priced, so that turns run without a network. */
const TWO_OFFLINE_MODELS = JSON.stringify({
  providers: [
    {
      id: 'offline',
      type: 'offline',
      models: [
        { id: OFFLINE_MODEL_ID, name: '离线演示模型', input_price_credits: 1, output_price_credits: 2 },
        { id: 'offline-second', name: '第二个离线模型', is_per_call: true, fixed_price_credits: 3 },
      ],
    },
  ],
});

describe.each(databaseKinds)('the model catalog on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);
  const fake = startFakeOpenAI();
  afterAll(async () => (await fake).close());

  it('is seeded once from the models file; another instance with another file follows the database', async () => {
    const one = await app({ MODELS_CONFIG_JSON: TWO_OFFLINE_MODELS, ...FAST });
    const two = await app({ MODELS_CONFIG_JSON: PRICED_OFFLINE_MODELS });
    const database = db().database.db;
    const admin = await adminOf(one, database);

    const catalog = await catalogOf(two, admin.auth);
    expect(catalog.seeded_from).toBe('MODELS_CONFIG_JSON');
    expect(catalog.providers).toMatchObject([{ id: 'offline', type: 'offline', models: 2 }]);
    expect(catalog.models.map((model) => [model.id, model.is_default, model.enabled])).toEqual([
      [OFFLINE_MODEL_ID, true, true],
      ['offline-second', false, true],
    ]);
    expect((await offered(two, admin.auth)).map((model) => model.id)).toEqual([
      OFFLINE_MODEL_ID,
      'offline-second',
    ]);
  });

  it('applies a price change on every instance from its next turn, without a restart', async () => {
    const one = await app({ MODELS_CONFIG_JSON: TWO_OFFLINE_MODELS, ...FAST });
    const two = await app({ MODELS_CONFIG_JSON: TWO_OFFLINE_MODELS, ...FAST });
    const database = db().database.db;
    const admin = await adminOf(one, database);
    const user = await signUp(one, database, 100);
    const base = await listen(two);

    const first = await sendTurn(base, user.access, { model_id: 'offline-second', prompt: { text: '你好' } });
    expect(first.status, first.body).toBe(200);
    expect((await ledgerState(database, user.userId)).balance).toBe(97);

    const changed = await call(one, admin.auth, 'PATCH', '/admin/models/offline-second/', {
      fixed_price_credits: 11,
      name: '贵一些的离线模型',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as AdminModelCatalog).models[1]).toMatchObject({
      fixed_price_credits: 11,
      name: '贵一些的离线模型',
    });

    // The other instance, started before the change, lists and charges the new price.
    const listed = (await offered(two, user.auth)).find((model) => model.id === 'offline-second');
    expect(listed).toMatchObject({ fixed_price_credits: 11, name: '贵一些的离线模型' });
    const second = await sendTurn(base, user.access, {
      model_id: 'offline-second',
      prompt: { text: '再来' },
    });
    expect(second.status, second.body).toBe(200);
    expect(textOf(second.events)).not.toBe('');
    finalOf(second.events);
    expect(await ledgerState(database, user.userId)).toMatchObject({ balance: 86, ledgerSum: 86 });
  });

  it('settles a turn under way at the price it started with; the next turn pays the new one', async () => {
    // Slow pieces: the answer is still streaming when the price changes.
    const one = await app({ MODELS_CONFIG_JSON: TWO_OFFLINE_MODELS, OFFLINE_MODEL_CHUNK_DELAY: '20ms' });
    const database = db().database.db;
    const admin = await adminOf(one, database);
    const user = await signUp(one, database, 100);
    const base = await listen(one);

    const asking = rawTurn(base, user.access, {
      model_id: 'offline-second',
      prompt: { text: '讲一个长故事' },
    });
    await asking.textFrames(3);
    const changed = await call(one, admin.auth, 'PATCH', '/admin/models/offline-second/', {
      fixed_price_credits: 20,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await asking.ended;
    expect(finalOf(parseStream(asking.received)).credits_charged).toBe(3);
    expect(await ledgerState(database, user.userId)).toMatchObject({ balance: 97, ledgerSum: 97 });

    const next = await sendTurn(base, user.access, { model_id: 'offline-second', prompt: { text: '再来' } });
    expect(finalOf(next.events).credits_charged).toBe(20);
    expect(await ledgerState(database, user.userId)).toMatchObject({ balance: 77, ledgerSum: 77 });
  });

  it('keeps one enabled default, refuses leaving users without a model, and names every wrong field', async () => {
    const one = await app({ MODELS_CONFIG_JSON: TWO_OFFLINE_MODELS, ...FAST });
    const database = db().database.db;
    const admin = await adminOf(one, database);
    const user = await signUp(one, database, 100);
    const base = await listen(one);

    // Disabling the default leaves the other as the default; the disabled one is not offered nor usable.
    const disabled = await call(one, admin.auth, 'PATCH', `/admin/models/${OFFLINE_MODEL_ID}/`, {
      enabled: false,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await offered(one, user.auth)).toMatchObject([{ id: 'offline-second', is_default: true }]);
    const refused = await sendTurn(base, user.access, {
      model_id: OFFLINE_MODEL_ID,
      prompt: { text: '你好' },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(JSON.parse(refused.body).errors)).toEqual(['model_id']);

    // The last enabled model can be neither disabled nor deleted.
    for (const [method, body] of [
      ['PATCH', { enabled: false }],
      ['DELETE', undefined],
    ] as const) {
      const last = await call(one, admin.auth, method, '/admin/models/offline-second/', body);
      expect(last.statusCode, last.body).toBe(409);
      expect(last.json()).toMatchObject({ code: 'last_enabled_model' });
    }
    // A disabled model cannot be the default.
    const disabledDefault = await call(one, admin.auth, 'PATCH', `/admin/models/${OFFLINE_MODEL_ID}/`, {
      is_default: true,
    });
    expect(disabledDefault.statusCode).toBe(400);
    expect(Object.keys(disabledDefault.json().errors)).toEqual(['is_default']);

    // A new default takes the mark from the old one.
    const added = await call(one, admin.auth, 'POST', '/admin/models/', {
      id: 'offline-third',
      provider_id: 'offline',
      name: '第三个',
      is_default: true,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      (added.json() as AdminModelCatalog).models.filter((model) => model.is_default).map((model) => model.id),
    ).toEqual(['offline-third']);

    const wrong = await call(one, admin.auth, 'POST', '/admin/models/', {
      id: 'has space',
      provider_id: 'offline',
      name: '',
      input_price_credits: -1,
      max_output_tokens: 0,
      fixed_price_credits: 1.5,
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors).sort()).toEqual(
      ['fixed_price_credits', 'id', 'input_price_credits', 'max_output_tokens', 'name'].sort(),
    );
    const taken = await call(one, admin.auth, 'POST', '/admin/models/', {
      id: 'offline-third',
      provider_id: 'nowhere',
      name: '重复',
    });
    expect(taken.statusCode).toBe(400);
    expect(Object.keys(taken.json().errors)).toEqual(['id']);
    const nowhere = await call(one, admin.auth, 'POST', '/admin/models/', {
      id: 'offline-fourth',
      provider_id: 'nowhere',
      name: '无处',
    });
    expect(Object.keys(nowhere.json().errors)).toEqual(['provider_id']);
    expect((await call(one, admin.auth, 'PATCH', '/admin/models/unknown/', { name: 'x' })).statusCode).toBe(
      404,
    );

    // A provider with models stays.
    const inUse = await call(one, admin.auth, 'DELETE', '/admin/providers/offline/');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'provider_in_use' });
  });

  it('keeps a provider key write-only: sealed in the database, used for calls, never answered nor audited', async () => {
    const upstream = await fake;
    const one = await app({ MODELS_CONFIG_JSON: fakeModelsConfig(upstream.baseURL, ['stream']) });
    const database = db().database.db;
    const admin = await adminOf(one, database);
    const user = await signUp(one, database, 1000);
    const base = await listen(one);
    const secret = 'sk-console-7c1e9d2b4a6f';

    const created = await call(one, admin.auth, 'POST', '/admin/providers/', {
      id: 'relay',
      type: 'openai-compatible',
      base_url: upstream.baseURL,
      api_key: secret,
      headers: { 'X-Relay-Token': 'header-secret-31415' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.body).not.toContain(secret);
    expect(created.body).not.toContain('header-secret');
    const relay = (created.json() as AdminModelCatalog).providers.find((provider) => provider.id === 'relay');
    expect(relay).toMatchObject({
      key: { state: 'console', hint: '4a6f', env: null },
      header_names: ['X-Relay-Token'],
      models: 0,
    });
    const [stored] = await database.select().from(catalogProviders).where(eq(catalogProviders.id, 'relay'));
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain('header-secret');

    const model = await call(one, admin.auth, 'POST', '/admin/models/', {
      id: 'relayed',
      provider_id: 'relay',
      name: '中转模型',
      upstream_model: 'stream',
    });
    expect(model.statusCode, model.body).toBe(200);
    const turn = await sendTurn(base, user.access, { model_id: 'relayed', prompt: { text: '你好' } });
    expect(turn.status, turn.body).toBe(200);
    finalOf(turn.events);
    const request = upstream.requests.at(-1);
    expect(request?.headers.authorization).toBe(`Bearer ${secret}`);
    expect(request?.headers['x-relay-token']).toBe('header-secret-31415');

    // A key removed: the provider says so and the call goes without one.
    const removed = await call(one, admin.auth, 'PATCH', '/admin/providers/relay/', {
      api_key: null,
      api_key_env: 'RELAY_KEY',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as AdminModelCatalog).providers.find((p) => p.id === 'relay')?.key).toEqual({
      state: 'environment',
      env: 'RELAY_KEY',
      hint: null,
    });

    const audit = (await call(one, admin.auth, 'GET', '/admin/audit/')).json() as AuditPage;
    const actions = audit.results.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['provider.create', 'model.create', 'provider.update']));
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(JSON.stringify(audit)).not.toContain('header-secret');
    const update = audit.results.find((entry) => entry.action === 'provider.update');
    expect(update?.details).toMatchObject({
      api_key: 'removed',
      api_key_env: { from: null, to: 'RELAY_KEY' },
    });

    // Refusals name their field.
    const bad = await call(one, admin.auth, 'POST', '/admin/providers/', {
      id: 'x y',
      type: 'gemini',
      base_url: 'ftp://example.com',
      api_key_env: '1BAD',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['api_key_env', 'base_url', 'id', 'type']);
  });

  it('offers each plan its own models, from the next request, and refuses a turn with a model not in it', async () => {
    const one = await app({ MODELS_CONFIG_JSON: TWO_OFFLINE_MODELS, ...FAST });
    const database = db().database.db;
    const admin = await adminOf(one, database);
    const user = await signUp(one, database, 100);
    const base = await listen(one);

    const unknown = await call(one, admin.auth, 'POST', '/admin/plans/', {
      name: '专业版',
      monthly_credits: 0,
      grant_day: 1,
      models: ['offline-second', 'gpt-9'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.models[0]).toContain('gpt-9');
    const made = await call(one, admin.auth, 'POST', '/admin/plans/', {
      name: '专业版',
      monthly_credits: 0,
      grant_day: 1,
      models: ['offline-second', 'offline-second'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const plan = made.json() as { id: number; models: string[] | null };
    expect(plan.models).toEqual(['offline-second']);
    const moved = await call(one, admin.auth, 'POST', `/admin/users/${user.userId}/plan/`, {
      plan_id: plan.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // The plan's only model is the user's default; the catalog's default is neither listed nor usable.
    expect(await offered(one, user.auth)).toMatchObject([{ id: 'offline-second', is_default: true }]);
    const refused = await sendTurn(base, user.access, {
      model_id: OFFLINE_MODEL_ID,
      prompt: { text: '你好' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).errors.model_id[0]).toContain('套餐');
    const allowed = await sendTurn(base, user.access, {
      model_id: 'offline-second',
      prompt: { text: '你好' },
    });
    expect(allowed.status, allowed.body).toBe(200);

    // Every model again, and the change is audited.
    const opened = await call(one, admin.auth, 'PATCH', `/admin/plans/${plan.id}/`, { models: null });
    expect(opened.json()).toMatchObject({ models: null });
    expect((await offered(one, user.auth)).map((model) => model.id)).toEqual([
      OFFLINE_MODEL_ID,
      'offline-second',
    ]);
    const audit = (await call(one, admin.auth, 'GET', '/admin/audit/')).json() as AuditPage;
    expect(audit.results.find((entry) => entry.action === 'plan.update')?.details).toEqual({
      models: { from: ['offline-second'], to: null },
    });
  });

  it('refuses the catalog to a non-admin (403) and to an anonymous caller (401)', async () => {
    const one = await app();
    const user = await signUp(one, db().database.db);
    expect((await call(one, user.auth, 'GET', '/admin/models/')).statusCode).toBe(403);
    expect((await one.inject({ method: 'GET', url: '/api/admin/models/' })).statusCode).toBe(401);
    expect(
      (await call(one, user.auth, 'POST', '/admin/providers/', { id: 'p', type: 'openai' })).statusCode,
    ).toBe(403);
  });
});
