import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { chatMessages } from '../src/db/schema';
import { errorOf, finalOf, ledgerState, rawTurn, sendTurn, signUp, textOf, waitFor } from './chat-support';
import { type FakeOpenAI, fakeModelsConfig, startFakeOpenAI } from './fake-openai';
import { databaseKinds, listen, testConfig, useApps, useTestDatabase } from './helpers';

const MODELS = [
  'stream',
  'no-usage',
  'error-mid',
  'drop-mid',
  'think-then-drop',
  'slow',
  'silent',
  'status-500',
  'status-401',
  'status-429',
  'status-400',
];

describe.each(databaseKinds)('chat through an OpenAI-compatible provider on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);
  let upstream: FakeOpenAI;

  beforeAll(async () => {
    upstream = await startFakeOpenAI({ slowIntervalMs: 15 });
  });
  afterAll(async () => {
    await upstream.close();
  });

  const env = () => ({
    MODELS_CONFIG_JSON: fakeModelsConfig(upstream.baseURL, MODELS, { input: 1, output: 2 }),
    RATE_LIMIT_MAX: '100000',
    MODEL_RETRIES: '0',
  });

  async function setup(extra: Record<string, string> = {}, balance = 1000) {
    const server = await app({ ...env(), ...extra });
    const base = await listen(server);
    const user = await signUp(server, db().database.db, balance);
    return { server, base, ...user };
  }

  async function answerRow(messageId: string) {
    const [row] = await db().database.db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    if (!row) throw new Error('no stored answer');
    return row;
  }

  it('offers the configured models and not the offline one', async () => {
    const { server, auth } = await setup();
    const res = await server.inject({ method: 'GET', url: '/api/models/', headers: auth });
    const models = res.json().models as { id: string; provider: string; is_default: boolean }[];
    expect(models.map((model) => model.id)).toEqual(MODELS);
    expect(models.every((model) => model.provider === 'openai-compatible')).toBe(true);
    expect(models.filter((model) => model.is_default).map((model) => model.id)).toEqual(['stream']);
  });

  it('relays the stream, asks for usage, and charges from the usage the provider reports', async () => {
    const { base, access, userId } = await setup();
    const before = upstream.requests.length;
    const { events } = await sendTurn(base, access, { model_id: 'stream', prompt: { text: '你好' } });
    expect(textOf(events)).toBe('你好，这是模拟的回答。');
    const sent = upstream.requests[before];
    expect(sent?.body).toMatchObject({
      model: 'stream',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: '你好' }],
    });
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    // 1200 input and 800 output tokens at 1 and 2 credits per 1000: ceil(1.2 + 1.6) = 3.
    const final = finalOf(events);
    expect(final).toMatchObject({
      status: 'complete',
      usage: { input_tokens: 1200, output_tokens: 800, total_tokens: 2000, estimated: false },
      credits_charged: 3,
      credits_balance: 997,
    });
    expect(await ledgerState(db().database.db, userId)).toMatchObject({ balance: 997, ledgerSum: 997 });

    // The next turn of the session carries the earlier exchange as context.
    const next = await sendTurn(base, access, {
      session_id: final.session_id,
      model_id: 'stream',
      prompt: { text: '继续' },
    });
    expect(finalOf(next.events).status).toBe('complete');
    expect(upstream.requests.at(-1)?.body.messages).toEqual([
      { role: 'user', content: '你好' },
      { role: 'assistant', content: '你好，这是模拟的回答。' },
      { role: 'user', content: '继续' },
    ]);
  });

  it('estimates the usage when the provider reports none', async () => {
    const { base, access } = await setup();
    const { events } = await sendTurn(base, access, { model_id: 'no-usage', prompt: { text: '你好' } });
    const final = finalOf(events);
    expect(final.status).toBe('complete');
    // Eleven Chinese characters and punctuation marks, one token each.
    expect(final.usage).toMatchObject({ estimated: true, output_tokens: 11 });
    expect(final.credits_charged).toBe(1);
  });

  it('turns an error in the middle of the stream into an error event, keeping and charging the partial answer', async () => {
    const { base, access, userId } = await setup();
    const { events } = await sendTurn(base, access, { model_id: 'error-mid', prompt: { text: '你好' } });
    expect(textOf(events)).toBe('部分回答');
    expect(errorOf(events)).toEqual({
      type: 'error',
      message: '模型服务中断了回答：upstream overloaded',
      code: 'provider_error',
    });
    const types = events.map((event) => event.type);
    expect(types.slice(-3)).toEqual(['error', 'final_data', 'done']);
    const final = finalOf(events);
    expect(final).toMatchObject({
      status: 'error',
      error: '模型服务中断了回答：upstream overloaded',
      credits_charged: 1,
    });
    const row = await answerRow(String(final.message_id));
    expect(row).toMatchObject({ status: 'error', text: '部分回答', creditsCharged: 1 });
    expect(await ledgerState(db().database.db, userId)).toMatchObject({ balance: 999, ledgerSum: 999 });
  });

  it('handles a connection cut in the middle of the stream', async () => {
    const { base, access } = await setup();
    const { events } = await sendTurn(base, access, { model_id: 'drop-mid', prompt: { text: '你好' } });
    // What came before the cut is relayed (a piece still in flight when it broke may be lost).
    expect(textOf(events)).toMatch(/^部分/);
    expect(errorOf(events)).toEqual({
      type: 'error',
      message: '模型服务中断了回答，请稍后重试。',
      code: 'provider_error',
    });
    expect(finalOf(events).status).toBe('error');
    expect(events.at(-1)).toEqual({ type: 'done' });
  });

  it.each([
    ['status-500', 'provider_unavailable', '模型服务暂时不可用（HTTP 500），请稍后重试。'],
    ['status-401', 'provider_auth', '模型服务拒绝了访问（HTTP 401），请联系管理员检查 API 密钥配置。'],
    ['status-429', 'provider_rate_limited', '模型服务繁忙（请求过于频繁），请稍后重试。'],
    ['status-400', 'provider_error', '模型服务拒绝了请求（HTTP 400）：upstream says 400'],
  ])('reports %s before the first token clearly and charges nothing', async (model, code, message) => {
    const { base, access, userId } = await setup();
    const { status, events } = await sendTurn(base, access, { model_id: model, prompt: { text: '你好' } });
    expect(status).toBe(200);
    expect(errorOf(events)).toEqual({ type: 'error', message, code });
    expect(finalOf(events)).toMatchObject({
      status: 'error',
      credits_charged: 0,
      usage: null,
      credits_balance: 1000,
    });
    const state = await ledgerState(db().database.db, userId);
    expect(state).toMatchObject({ balance: 1000, ledgerSum: 1000 });
    // The sign-up grant, then the hold and its full refund.
    expect(state.rows).toBe(3);
  });

  it('charges a stream cut short for the reasoning it generated as well as its text', async () => {
    const { base, access } = await setup();
    const { events } = await sendTurn(base, access, {
      model_id: 'think-then-drop',
      prompt: { text: '你好' },
    });
    // 30 × 108 characters of English reasoning, about 810 tokens, and 4 of answer: (6 + 814 × 2) / 1000.
    const final = finalOf(events);
    expect(final.usage).toMatchObject({ estimated: true, input_tokens: 6, output_tokens: 814 });
    expect(final.credits_charged).toBe(2);
  });

  it('reports an unreachable provider', async () => {
    const { base, access } = await setup({
      MODELS_CONFIG_JSON: fakeModelsConfig('http://127.0.0.1:9/v1', ['nowhere']),
    });
    const { events } = await sendTurn(base, access, { model_id: 'nowhere', prompt: { text: '你好' } });
    expect(errorOf(events)).toEqual({
      type: 'error',
      message: '无法连接到模型服务，请稍后重试。',
      code: 'provider_unreachable',
    });
    expect(finalOf(events).credits_charged).toBe(0);
  });

  it('gives up on a provider that sends nothing, at no cost', async () => {
    const { base, access, userId } = await setup({ MODEL_FIRST_TOKEN_TIMEOUT: '1s' });
    const before = upstream.requests.length;
    const started = Date.now();
    const { events } = await sendTurn(base, access, { model_id: 'silent', prompt: { text: '你好' } });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(errorOf(events)).toEqual({
      type: 'error',
      message: '模型服务响应超时（1 秒内没有返回内容），请稍后重试。',
      code: 'provider_timeout',
    });
    expect(finalOf(events)).toMatchObject({ status: 'error', credits_charged: 0 });
    await waitFor(() => upstream.requests[before]?.aborted === true);
    expect((await ledgerState(db().database.db, userId)).balance).toBe(1000);
  });

  it('cancels the upstream request when the client goes away, keeping the partial answer as stopped', async () => {
    const { base, access, userId } = await setup();
    const before = upstream.requests.length;
    const turn = rawTurn(base, access, { model_id: 'slow', prompt: { text: '慢慢说' } });
    await turn.textFrames(5);
    turn.abort();
    const request = upstream.requests[before];
    if (!request) throw new Error('the upstream was never called');
    await request.closed;
    expect(request.aborted).toBe(true);
    expect(request.chunks).toBeLessThan(200);
    let stored: Awaited<ReturnType<typeof answerRow>> | undefined;
    await waitFor(async () => {
      const rows = await db()
        .database.db.select()
        .from(chatMessages)
        .where(eq(chatMessages.role, 'assistant'));
      stored = rows[0];
      return stored?.status === 'stopped';
    });
    if (!stored) throw new Error('no answer');
    expect(stored.text).toMatch(/^片段1 片段2 片段3 片段4 片段5 /);
    expect(stored.usageEstimated).toBe(true);
    const cost = Math.ceil((stored.inputTokens ?? 0) / 1000 + ((stored.outputTokens ?? 0) / 1000) * 2);
    expect(stored.creditsCharged).toBe(cost);
    await waitFor(async () => (await ledgerState(db().database.db, userId)).balance === 1000 - cost);
    expect(await ledgerState(db().database.db, userId)).toMatchObject({
      balance: 1000 - cost,
      ledgerSum: 1000 - cost,
    });
  });

  it('stores the answer while it streams, so another tab sees it grow', async () => {
    const { server, base, access, auth } = await setup();
    const turn = rawTurn(base, access, { model_id: 'slow', prompt: { text: '慢慢说' } });
    await turn.textFrames(3);
    // The rows are written just after the first pieces go out, so the session may appear a moment later.
    const listed = async () =>
      (await server.inject({ method: 'GET', url: '/api/chat/sessions/', headers: auth })).json().results as {
        id: string;
      }[];
    await waitFor(async () => (await listed()).length > 0);
    const sessionId = (await listed())[0]?.id as string;
    const seen = async () => {
      const res = await server.inject({
        method: 'GET',
        url: `/api/chat/sessions/${sessionId}/`,
        headers: auth,
      });
      return res.json().history[1] as { content: string; metadata: { status: string } };
    };
    // Stored every few hundred milliseconds while it streams: the stored text catches up, still streaming.
    await waitFor(async () => /^片段1 片段2 /.test((await seen()).content));
    const partial = await seen();
    expect(partial.metadata.status).toBe('streaming');
    expect(partial.content).toMatch(/^片段1 片段2 /);
    turn.abort();
    await waitFor(async () => (await seen()).metadata.status === 'stopped');
  });

  it('stops, stores and settles running answers when the server shuts down', async () => {
    const server = await buildApp(await testConfig(env()), { database: db().database });
    await server.ready();
    const base = await listen(server);
    const { access, userId } = await signUp(server, db().database.db, 1000);
    const turn = rawTurn(base, access, { model_id: 'slow', prompt: { text: '慢慢说' } });
    await turn.textFrames(3);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await turn.ended;
    expect(turn.received).toContain('服务器正在重启，回答已中断，请稍后重试。');
    expect(turn.received).toContain('"type":"final_data"');
    expect(turn.received.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const [answer] = await db()
      .database.db.select()
      .from(chatMessages)
      .where(eq(chatMessages.role, 'assistant'));
    expect(answer?.status).toBe('error');
    expect(answer?.text).toMatch(/^片段1 片段2 片段3 /);
    const state = await ledgerState(db().database.db, userId);
    expect(state.balance).toBe(1000 - (answer?.creditsCharged ?? 0));
    expect(state.ledgerSum).toBe(state.balance);
  });

  it('cuts the answer to what a small balance pays for, and never charges beyond it', async () => {
    const { base, access, userId } = await setup({}, 2);
    const before = upstream.requests.length;
    const { events } = await sendTurn(base, access, { model_id: 'stream', prompt: { text: '你好' } });
    // The whole balance is held and the answer limited to what it pays for after the prompt (6 tokens):
    // (2 − 6/1000 × 1) / 2 × 1000 = 997 output tokens.
    expect(upstream.requests[before]?.body.max_tokens).toBe(997);
    // The fake reports 1200 + 800 tokens (3 credits), more than the 2 held: the balance stops at zero.
    expect(finalOf(events)).toMatchObject({ credits_charged: 2, credits_balance: 0 });
    expect(await ledgerState(db().database.db, userId)).toMatchObject({ balance: 0, ledgerSum: 0 });
  });

  it('keeps the balance whole when simultaneous turns race for it, and calls the provider only for those it pays for', async () => {
    // 20 credits; a full answer holds ceil(6/1000 + 4096/1000 × 2) = 9 and really costs 3. Every request
    // sees 20 when it signs in; the holds decide, one at a time, and only a turn whose hold was taken calls
    // the provider (a call for a refused turn would be paid upstream and never here).
    const { base, access, userId } = await setup({}, 20);
    const before = upstream.requests.length;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        sendTurn(base, access, { model_id: 'stream', prompt: { text: '你好' } }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(results.every((r) => r.status === 200 || r.status === 402)).toBe(true);
    expect(ok.length).toBeGreaterThan(1);
    expect(ok.length).toBeLessThan(results.length);
    expect(upstream.requests.length - before).toBe(ok.length);
    let charged = 0;
    for (const r of ok) {
      const final = finalOf(r.events);
      expect(final.status).toBe('complete');
      // 3, or less for a turn whose hold was cut to the last credits of the balance.
      expect(final.credits_charged).toBeGreaterThan(0);
      expect(final.credits_charged).toBeLessThanOrEqual(3);
      charged += final.credits_charged ?? 0;
    }
    const state = await ledgerState(db().database.db, userId);
    expect(state).toMatchObject({ balance: 20 - charged, ledgerSum: 20 - charged });
    expect(state.balance).toBeGreaterThanOrEqual(0);
  });
});

