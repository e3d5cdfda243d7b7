import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { DEFAULT_EDITOR_PREFERENCES, editorPreferencesUpdate } from '../contract/preferences';
import { ApiError } from '../errors/errors';
import { createMemoryStorage } from '../storage/storage';
import { accessToken, createFakeFetch, type FakeHandler, json } from '../testing/helpers';

function setup(handler: FakeHandler) {
  const fetch = createFakeFetch(handler);
  const client = createApiClient({ fetch, storage: createMemoryStorage(), lock: null, autoRefresh: false });
  client.tokens.setSession({ access: accessToken(Date.now(), 600), refresh: 'r1' });
  return { fetch, client };
}

describe('preferences', () => {
  it('reads them, the defaults filled in for fields an older server leaves out', async () => {
    const { client, fetch } = setup(() => json({ font_family: 'fangsong' }));
    expect(await client.preferences.get()).toEqual({
      ...DEFAULT_EDITOR_PREFERENCES,
      font_family: 'fangsong',
    });
    expect(fetch.calls[0]).toMatchObject({ method: 'GET', url: '/api/auth/users/me/preferences/' });
  });

  it('sends only the fields that change, and resolves to what the server stored', async () => {
    const stored = { ...DEFAULT_EDITOR_PREFERENCES, autosave: false };
    const { client, fetch } = setup(() => json(stored));
    expect(await client.preferences.update({ autosave: false })).toEqual(stored);
    expect(fetch.calls[0]).toMatchObject({ method: 'PATCH', url: '/api/auth/users/me/preferences/' });
    expect(fetch.calls[0]?.body).toEqual({ autosave: false });
  });

  it('rejects a refusal with the field it names', async () => {
    const { client } = setup(() =>
      json({ errors: { assistant_model: ['你的套餐不包含这个模型，请选择其他模型。'] } }, { status: 400 }),
    );
    const error = await client.preferences.update({ assistant_model: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body?.errors?.assistant_model).toHaveLength(1);
  });
});

describe('the update contract', () => {
  it('names only what is given: no default creeps into a partial update', () => {
    expect(editorPreferencesUpdate.parse({ spellcheck: true })).toEqual({ spellcheck: true });
    expect(editorPreferencesUpdate.parse({})).toEqual({});
  });

  it('refuses unknown fields and sizes out of the editor’s range', () => {
    expect(editorPreferencesUpdate.safeParse({ page_view: 'pages' }).success).toBe(false);
    expect(editorPreferencesUpdate.safeParse({ font_size_px: 97 }).success).toBe(false);
    expect(editorPreferencesUpdate.safeParse({ font_size_px: 21.33 }).success).toBe(true);
    expect(editorPreferencesUpdate.safeParse({ font_family: 'comic' }).success).toBe(false);
  });
});
