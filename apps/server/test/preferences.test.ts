import { DEFAULT_EDITOR_PREFERENCES, type EditorPreferences } from '@wanxiang/api-client/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { plans, users } from '../src/db/schema';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { signUp } from './chat-support';
import { databaseKinds, json, useApps, useTestDatabase } from './helpers';

const PATH = '/api/auth/users/me/preferences/';
/** Two offline models, so that a plan can offer one and not the other. */
const TWO_MODELS = JSON.stringify({
  providers: [
    {
      id: 'offline',
      type: 'offline',
      models: [
        { id: OFFLINE_MODEL_ID, name: '离线演示模型' },
        { id: 'offline-second', name: '第二个离线模型' },
      ],
    },
  ],
});

type Caller = { authorization: string };

function patch(server: FastifyInstance, who: Caller, body: unknown) {
  const request = json(body);
  return server.inject({ method: 'PATCH', url: PATH, ...request, headers: { ...request.headers, ...who } });
}
const read = (server: FastifyInstance, who: Caller) =>
  server.inject({ method: 'GET', url: PATH, headers: who });

describe.each(databaseKinds)('the word processor’s preferences on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('are the defaults until saved, then what was saved, field by field, for that user alone', async () => {
    const server = await app({ MODELS_CONFIG_JSON: TWO_MODELS });
    const database = db().database.db;
    const me = await signUp(server, database);
    const other = await signUp(server, database);

    const fresh = await read(server, me.auth);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual(DEFAULT_EDITOR_PREFERENCES);

    const saved = await patch(server, me.auth, {
      font_family: 'fangsong',
      font_size_px: 21.33,
      view: 'continuous',
      autosave: false,
      assistant_model: 'offline-second',
    });
    expect(saved.statusCode).toBe(200);
    const expected: EditorPreferences = {
      font_family: 'fangsong',
      font_size_px: 21.33,
      view: 'continuous',
      autosave: false,
      spellcheck: false,
      assistant_model: 'offline-second',
    };
    expect(saved.json()).toEqual(expected);

    // A later save of one field keeps the others.
    const spell = await patch(server, me.auth, { spellcheck: true });
    expect(spell.json()).toEqual({ ...expected, spellcheck: true });
    expect((await read(server, me.auth)).json()).toEqual({ ...expected, spellcheck: true });

    // Null puts a field back to the paper's face / the server's model.
    const cleared = await patch(server, me.auth, { font_family: null, assistant_model: null });
    expect(cleared.json()).toMatchObject({ font_family: null, assistant_model: null, font_size_px: 21.33 });

    // The other user still has the defaults.
    expect((await read(server, other.auth)).json()).toEqual(DEFAULT_EDITOR_PREFERENCES);
  });

  it('refuses unknown fields and values out of bounds with a 400 naming the field, storing nothing', async () => {
    const server = await app({ MODELS_CONFIG_JSON: TWO_MODELS });
    const database = db().database.db;
    const me = await signUp(server, database);

    const refusals: Array<[unknown, string]> = [
      [{ font_family: 'comic-sans' }, 'font_family'],
      [{ font_size_px: 500 }, 'font_size_px'],
      [{ font_size_px: 2 }, 'font_size_px'],
      [{ font_size_px: 12.345 }, 'font_size_px'],
      [{ font_size_px: '16' }, 'font_size_px'],
      [{ autosave: 'no' }, 'autosave'],
      [{ view: 'pages' }, 'view'],
      [{ spellcheck: 1 }, 'spellcheck'],
      [{ assistant_model: 'x'.repeat(101) }, 'assistant_model'],
      [{ assistant_model: '' }, 'assistant_model'],
    ];
    for (const [body, field] of refusals) {
      const answer = await patch(server, me.auth, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json().errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }

    // An unknown field is named in the answer, even beside a valid one.
    const unknown = await patch(server, me.auth, { autosave: false, page_view: 'pages' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('page_view');

    for (const body of [[], 'x', null]) {
      expect((await patch(server, me.auth, body)).statusCode).toBe(400);
    }
    expect((await read(server, me.auth)).json()).toEqual(DEFAULT_EDITOR_PREFERENCES);
  });

  it('takes only a model the user’s plan offers, and forgets one the plan stops offering', async () => {
    const server = await app({ MODELS_CONFIG_JSON: TWO_MODELS });
    const database = db().database.db;
    const me = await signUp(server, database);

    const unknown = await patch(server, me.auth, { assistant_model: 'no-such-model' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('assistant_model');

    expect((await patch(server, me.auth, { assistant_model: 'offline-second' })).statusCode).toBe(200);

    // The default plan now offers the first model only.
    await database
      .update(plans)
      .set({ modelIds: [OFFLINE_MODEL_ID] })
      .where(eq(plans.isDefault, true));
    const refused = await patch(server, me.auth, { assistant_model: 'offline-second' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.assistant_model).toEqual(['你的套餐不包含这个模型，请选择其他模型。']);
    // What was stored before the change reads as none: the assistant uses the server's default.
    expect((await read(server, me.auth)).json().assistant_model).toBeNull();
    expect((await patch(server, me.auth, { assistant_model: OFFLINE_MODEL_ID })).json().assistant_model).toBe(
      OFFLINE_MODEL_ID,
    );
  });

  it('reads a stored value an older release wrote out of bounds as the default of that field', async () => {
    const server = await app({ MODELS_CONFIG_JSON: TWO_MODELS });
    const database = db().database.db;
    const me = await signUp(server, database);
    await database
      .update(users)
      .set({ editorPreferences: sql`'{"font_family":"gone","font_size_px":24,"autosave":"?"}'::jsonb` })
      .where(eq(users.id, me.userId));
    expect((await read(server, me.auth)).json()).toEqual({ ...DEFAULT_EDITOR_PREFERENCES, font_size_px: 24 });
  });

  it('asks for a sign-in', async () => {
    const server = await app();
    expect((await server.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    expect(
      (await server.inject({ method: 'PATCH', url: PATH, ...json({ autosave: false }) })).statusCode,
    ).toBe(401);
  });
});
