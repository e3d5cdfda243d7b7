import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { ApiError } from '../errors/errors';
import { createMemoryStorage } from '../storage/storage';
import { accessToken, createFakeFetch, type FakeHandler, json } from '../testing/helpers';

function setup(handler: FakeHandler) {
  const fetch = createFakeFetch(handler);
  const client = createApiClient({ fetch, storage: createMemoryStorage(), lock: null, autoRefresh: false });
  client.tokens.setSession({ access: accessToken(Date.now(), 600), refresh: 'r1' });
  return { fetch, client };
}

const ID = '7d7c3f1e-4a55-4c1d-9a53-0a1f1d7a9d11';
const doc = (version: number, text: string) => ({
  id: ID,
  title: text,
  version,
  size: 10,
  created_at: '2026-11-26T01:00:00.000Z',
  updated_at: '2026-11-26T02:00:00.000Z',
  content: { version: '2.0.0', editorState: { root: { text } } },
});

describe('docs', () => {
  it('saves on top of the version it was based on', async () => {
    const { client, fetch } = setup(() => json(doc(3, '新')));
    const result = await client.docs.save(ID, { title: '新', content: doc(3, '新').content, baseVersion: 2 });
    expect(result).toEqual({ status: 'saved', document: doc(3, '新') });
    expect(fetch.calls[0]).toMatchObject({ method: 'PUT', url: `/api/docs/${ID}/` });
    expect(fetch.calls[0]?.body).toMatchObject({ title: '新', base_version: 2 });
  });

  it('turns a 409 into the version that won, read afresh, instead of an error', async () => {
    const { client } = setup((request) =>
      request.method === 'PUT'
        ? json({ detail: '冲突', code: 'version_conflict', current: doc(4, '别处') }, { status: 409 })
        : json(doc(4, '别处')),
    );
    const result = await client.docs.save(ID, { title: '我', content: doc(3, '我').content, baseVersion: 3 });
    expect(result).toEqual({ status: 'conflict', current: doc(4, '别处') });
  });

  it('lets other failures (the size limit) through as errors with their message', async () => {
    const { client } = setup(() =>
      json({ detail: '文档过大（6 MB），云端文档最多 5 MB。', code: 'document_too_large' }, { status: 413 }),
    );
    const error = await client.docs
      .create({ title: '大', content: doc(1, '大').content })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toContain('云端文档最多 5 MB');
  });

  it('reads a page of the version history, one version, names one and restores one', async () => {
    const version = {
      version: 2,
      title: '新',
      size: 10,
      size_delta: 4,
      kind: 'manual',
      name: null,
      restored_from: null,
      created_at: '2026-11-26T02:00:00.000Z',
    };
    const { client, fetch } = setup((request) => {
      if (request.url.includes('/restore/')) return json(doc(4, '旧'));
      if (request.method === 'PATCH') return json({ ...version, name: '定稿' });
      if (request.url.endsWith('/versions/2/')) return json({ ...version, content: doc(2, '新').content });
      return json({ versions: [version], next_before: 2 });
    });
    const page = await client.docs.versions(ID, { before: 5, limit: 1 });
    expect(page).toEqual({ versions: [version], next_before: 2 });
    expect(fetch.calls[0]).toMatchObject({
      method: 'GET',
      url: `/api/docs/${ID}/versions/?before=5&limit=1`,
    });
    expect((await client.docs.version(ID, 2)).content).toEqual(doc(2, '新').content);
    expect((await client.docs.nameVersion(ID, 2, '定稿')).name).toBe('定稿');
    expect(fetch.calls[2]).toMatchObject({ method: 'PATCH', url: `/api/docs/${ID}/versions/2/` });
    expect(fetch.calls[2]?.body).toEqual({ name: '定稿' });
    expect(await client.docs.restoreVersion(ID, 1)).toEqual(doc(4, '旧'));
    expect(fetch.calls[3]).toMatchObject({ method: 'POST', url: `/api/docs/${ID}/versions/1/restore/` });
  });

  it('marks a save the user asked for as manual', async () => {
    const { client, fetch } = setup(() => json(doc(3, '新')));
    await client.docs.save(ID, {
      title: '新',
      content: doc(3, '新').content,
      baseVersion: 2,
      kind: 'manual',
    });
    expect(fetch.calls[0]?.body).toMatchObject({ base_version: 2, kind: 'manual' });
  });
});
