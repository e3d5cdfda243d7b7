import { and, eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { chatMessages, chatSessions, creditLedger } from '../src/db/schema';
import { AssistantService } from '../src/modules/assistant/service';
import { holdCredits } from '../src/modules/billing/holds';
import { applyCreditChange } from '../src/modules/billing/ledger';
import { ChatService } from '../src/modules/chat/service';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { finalOf, ledgerState, rawTurn, sendTurn, signUp, textOf, waitFor } from './chat-support';
import { databaseKinds, listen, testCatalog, testConfig, useApps, useTestDatabase } from './helpers';

const FAST = { OFFLINE_MODEL_CHUNK_DELAY: '0', RATE_LIMIT_MAX: '100000' };

describe.each(databaseKinds)('chat with the offline model on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('lists the built-in offline model, named as such and free, to signed-in users only', async () => {
    // No model configured at all: the built-in demonstration is the one model.
    const server = await app({ ...FAST, MODELS_CONFIG_JSON: '{"providers": []}' });
    expect((await server.inject({ method: 'GET', url: '/api/models/' })).statusCode).toBe(401);
    const { auth, access, userId } = await signUp(server, db().database.db, 100);
    const res = await server.inject({ method: 'GET', url: '/api/models/', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      models: [
        {
          id: OFFLINE_MODEL_ID,
          name: '离线演示模型',
          description: expect.stringContaining('演示'),
          provider: 'offline',
          is_per_call: false,
          fixed_price_credits: 0,
          input_price_credits: 0,
          output_price_credits: 0,
          is_default: true,
          web_search: false,
          search_price_credits: 0,
          supports_images: true,
        },
      ],
    });
    // Its answers cost nothing.
    const turn = await sendTurn(await listen(server), access, {
      model_id: OFFLINE_MODEL_ID,
      prompt: { text: '你好' },
    });
    expect(finalOf(turn.events)).toMatchObject({ status: 'complete', credits_charged: 0 });
    expect((await ledgerState(db().database.db, userId)).balance).toBe(100);
  });

  it('documents the chat endpoints in the OpenAPI document', async () => {
    const server = await app(FAST);
    const doc = (await server.inject({ method: 'GET', url: '/api/schema/' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/models/',
        '/api/chat/sessions/',
        '/api/chat/sessions/{id}/',
        '/api/chat/turns/create-turn/',
      ]),
    );
    const turn = doc.paths['/api/chat/turns/create-turn/'].post;
    expect(turn.requestBody.content['application/json'].schema.required).toEqual(['model_id']);
    expect(turn.description).toContain('text/event-stream');
    expect(Object.keys(turn.responses)).toEqual(expect.arrayContaining(['200', '400', '402', '404']));
    expect(Object.keys(turn.responses['200'].content)).toEqual(['text/event-stream']);
    const list = doc.paths['/api/chat/sessions/'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(['page', 'page_size', 'q']);
    expect(doc.paths['/api/chat/sessions/{id}/'].delete.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/models/'].get.responses['200']).toBeDefined();
  });

  it('streams a Markdown answer quoting the prompt, stores the pair, names the session and charges', async () => {
    const server = await app(FAST);
    const base = await listen(server);
    const database = db().database.db;
    const { access, userId } = await signUp(server, database, 1000);
    const prompt = '请帮我写一首关于秋天的诗，\n要有落叶和月亮';
    const { status, events } = await sendTurn(base, access, {
      session_id: null,
      model_id: OFFLINE_MODEL_ID,
      prompt: { text: prompt },
      search_enabled: false,
    });
    expect(status).toBe(200);
    expect(events.at(-1)).toEqual({ type: 'done' });
    const text = textOf(events);
    expect(text).toContain('> 请帮我写一首关于秋天的诗，\n> 要有落叶和月亮');
    expect(text).toContain('离线演示模型');
    expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(20);
    const final = finalOf(events);
    expect(final).toMatchObject({
      status: 'complete',
      model_id: OFFLINE_MODEL_ID,
      model_name: '离线演示模型',
      title: '请帮我写一首关于秋天的诗， 要有落叶和月亮',
      error: null,
    });
    const usage = final.usage;
    if (!usage) throw new Error('no usage');
    expect(usage.input_tokens).toBeGreaterThan(0);
    expect(usage.output_tokens).toBeGreaterThan(100);
    const expected = Math.ceil(usage.input_tokens / 1000 + (usage.output_tokens / 1000) * 2);
    expect(final.credits_charged).toBe(expected);
    expect(final.credits_balance).toBe(1000 - expected);
    expect(await ledgerState(database, userId)).toMatchObject({
      balance: 1000 - expected,
      ledgerSum: 1000 - expected,
    });

    const sessionId = String(final.session_id);
    const detail = await server.inject({
      method: 'GET',
      url: `/api/chat/sessions/${sessionId}/`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({
      id: sessionId,
      title: final.title,
      total_credits_used: expected,
      model_id: OFFLINE_MODEL_ID,
    });
    expect(body.history).toHaveLength(2);
    expect(body.history[0]).toMatchObject({
      role: 'user',
      content: { text: prompt, files: [] },
      id: final.user_message_id,
    });
    expect(body.history[1]).toMatchObject({
      role: 'assistant',
      id: final.message_id,
      content: text,
      metadata: { status: 'complete', credits_charged: expected, usage },
    });

    // A second turn in the same session goes after the first pair and sees it as context.
    const second = await sendTurn(base, access, {
      session_id: sessionId,
      model_id: OFFLINE_MODEL_ID,
      prompt: { text: '再短一点' },
    });
    expect(finalOf(second.events)).toMatchObject({ session_id: sessionId, status: 'complete' });
    expect(textOf(second.events)).toContain('| 本会话第几轮 | 2 |');
    const again = await server.inject({
      method: 'GET',
      url: `/api/chat/sessions/${sessionId}/`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(again.json().history.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('pages the sessions, newest activity first, and deletes only its own', async () => {
    const server = await app(FAST);
    const base = await listen(server);
    const database = db().database.db;
    const alice = await signUp(server, database, 1000);
    const bob = await signUp(server, database, 1000);
    const ids: string[] = [];
    for (let i = 1; i <= 3; i += 1) {
      const { events } = await sendTurn(base, alice.access, {
        model_id: OFFLINE_MODEL_ID,
        prompt: { text: `第${i}个问题` },
      });
      ids.push(String(finalOf(events).session_id));
    }
    const list = (query: string, who = alice) =>
      server.inject({ method: 'GET', url: `/api/chat/sessions/${query}`, headers: who.auth });
    const first = await list('?page=1&page_size=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      count: 3,
      previous: null,
      next: '/api/chat/sessions/?page=2&page_size=2',
    });
    expect(first.json().results.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    const second = await list('?page=2&page_size=2');
    expect(second.json()).toMatchObject({
      count: 3,
      next: null,
      previous: '/api/chat/sessions/?page=1&page_size=2',
    });
    expect(second.json().results.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
    const defaults = await list('');
    expect(defaults.json().results).toHaveLength(3);
    expect(defaults.json().results[0]).toMatchObject({
      title: '第3个问题',
      total_credits_used: expect.any(Number),
    });

    // Bob sees nothing of Alice's and cannot reach her sessions in any way.
    expect((await list('', bob)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    const target = String(ids[0]);
    // Her chat, a made-up id and an address that is no id at all get the same 404: nothing tells Bob
    // that one of them exists.
    const answers = await Promise.all(
      [target, crypto.randomUUID(), 'not-a-uuid'].map((id) =>
        server.inject({ method: 'GET', url: `/api/chat/sessions/${id}/`, headers: bob.auth }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: '未找到' });
    }
    expect(
      (await server.inject({ method: 'DELETE', url: `/api/chat/sessions/${target}/`, headers: bob.auth }))
        .statusCode,
    ).toBe(404);
    const foreignTurn = await sendTurn(base, bob.access, {
      session_id: target,
      model_id: OFFLINE_MODEL_ID,
      prompt: { text: '偷看' },
    });
    expect(foreignTurn.status).toBe(404);
    expect(JSON.parse(foreignTurn.body)).toEqual({ detail: '未找到' });
    const rows = await database.select().from(chatMessages).where(eq(chatMessages.sessionId, target));
    expect(rows).toHaveLength(2);

    const deleted = await server.inject({
      method: 'DELETE',
      url: `/api/chat/sessions/${target}/`,
      headers: alice.auth,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await server.inject({ method: 'GET', url: `/api/chat/sessions/${target}/`, headers: alice.auth }))
        .statusCode,
    ).toBe(404);
    expect(await database.select().from(chatMessages).where(eq(chatMessages.sessionId, target))).toHaveLength(
      0,
    );
    expect((await list('')).json().count).toBe(2);
    // The credits spent stay spent: the ledger is history, not part of the session.
    expect((await ledgerState(database, alice.userId)).balance).toBe(
      (await ledgerState(database, alice.userId)).ledgerSum,
    );
  });

  it('answers bad input with clear Chinese errors, never a 500', async () => {
    const server = await app(FAST);
    const { auth } = await signUp(server, db().database.db);
    const post = (
      payload: unknown,
      headers: Record<string, string> = { 'content-type': 'application/json' },
    ) =>
      server.inject({
        method: 'POST',
        url: '/api/chat/turns/create-turn/',
        headers: { ...auth, ...headers },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const cases: [unknown, number, unknown][] = [
      [{ prompt: { text: 'hi' } }, 400, { errors: { model_id: ['该字段是必填项。'] } }],
      [{ model_id: OFFLINE_MODEL_ID }, 400, { errors: { prompt: ['该字段是必填项。'] } }],
      [
        { model_id: OFFLINE_MODEL_ID, prompt: { text: '   \n ' } },
        400,
        { errors: { 'prompt.text': ['请输入内容。'] } },
      ],
      [
        { model_id: 'gpt-9', prompt: { text: 'hi' } },
        400,
        { errors: { model_id: ['该模型不存在或已下线，请重新选择模型。'] } },
      ],
      [{ model_id: OFFLINE_MODEL_ID, prompt: 'hi' }, 400, { errors: { prompt: ['该字段应为对象。'] } }],
      [
        { model_id: OFFLINE_MODEL_ID, prompt: { text: 'x'.repeat(32_001) } },
        400,
        { errors: { 'prompt.text': ['长度不能超过 32000 个字符。'] } },
      ],
      [
        { model_id: OFFLINE_MODEL_ID, prompt: { text: 'hi' }, session_id: 'not-a-uuid' },
        404,
        { detail: '未找到' },
      ],
      [
        {
          model_id: OFFLINE_MODEL_ID,
          prompt: { text: 'hi' },
          session_id: '00000000-0000-4000-8000-000000000000',
        },
        404,
        { detail: '未找到' },
      ],
      ['[1,2]', 400, { non_field_errors: ['无效的数据，应为 JSON 对象。'] }],
      ['{"model_id":', 400, { detail: '请求体不是有效的 JSON。' }],
    ];
    for (const [payload, status, body] of cases) {
      const res = await post(payload);
      expect({ payload, status: res.statusCode, body: res.json() }).toEqual({ payload, status, body });
    }
    const multipart = await post(
      '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--x--\r\n',
      {
        'content-type': 'multipart/form-data; boundary=x',
      },
    );
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json().errors).toHaveProperty('model_id');
    const badPage = await server.inject({
      method: 'GET',
      url: '/api/chat/sessions/?page=0&page_size=abc',
      headers: auth,
    });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().errors).toMatchObject({
      page: [expect.any(String)],
      page_size: [expect.any(String)],
    });
    expect(
      (await server.inject({ method: 'GET', url: '/api/chat/sessions/zzz/', headers: auth })).statusCode,
    ).toBe(404);
    expect(
      (await server.inject({ method: 'DELETE', url: '/api/chat/sessions/zzz/', headers: auth })).statusCode,
    ).toBe(404);
    expect((await server.inject({ method: 'GET', url: '/api/chat/sessions/' })).statusCode).toBe(401);
  });

  it('refuses a turn the balance cannot cover before any stream, leaving no trace', async () => {
    const server = await app(FAST);
    const base = await listen(server);
    const database = db().database.db;
    const { access, userId } = await signUp(server, database, 0);
    const refused = await sendTurn(base, access, { model_id: OFFLINE_MODEL_ID, prompt: { text: '你好' } });
    const { status, response } = refused;
    expect(status).toBe(402);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(refused.body)).toEqual({
      detail: '积分不足：本次对话至少需要 1 积分，当前余额 0 积分。',
      code: 'insufficient_credits',
    });
    expect(await database.select().from(chatSessions).where(eq(chatSessions.userId, userId))).toHaveLength(0);
    expect(await ledgerState(database, userId)).toEqual({ balance: 0, ledgerSum: 0, rows: 2 });
  });

  it('answers with a free model even at a zero balance, writing nothing to the ledger', async () => {
    const free = JSON.stringify({
      providers: [{ type: 'offline', models: [{ id: 'free-demo', name: '免费演示' }] }],
    });
    const server = await app({ ...FAST, MODELS_CONFIG_JSON: free });
    const base = await listen(server);
    const database = db().database.db;
    const { access, userId } = await signUp(server, database, 0);
    const { status, events } = await sendTurn(base, access, {
      model_id: 'free-demo',
      prompt: { text: '免费吗' },
    });
    expect(status).toBe(200);
    expect(finalOf(events)).toMatchObject({ status: 'complete', credits_charged: 0, credits_balance: 0 });
    expect(await ledgerState(database, userId)).toEqual({ balance: 0, ledgerSum: 0, rows: 2 });
  });

  it('never overdraws under many simultaneous turns, and the ledger sums to the balance', async () => {
    const server = await app({ ...FAST, OFFLINE_MODEL_CHUNK_DELAY: '2ms' });
    const base = await listen(server);
    const database = db().database.db;
    const { access, userId } = await signUp(server, database, 12);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        sendTurn(base, access, { model_id: OFFLINE_MODEL_ID, prompt: { text: `并发问题 ${i}` } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 402)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 402).length).toBeGreaterThan(0);
    const state = await ledgerState(database, userId);
    expect(state.balance).toBeGreaterThanOrEqual(0);
    expect(state.ledgerSum).toBe(state.balance);
    const charged = results
      .filter((r) => r.status === 200)
      .reduce((sum, r) => sum + (finalOf(r.events).credits_charged ?? 0), 0);
    expect(12 - charged).toBe(state.balance);
    const rows = await database
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId)));
    expect(rows.every((row) => row.balanceAfter >= 0)).toBe(true);
  });

  it('keeps the partial answer as stopped and charges only what was generated when the client goes away', async () => {
    const server = await app({ ...FAST, OFFLINE_MODEL_CHUNK_DELAY: '20ms' });
    const base = await listen(server);
    const database = db().database.db;
    const { access, userId } = await signUp(server, database, 1000);
    const turn = rawTurn(base, access, { model_id: OFFLINE_MODEL_ID, prompt: { text: '讲一个很长的故事' } });
    await turn.textFrames(5);
    turn.abort();
    let answer: typeof chatMessages.$inferSelect | undefined;
    await waitFor(async () => {
      [answer] = await database
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.role, 'assistant')));
      return answer?.status === 'stopped';
    });
    if (!answer) throw new Error('no answer');
    expect(answer.text.length).toBeGreaterThan(5);
    expect(answer.text.length).toBeLessThan(400);
    expect(answer.usageEstimated).toBe(true);
    const full = Math.ceil((answer.inputTokens ?? 0) / 1000 + ((answer.outputTokens ?? 0) / 1000) * 2);
    expect(answer.creditsCharged).toBe(full);
    await waitFor(async () => (await ledgerState(database, userId)).balance === 1000 - full);
    expect(await ledgerState(database, userId)).toMatchObject({
      balance: 1000 - full,
      ledgerSum: 1000 - full,
    });
  });
});

describe.each(databaseKinds)('recovery of interrupted turns on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('refunds whole the holds of turns that died before writing their rows, and no other', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const { userId } = await signUp(server, database, 100);
    const config = await testConfig(FAST);
    const registry = testCatalog(database, config);
    const silent = pino({ level: 'silent' });
    const chat = new ChatService(database, registry, config.chat, silent);
    const assistant = new AssistantService(database, registry, config.chat, silent);
    const hold = (reference: string, full: number) =>
      holdCredits(database, { userId, reference, full, minimum: 1, note: '预扣', kind: 'chat' });
    // Killed between the hold and the rows: a chat turn with its web search, an assistant question.
    const lost = crypto.randomUUID();
    const lostDoc = crypto.randomUUID();
    await hold(`turn:${lost}`, 30);
    await hold(`turn:${lost}:search`, 5);
    await hold(`doc-turn:${lostDoc}`, 20);
    // A turn that has only just been held for (its rows are on their way) is left alone.
    await hold(`turn:${crypto.randomUUID()}`, 7);
    const old = new Date(Date.now() - 3600_000);
    await database
      .update(creditLedger)
      .set({ createdAt: old })
      .where(inArray(creditLedger.reference, [`turn:${lost}`, `turn:${lost}:search`, `doc-turn:${lostDoc}`]));
    expect(await ledgerState(database, userId)).toMatchObject({ balance: 38, ledgerSum: 38 });

    expect(await chat.recoverInterrupted(60_000)).toBe(2);
    expect(await assistant.recoverInterrupted(60_000)).toBe(1);
    // Everything back but the fresh hold.
    expect(await ledgerState(database, userId)).toMatchObject({ balance: 93, ledgerSum: 93 });
    expect(await chat.recoverInterrupted(60_000)).toBe(0);
    expect(await assistant.recoverInterrupted(60_000)).toBe(0);
  });

  it('settles an answer a dead process left streaming: stopped, charged for its text, the rest refunded', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const { userId } = await signUp(server, database, 100);
    const config = await testConfig(FAST);
    const registry = testCatalog(database, config);
    const chat = new ChatService(database, registry, config.chat, pino({ level: 'silent' }));
    const turnId = crypto.randomUUID();
    const [session] = await database.insert(chatSessions).values({ userId, title: '断电前' }).returning();
    if (!session) throw new Error('no session');
    const old = new Date(Date.now() - 3600_000);
    await database.insert(chatMessages).values([
      { sessionId: session.id, turnId, position: 0, role: 'user', text: '你好', status: 'complete' },
      {
        sessionId: session.id,
        turnId,
        position: 1,
        role: 'assistant',
        text: '已经生成的一部分回答',
        status: 'streaming',
        modelId: OFFLINE_MODEL_ID,
        modelName: '离线演示模型',
        updatedAt: old,
      },
    ]);
    await applyCreditChange(database, { userId, delta: -9, kind: 'chat', reference: `turn:${turnId}` });
    expect(await chat.recoverInterrupted(60_000)).toBe(1);
    const [answer] = await database.select().from(chatMessages).where(eq(chatMessages.role, 'assistant'));
    // 10 characters of answer and 6 tokens of prompt at 1 and 2 credits per 1000 tokens: 1 credit.
    expect(answer).toMatchObject({
      status: 'stopped',
      creditsCharged: 1,
      usageEstimated: true,
      error: '服务器意外中断，回答未能完成。',
    });
    expect(await ledgerState(database, userId)).toMatchObject({ balance: 99, ledgerSum: 99 });
    // Settled once: a second sweep finds nothing to do.
    expect(await chat.recoverInterrupted(60_000)).toBe(0);
  });
});
