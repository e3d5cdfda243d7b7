import { describe, expect, it } from 'vitest';
import { containsPattern, snippetOf } from '../src/modules/chat/repo';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { finalOf, sendTurn, signUp } from './chat-support';
import { databaseKinds, json, listen, useApps, useTestDatabase } from './helpers';

const FAST = { OFFLINE_MODEL_CHUNK_DELAY: '0', RATE_LIMIT_MAX: '100000' };

describe('search helpers', () => {
  it('matches the search text literally, wildcards included', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('cuts the words around a match, marking what was cut', () => {
    expect(snippetOf('今天天气很好', '天气')).toBe('今天天气很好');
    const long = `${'前'.repeat(40)}关键字${'后'.repeat(40)}`;
    const snippet = snippetOf(long, '关键字', 5, 5) ?? '';
    expect(snippet).toBe('…前前前前前关键字后后后后后…');
    // The match comes early and whole, so that the row's first line shows it; spaces run together.
    const url =
      '请帮我看看这段配置为什么连不上服务器：base_url 写的是  https://api.deepseek.com/v1，超时三十秒。';
    const cut = snippetOf(url, 'DeepSeek') ?? '';
    expect(cut).toBe('…tps://api.deepseek.com/v1，超时三十秒。');
    expect(cut.indexOf('deepseek')).toBeLessThanOrEqual(12);
    // No character is split at a cut.
    expect(snippetOf(`${'😀'.repeat(20)}关键字`, '关键字')).toBe(`…${'😀'.repeat(5)}关键字`);
    expect(snippetOf('Hello World', 'world')).toBe('Hello World');
    expect(snippetOf('abc', 'x')).toBeNull();
  });
});

describe.each(databaseKinds)('chat sessions: rename, pin, search on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  async function setUp() {
    const server = await app(FAST);
    const base = await listen(server);
    const user = await signUp(server, db().database.db, 100_000);
    const chat = async (text: string, sessionId: string | null = null) => {
      const { status, events } = await sendTurn(base, user.access, {
        session_id: sessionId,
        model_id: OFFLINE_MODEL_ID,
        prompt: { text },
      });
      expect(status).toBe(200);
      return finalOf(events).session_id as string;
    };
    const list = async (query = '') => {
      const res = await server.inject({
        method: 'GET',
        url: `/api/chat/sessions/?page_size=50${query ? `&q=${encodeURIComponent(query)}` : ''}`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        count: number;
        results: { id: string; title: string; pinned: boolean; snippet?: string | null }[];
      };
    };
    const patch = (id: string, body: unknown) =>
      server.inject({
        method: 'PATCH',
        url: `/api/chat/sessions/${id}/`,
        ...json(body),
        headers: { ...json(body).headers, ...user.auth },
      });
    return { server, user, chat, list, patch };
  }

  it('renames a session: the name is trimmed, an empty one refused in Chinese, a foreign one not found', async () => {
    const { server, chat, list, patch } = await setUp();
    const id = await chat('第一个问题');
    const renamed = await patch(id, { title: '  年度计划  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, title: '年度计划', pinned: false });
    expect((await list()).results.find((s) => s.id === id)?.title).toBe('年度计划');

    const empty = await patch(id, { title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('会话名称不能为空');
    expect((await patch(id, {})).statusCode).toBe(400);
    expect((await patch(id, { title: 'x'.repeat(101) })).statusCode).toBe(400);

    const other = await signUp(server, db().database.db);
    const foreign = await server.inject({
      method: 'PATCH',
      url: `/api/chat/sessions/${id}/`,
      ...json({ title: '偷改' }),
      headers: { ...json({}).headers, ...other.auth },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await patch('not-a-uuid', { title: 'x' })).statusCode).toBe(404);
    // A later turn keeps the name the user gave.
    await chat('接着聊', id);
    expect((await list()).results.find((s) => s.id === id)?.title).toBe('年度计划');
  });

  it('lists pinned sessions first, newest pin first, and unpins', async () => {
    const { chat, list, patch } = await setUp();
    const a = await chat('会话甲');
    const b = await chat('会话乙');
    const c = await chat('会话丙');
    expect((await list()).results.map((s) => s.id)).toEqual([c, b, a]);
    expect((await patch(a, { pinned: true })).json()).toMatchObject({ pinned: true });
    expect((await patch(b, { pinned: true })).statusCode).toBe(200);
    const pinned = await list();
    expect(pinned.results.map((s) => s.id)).toEqual([b, a, c]);
    expect(pinned.results.map((s) => s.pinned)).toEqual([true, true, false]);
    await patch(b, { pinned: false });
    expect((await list()).results.map((s) => s.id)).toEqual([a, c, b]);
  });

  it('finds sessions by title or message text, Chinese and partial words, any case', async () => {
    const { chat, list, patch } = await setUp();
    const poem = await chat('请写一首关于秋天落叶的诗');
    const code = await chat('How do I sort an Array in TypeScript?');
    const renamed = await chat('随便聊聊');
    await patch(renamed, { title: '旅行计划：杭州西湖' });
    const percent = await chat('打折 50% 的商品');

    // Part of a Chinese word inside the prompt.
    const autumn = await list('秋天落');
    expect(autumn.results.map((s) => s.id)).toEqual([poem]);
    expect(autumn.count).toBe(1);
    // The title says why; a snippet says it when only the messages match.
    expect(autumn.results[0]?.snippet).toBeNull();
    // Partial English, any case, found in the message text (the title is the same prompt here).
    expect((await list('typescr')).results.map((s) => s.id)).toEqual([code]);
    expect((await list('ARRAY')).results.map((s) => s.id)).toEqual([code]);
    // A renamed chat is found by its new title and, through its messages, by what was said.
    expect((await list('西湖')).results.map((s) => s.id)).toEqual([renamed]);
    const byBody = await list('随便');
    expect(byBody.results.map((s) => s.id)).toEqual([renamed]);
    expect(byBody.results[0]?.snippet).toContain('随便聊聊');
    // The offline model's answer quotes the prompt: answers are searched too.
    expect((await list('离线演示模型')).count).toBe(4);
    // Wildcards are plain characters.
    expect((await list('50%')).results.map((s) => s.id)).toEqual([percent]);
    expect((await list('%')).results.map((s) => s.id)).toEqual([percent]);
    expect((await list('没有这样的内容')).count).toBe(0);
  });

  it("searches only the user's own sessions, and a long search text is refused", async () => {
    const { server, chat, list } = await setUp();
    await chat('独一无二的问题');
    const other = await signUp(server, db().database.db);
    const theirs = await server.inject({
      method: 'GET',
      url: `/api/chat/sessions/?q=${encodeURIComponent('独一无二')}`,
      headers: other.auth,
    });
    expect(theirs.json()).toMatchObject({ count: 0, results: [] });
    expect((await list('独一无二')).count).toBe(1);
    const long = await server.inject({
      method: 'GET',
      url: `/api/chat/sessions/?q=${'长'.repeat(101)}`,
      headers: other.auth,
    });
    expect(long.statusCode).toBe(400);
  });
});
