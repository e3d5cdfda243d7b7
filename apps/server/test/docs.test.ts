import { request as httpRequest } from 'node:http';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_DEPTH } from '@wanxiang/api-client/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { findOwnedDocument } from '../src/modules/docs/service';
import { signUp } from './chat-support';
import { faults } from './faults';
import { contentOf, databaseKinds, json, listen, useApps, useTestDatabase } from './helpers';

interface Doc {
  id: string;
  title: string;
  version: number;
  size: number;
  created_at: string;
  updated_at: string;
  content: ReturnType<typeof contentOf>;
}

afterEach(() => faults.disarm());

describe.each(databaseKinds)('cloud documents on %s', (kind) => {
  const getDb = useTestDatabase(kind);
  const makeApp = useApps(getDb);

  async function create(
    app: Awaited<ReturnType<typeof makeApp>>,
    auth: Record<string, string>,
    text: string,
  ) {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/docs/',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: text, content: contentOf(text) }),
    });
    expect(answer.statusCode).toBe(201);
    return answer.json() as Doc;
  }

  const put = (
    app: Awaited<ReturnType<typeof makeApp>>,
    auth: Record<string, string>,
    id: string,
    body: Record<string, unknown>,
  ) =>
    app.inject({
      method: 'PUT',
      url: `/api/docs/${id}/`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('creates a document with its uuid at version 1, lists, reads, saves and deletes it', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);

    const created = await create(app, auth, '第一段');
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toMatchObject({ title: '第一段', version: 1, content: contentOf('第一段') });
    expect(created.size).toBe(Buffer.byteLength(JSON.stringify(contentOf('第一段'))));

    const list = await app.inject({ method: 'GET', url: '/api/docs/', headers: auth });
    expect(list.statusCode).toBe(200);
    const [listed] = list.json() as Doc[];
    expect(listed).toMatchObject({ id: created.id, title: '第一段', version: 1 });
    expect(listed).not.toHaveProperty('content');
    expect(Date.parse(listed?.updated_at ?? '')).not.toBeNaN();

    const saved = await put(app, auth, created.id, {
      title: '   ',
      content: contentOf('第一段', '第二段'),
      base_version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      version: 2,
      title: '未命名文档',
      content: contentOf('第一段', '第二段'),
    });

    const read = await app.inject({ method: 'GET', url: `/api/docs/${created.id}/`, headers: auth });
    expect(read.json()).toMatchObject({ version: 2, content: contentOf('第一段', '第二段') });

    const second = await create(app, auth, '另一篇');
    const order = (await app.inject({ method: 'GET', url: '/api/docs/', headers: auth })).json() as Doc[];
    expect(order.map((doc) => doc.id)).toEqual([second.id, created.id]);

    const removed = await app.inject({ method: 'DELETE', url: `/api/docs/${created.id}/`, headers: auth });
    expect(removed.statusCode).toBe(204);
    const gone = await app.inject({ method: 'GET', url: `/api/docs/${created.id}/`, headers: auth });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toContain('没有找到这个文档');
  });

  it('makes one document for a first save repeated with its id (the answer was lost), and refuses another account’s id', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const first = (text: string, who = auth) =>
      app.inject({
        method: 'POST',
        url: '/api/docs/',
        headers: { ...who, 'content-type': 'application/json' },
        payload: JSON.stringify({ id: id.toUpperCase(), title: text, content: contentOf(text) }),
      });
    const made = await first('第一次');
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ id, version: 1, content: contentOf('第一次') });
    // The retry answers the document as it is, and makes nothing new.
    const again = await first('重试时的文字');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, version: 1, content: contentOf('第一次') });
    const list = (await app.inject({ method: 'GET', url: '/api/docs/', headers: auth })).json() as Doc[];
    expect(list.map((doc) => doc.id)).toEqual([id]);

    const other = await signUp(app, getDb().database.db);
    const taken = await first('别人的', other.auth);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toContain('ID 已被使用');
    const theirs = (await app.inject({ method: 'GET', url: '/api/docs/', headers: other.auth })).json();
    expect(theirs).toEqual([]);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/docs/',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'not-a-uuid', title: 'x', content: contentOf('x') }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another user's document, whatever the method, and changes nothing", async () => {
    const app = await makeApp();
    const { db } = getDb().database;
    const owner = await signUp(app, db);
    const other = await signUp(app, db);
    const doc = await create(app, owner.auth, '我的文档');

    for (const call of [
      { method: 'GET' as const, url: `/api/docs/${doc.id}/` },
      { method: 'DELETE' as const, url: `/api/docs/${doc.id}/` },
    ]) {
      const answer = await app.inject({ ...call, headers: other.auth });
      expect(answer.statusCode).toBe(404);
    }
    const overwrite = await put(app, other.auth, doc.id, {
      title: '别人的',
      content: contentOf('别人的'),
      base_version: 1,
    });
    expect(overwrite.statusCode).toBe(404);
    const theirs = await app.inject({ method: 'GET', url: '/api/docs/', headers: other.auth });
    expect(theirs.json()).toEqual([]);
    const malformed = await app.inject({ method: 'GET', url: '/api/docs/not-a-uuid/', headers: owner.auth });
    expect(malformed.statusCode).toBe(404);
    const unsigned = await app.inject({ method: 'GET', url: `/api/docs/${doc.id}/` });
    expect(unsigned.statusCode).toBe(401);

    const mine = await app.inject({ method: 'GET', url: `/api/docs/${doc.id}/`, headers: owner.auth });
    expect(mine.json()).toMatchObject({ version: 1, content: contentOf('我的文档') });
    expect(await findOwnedDocument(db, other.userId, doc.id)).toBeNull();
    expect((await findOwnedDocument(db, owner.userId, doc.id))?.id).toBe(doc.id);
  });

  it('lets exactly one of two sessions saving from one version win; the other gets 409 with the winner and keeps its text', async () => {
    const app = await makeApp();
    const { db } = getDb().database;
    const first = await signUp(app, db);
    // The same account signed in a second time: another device.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      ...json({
        email: (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, first.userId) }))?.email,
        password: 'correct horse battery staple',
      }),
    });
    const second = { authorization: `Bearer ${(login.json() as { access: string }).access}` };
    const doc = await create(app, first.auth, '开头');

    const [a, b] = await Promise.all([
      put(app, first.auth, doc.id, { title: '开头', content: contentOf('开头', '设备甲'), base_version: 1 }),
      put(app, second, doc.id, { title: '开头', content: contentOf('开头', '设备乙'), base_version: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    const winnerText = won === a ? '设备甲' : '设备乙';
    const loserText = won === a ? '设备乙' : '设备甲';
    const conflict = lost.json() as { code: string; detail: string; current: Doc };
    expect(conflict.code).toBe('version_conflict');
    expect(conflict.detail).toContain('第 2 版');
    expect(conflict.current).toMatchObject({ version: 2, content: contentOf('开头', winnerText) });

    // Nothing was overwritten; the loser keeps its text by saving it on top of the version that won.
    const stored = await app.inject({ method: 'GET', url: `/api/docs/${doc.id}/`, headers: first.auth });
    expect(stored.json()).toMatchObject({ version: 2, content: contentOf('开头', winnerText) });
    const kept = await put(app, lost === a ? first.auth : second, doc.id, {
      title: '开头',
      content: contentOf('开头', winnerText, loserText),
      base_version: 2,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ version: 3, content: contentOf('开头', winnerText, loserText) });
    // A stale base is refused again, never applied.
    const stale = await put(app, first.auth, doc.id, {
      title: 'x',
      content: contentOf('旧'),
      base_version: 2,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('answers a save repeated after its answer was lost as saved, without a conflict or a new version', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const doc = await create(app, auth, '开头');
    const body = { title: '开头', content: contentOf('开头', '重载前的一次保存'), base_version: 1 };
    const first = await put(app, auth, doc.id, body);
    expect(first.statusCode).toBe(200);
    // The page reloaded before it heard the answer: it saves the same text again from version 1.
    const again = await put(app, auth, doc.id, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ version: 2, content: body.content });
    // Other text from that stale version is still a conflict.
    const other = await put(app, auth, doc.id, { ...body, content: contentOf('开头', '别的内容') });
    expect(other.statusCode).toBe(409);
  });

  it('leaves the last good version when a save dies in the database', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const doc = await create(app, auth, '完好的版本');

    faults.arm({ only: (query) => /^update "documents"/i.test(query.text ?? '') });
    const failed = await put(app, auth, doc.id, {
      title: '半截',
      content: contentOf('半截'),
      base_version: 1,
    });
    expect(faults.fired).toBe(1);
    expect(failed.statusCode).toBe(500);
    faults.disarm();

    const read = await app.inject({ method: 'GET', url: `/api/docs/${doc.id}/`, headers: auth });
    expect(read.json()).toMatchObject({ version: 1, title: '完好的版本', content: contentOf('完好的版本') });
    const retried = await put(app, auth, doc.id, {
      title: '重试',
      content: contentOf('重试'),
      base_version: 1,
    });
    expect(retried.json()).toMatchObject({ version: 2, content: contentOf('重试') });
  });

  it('leaves the last good version when the connection drops halfway through a save', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const doc = await create(app, auth, '完好的版本');
    const base = await listen(app);

    const body = JSON.stringify({ title: '断线', content: contentOf('断线'.repeat(5000)), base_version: 1 });
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${base}/api/docs/${doc.id}/`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body.slice(0, body.length / 2), () => req.destroy());
    });

    const read = await app.inject({ method: 'GET', url: `/api/docs/${doc.id}/`, headers: auth });
    expect(read.json()).toMatchObject({ version: 1, content: contentOf('完好的版本') });
  });

  /**
   * A body whose content is `levels` objects and arrays deep: an empty root, with the rest of the levels in
   * a field of it the editor does not know. Written as text, so that making it needs no recursion.
   */
  const deepBody = (levels: number, extra: Record<string, unknown> = {}) => {
    const inner = levels - 3; // the content, its editor state and the root
    const root = { type: 'root', version: 1, children: [], deep: null };
    const head = JSON.stringify({
      title: '深',
      ...extra,
      content: { version: '2.0.0', editorState: { root } },
    });
    return head.replace('"deep":null', `"deep":${'{"a":'.repeat(inner - 1)}{}${'}'.repeat(inner - 1)}`);
  };

  it('refuses content nested too deep with a 400 naming the field, and stores nothing', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const doc = await create(app, auth, '浅');
    const send = (method: 'POST' | 'PUT', url: string, payload: string) =>
      app.inject({ method, url, headers: { ...auth, 'content-type': 'application/json' }, payload });

    for (const levels of [DOCUMENT_MAX_DEPTH + 1, 10_000]) {
      const created = await send('POST', '/api/docs/', deepBody(levels));
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({
        errors: { content: [`嵌套层级过深：最多 ${DOCUMENT_MAX_DEPTH} 层。`] },
      });
      const saved = await send('PUT', `/api/docs/${doc.id}/`, deepBody(levels, { base_version: 1 }));
      expect(saved.statusCode).toBe(400);
      expect(Object.keys(saved.json().errors)).toEqual(['content']);
    }
    const read = await app.inject({ method: 'GET', url: `/api/docs/${doc.id}/`, headers: auth });
    expect(read.json()).toMatchObject({ version: 1, content: contentOf('浅') });
    // Exactly at the limit is stored.
    const within = await send('POST', '/api/docs/', deepBody(DOCUMENT_MAX_DEPTH));
    expect(within.statusCode).toBe(201);
  });

  it('refuses a lone surrogate in any text with a 400 naming the field, and keeps what was stored', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const doc = await create(app, auth, '完好');
    // JSON.stringify writes a lone surrogate as the escape \ud800, as a client's would.
    const broken = contentOf('前\ud800后');

    const created = await app.inject({
      method: 'POST',
      url: '/api/docs/',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: '标题', content: broken }),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      errors: {
        'content.editorState.root.children.0.children.0.text': [
          '包含无法保存的字符（不成对的代理项 U+D800–U+DFFF）。',
        ],
      },
    });
    const saved = await put(app, auth, doc.id, { title: '题\udfff', content: broken, base_version: 1 });
    expect(saved.statusCode).toBe(400);
    expect(Object.keys(saved.json().errors).sort()).toEqual([
      'content.editorState.root.children.0.children.0.text',
      'title',
    ]);
    // A pair is a character like any other.
    const emoji = await put(app, auth, doc.id, { title: '😀', content: contentOf('😀'), base_version: 1 });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json()).toMatchObject({ title: '😀', content: contentOf('😀') });
  });

  it('cuts a long title between characters, never inside one', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    // 199 characters and an emoji (two UTF-16 units) at the 200th place.
    const title = `${'字'.repeat(199)}😀尾`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/docs/',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ title, content: contentOf('正文') }),
    });
    expect(created.statusCode).toBe(201);
    expect((created.json() as Doc).title).toBe(`${'字'.repeat(199)}😀`);
  });

  it('drops bidirectional controls from a title', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const created = await app.inject({
      method: 'POST',
      url: '/api/docs/',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: '\u2067合同\u202Excod.exe\u202C\u2069', content: contentOf('正文') }),
    });
    expect(created.statusCode).toBe(201);
    expect((created.json() as Doc).title).toBe('合同xcod.exe');
  });

  it('refuses a base_version beyond what the database holds with a 400 naming the field', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const doc = await create(app, auth, '版本');
    for (const base_version of [2 ** 31, 2 ** 53, 1e300]) {
      const answer = await put(app, auth, doc.id, { title: '版本', content: contentOf('x'), base_version });
      expect(answer.statusCode).toBe(400);
      const { errors } = answer.json() as { errors: Record<string, string[]> };
      expect(Object.keys(errors)).toEqual(['base_version']);
      expect(errors.base_version).toContain(`该值应小于或等于 ${2 ** 31 - 1}。`);
    }
    // The largest the column holds is a version like any other: a stale one.
    const largest = await put(app, auth, doc.id, {
      title: '版本',
      content: contentOf('x'),
      base_version: 2 ** 31 - 1,
    });
    expect(largest.statusCode).toBe(409);
  });

  it('refuses a document over the size limit with a clear message and stores nothing', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const doc = await create(app, auth, '小文档');
    const huge = contentOf('字'.repeat(Math.ceil(DOCUMENT_MAX_BYTES / 3) + 10));

    const tooBig = await put(app, auth, doc.id, { title: '大', content: huge, base_version: 1 });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'document_too_large' });
    expect(tooBig.json().detail).toMatch(/文档过大（5\.0 MB），云端文档最多 5 MB/);
    const createdBig = await app.inject({
      method: 'POST',
      url: '/api/docs/',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: '大', content: huge }),
    });
    expect(createdBig.statusCode).toBe(413);

    const list = (await app.inject({ method: 'GET', url: '/api/docs/', headers: auth })).json() as Doc[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ version: 1, title: '小文档' });
  });
});