describe('the OpenAI and Anthropic provider types', () => {
  const db = useTestDatabase('pglite');
  const app = useApps(db);
  let upstream: FakeOpenAI;

  beforeAll(async () => {
    upstream = await startFakeOpenAI();
  });
  afterAll(async () => {
    await upstream.close();
  });

  it.each([
    ['openai', 'gpt-4o-mini'],
    ['anthropic', 'claude-sonnet-4-5'],
  ])('streams through the %s provider with its usage', async (type, model) => {
    const config = JSON.stringify({
      providers: [
        {
          type,
          base_url: upstream.baseURL,
          api_key: 'sk-test',
          models: [{ id: model, input_price_credits: 1, output_price_credits: 2 }],
        },
      ],
    });
    const server = await app({ MODELS_CONFIG_JSON: config, RATE_LIMIT_MAX: '100000', MODEL_RETRIES: '0' });
    const base = await listen(server);
    const { access } = await signUp(server, db().database.db, 1000);
    const before = upstream.requests.length;
    const { events } = await sendTurn(base, access, { model_id: model, prompt: { text: '你好' } });
    expect(textOf(events)).toBe('你好，这是模拟的回答。');
    expect(finalOf(events)).toMatchObject({
      status: 'complete',
      usage: { input_tokens: 1200, output_tokens: 800, estimated: false },
      credits_charged: 3,
    });
    const sent = upstream.requests[before];
    expect(sent?.model).toBe(model);
    expect(sent?.body.stream).toBe(true);
    if (type === 'anthropic') {
      expect(sent?.headers['x-api-key']).toBe('sk-test');
      expect(sent?.body.max_tokens).toBe(4096);
    } else {
      expect(sent?.headers.authorization).toBe('Bearer sk-test');
      expect(sent?.body.stream_options).toEqual({ include_usage: true });
    }
  });
});
