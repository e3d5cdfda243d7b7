import { Writable } from 'node:stream';
import { and, eq, like } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { creditLedger } from '../src/db/schema';
import { loggerOptions } from '../src/logger';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { SearchError, WebSearch } from '../src/modules/search';
import type { SearchProviderKind } from '../src/modules/search/types';
import { finalOf, ledgerState, sendTurn, signUp, textOf } from './chat-support';
import { type FakeOpenAI, fakeModelsConfig, startFakeOpenAI } from './fake-openai';
import { type FakeSearch, startFakeSearch } from './fake-search';
import { databaseKinds, listen, testConfig, useApps, useTestDatabase } from './helpers';

let fake: FakeSearch;
beforeAll(async () => {
  fake = await startFakeSearch({ slowMs: 3000 });
});
afterAll(async () => {
  await fake.close();
});

const PROVIDERS: SearchProviderKind[] = ['searxng', 'tavily', 'bocha'];

function webSearch(kind: SearchProviderKind, overrides: { key?: string; timeout?: number } = {}) {
  return new WebSearch({
    kind,
    baseUrl: fake.baseURL,
    apiKey: overrides.key ?? fake.key,
    timeout: overrides.timeout ?? 5,
    maxResults: 2,
    price: 0,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<SearchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SearchError) return error;
    throw error;
  }
  throw new Error('the search did not fail');
}

describe.each(PROVIDERS)('web search through %s', (kind) => {
  const search = (query: string, overrides?: { key?: string; timeout?: number }) =>
    webSearch(kind, overrides).search(query, new AbortController().signal);

  it('numbers the results from 1, cut to the configured count, with their pages and sites', async () => {
    const sources = await search('2026 年全国两会');
    expect(sources).toHaveLength(2);
    expect(sources.map((source) => source.index)).toEqual([1, 2]);
    expect(sources[0]).toMatchObject({
      title: '2026 年全国两会（来源 1）',
      url: `${fake.baseURL}/page/1?q=${encodeURIComponent('2026 年全国两会')}`,
      snippet: expect.stringContaining('第 1 条关于“2026 年全国两会”'),
      site: kind === 'bocha' ? '新华网' : '127.0.0.1',
    });
    const request = fake.requests.at(-1);
    expect(request?.provider).toBe(kind);
    if (kind !== 'searxng') expect(request?.authorization).toBe(`Bearer ${fake.key}`);
  });

  it('answers no sources when nothing is found', async () => {
    expect(await search('nothing at all')).toEqual([]);
  });

  it('says the key is refused', async () => {
    const failure = await failureOf(search('fail-401'));
    expect(failure.code).toBe('auth');
    expect(failure.message).toContain('HTTP 401');
    expect(failure.message).toContain('本次回答未联网');
  });

  it('says the engine is busy, down or out of quota', async () => {
    expect((await failureOf(search('fail-429'))).message).toBe(
      '搜索服务繁忙（请求过于频繁），本次回答未联网。',
    );
    expect((await failureOf(search('fail-500'))).message).toBe(
      '搜索服务暂时不可用（HTTP 500），本次回答未联网。',
    );
    const quota = await failureOf(search('fail-quota'));
    if (kind === 'searxng') expect(quota.code).toBe('quota');
    else if (kind === 'tavily') expect(quota.message).toContain("exceeds your plan's set usage limit");
    else expect(quota.message).toContain('余额不足');
  });

  it('refuses an answer of the wrong shape', async () => {
    const failure = await failureOf(search('fail-malformed'));
    expect(failure.code).toBe('bad_response');
    expect(failure.message).toBe('搜索服务返回了无法识别的结果，本次回答未联网。');
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    const failure = await failureOf(search('fail-slow', { timeout: 1 }));
    expect(failure.code).toBe('timeout');
    expect(failure.message).toBe('搜索服务超时（1 秒内没有结果），本次回答未联网。');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('says the engine cannot be reached', async () => {
    const closed = new WebSearch({
      kind,
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      timeout: 5,
      maxResults: 2,
      price: 0,
    });
    const failure = await failureOf(closed.search('天气', new AbortController().signal));
    expect(failure.message).toBe('无法连接到搜索服务，本次回答未联网。');
  });
});

describe('provider specifics', () => {
  it('Tavily and Bocha refuse a wrong key', async () => {
    for (const kind of ['tavily', 'bocha'] as const) {
      const failure = await failureOf(
        webSearch(kind, { key: 'wrong' }).search('天气', new AbortController().signal),
      );
      expect(failure.code).toBe('auth');
    }
  });

  it('Bocha: an error code in an HTTP 200 is an error with its message', async () => {
    const failure = await failureOf(webSearch('bocha').search('fail-code', new AbortController().signal));
    expect(failure.message).toBe(
      '搜索服务拒绝了请求（HTTP 400：参数错误：query 不能为空），本次回答未联网。',
    );
  });

  it('SearXNG: an instance without the JSON format is named as such', async () => {
    const failure = await failureOf(webSearch('searxng').search('fail-403', new AbortController().signal));
    expect(failure.message).toContain('settings.yml 的 search.formats 中加入 json');
  });
});

describe('search configuration', () => {
  it('is off by default', async () => {
    expect((await testConfig()).chat.search).toBeNull();
  });

  it('names what a provider lacks', async () => {
    await expect(testConfig({ SEARCH_PROVIDER: 'tavily' })).rejects.toThrow(/SEARCH_API_KEY/);
    await expect(testConfig({ SEARCH_PROVIDER: 'searxng' })).rejects.toThrow(/SEARCH_BASE_URL/);
    await expect(testConfig({ SEARCH_PROVIDER: 'google' })).rejects.toThrow(/SEARCH_PROVIDER/);
    await expect(
      testConfig({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: 'ftp://example.com' }),
    ).rejects.toThrow(/SEARCH_BASE_URL/);
  });

  it('keeps the key out of its error messages', async () => {
    await expect(
      testConfig({ SEARCH_PROVIDER: 'bocha', SEARCH_API_KEY: 'sk-secret', SEARCH_TIMEOUT: '0' }),
    ).rejects.toThrow(/^((?!sk-secret)[\s\S])*$/);
  });

  it('gives Bocha and Tavily their public endpoints', async () => {
    const config = await testConfig({ SEARCH_PROVIDER: 'bocha', SEARCH_API_KEY: 'k' });
    expect(config.chat.search).toMatchObject({
      kind: 'bocha',
      baseUrl: 'https://api.bochaai.com',
      maxResults: 5,
    });
  });
});

describe.each(databaseKinds)('chat turns with web search on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  const searchEnv = (provider: SearchProviderKind, extra: Record<string, string> = {}) => ({
    SEARCH_PROVIDER: provider,
    SEARCH_BASE_URL: fake.baseURL,
    SEARCH_API_KEY: fake.key,
    SEARCH_TIMEOUT: '1s',
    OFFLINE_MODEL_CHUNK_DELAY: '0',
    ...extra,
  });

  async function setup(env: Record<string, string>, balance = 1000) {
    const server = await app(env);
    const base = await listen(server);
    const user = await signUp(server, db().database.db, balance);
    const models = (await server.inject({ method: 'GET', url: '/api/models/', headers: user.auth })).json()
      .models as { id: string; web_search: boolean; search_price_credits: number }[];
    return { server, base, models, ...user };
  }

  async function searchLedger(userId: string) {
    return db()
      .database.db.select({ delta: creditLedger.delta, kind: creditLedger.kind, note: creditLedger.note })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), like(creditLedger.reference, '%:search')));
  }

  it('the model list says whether search is available, and at what price', async () => {
    const off = await setup({});
    expect(off.models.every((model) => model.web_search === false)).toBe(true);
    const on = await setup(searchEnv('searxng', { SEARCH_PRICE_CREDITS: '2' }));
    expect(on.models.every((model) => model.web_search && model.search_price_credits === 2)).toBe(true);
  });

  it.each(PROVIDERS)(
    'searches through %s, shows the step, and the offline model cites the results',
    async (provider) => {
      const { base, access, models, server, auth } = await setup(searchEnv(provider));
      const turn = await sendTurn(base, access, {
        model_id: models[0]?.id,
        prompt: { text: '今天  上海的\n天气' },
        search_enabled: true,
      });
      expect(turn.status).toBe(200);
      const steps = turn.events.filter((event) => event.type === 'search');
      expect(steps.map((event) => event.type === 'search' && event.search)).toEqual([
        { status: 'searching', query: '今天 上海的 天气' },
        { status: 'done', query: '今天 上海的 天气', count: 3 },
      ]);
      // The step comes before any of the answer.
      expect(turn.events.findIndex((event) => event.type === 'text')).toBeGreaterThan(
        turn.events.findIndex((event) => event.type === 'search' && event.search.status === 'done'),
      );
      const text = textOf(turn.events);
      expect(text).toContain('[1]');
      expect(text).toContain('[3]');
      expect(text).toContain('今天 上海的 天气（来源 2）');
      const final = finalOf(turn.events);
      expect(final.status).toBe('complete');
      expect(final.search).toEqual({ query: '今天 上海的 天气', status: 'done', count: 3, error: null });
      expect(final.sources?.map((source) => source.index)).toEqual([1, 2, 3]);
      expect(final.sources?.[0]?.url).toContain(`${fake.baseURL}/page/1`);

      // After a reload the sources are still there, with the answer.
      const detail = await server.inject({
        method: 'GET',
        url: `/api/chat/sessions/${final.session_id}/`,
        headers: auth,
      });
      const answer = detail.json().history[1];
      expect(answer.metadata.sources).toEqual(final.sources);
      expect(answer.metadata.search).toMatchObject({ status: 'done', count: 3 });
    },
  );

  it('a real model is given the results before the conversation', async () => {
    const upstream: FakeOpenAI = await startFakeOpenAI();
    try {
      const { base, access } = await setup({
        ...searchEnv('tavily'),
        MODELS_CONFIG_JSON: fakeModelsConfig(upstream.baseURL, ['stream'], { input: 0, output: 0 }),
      });
      const turn = await sendTurn(base, access, {
        model_id: 'stream',
        prompt: { text: '新能源汽车销量' },
        search_enabled: true,
      });
      expect(finalOf(turn.events).status).toBe('complete');
      const sent = upstream.requests.at(-1)?.body.messages as { role: string; content: string }[];
      expect(sent[0]?.role).toBe('system');
      expect(sent[0]?.content).toContain('[1] 新能源汽车销量（来源 1）');
      expect(sent[0]?.content).toContain(`网址：${fake.baseURL}/page/1`);
      expect(sent.at(-1)).toMatchObject({ role: 'user', content: '新能源汽车销量' });
    } finally {
      await upstream.close();
    }
  });

  it('a failing provider is a note, and the model answers without search', async () => {
    const { base, access, models } = await setup(searchEnv('bocha'));
    const turn = await sendTurn(base, access, {
      model_id: models[0]?.id,
      prompt: { text: 'fail-500 怎么办' },
      search_enabled: true,
    });
    const steps = turn.events.filter((event) => event.type === 'search');
    expect(steps.at(-1)).toEqual({
      type: 'search',
      search: {
        status: 'failed',
        query: 'fail-500 怎么办',
        message: '搜索服务暂时不可用（HTTP 500），本次回答未联网。',
      },
    });
    expect(turn.events.some((event) => event.type === 'error')).toBe(false);
    const final = finalOf(turn.events);
    expect(final.status).toBe('complete');
    expect(final.sources).toEqual([]);
    expect(final.search).toMatchObject({
      status: 'failed',
      error: '搜索服务暂时不可用（HTTP 500），本次回答未联网。',
    });
    expect(textOf(turn.events)).toContain('离线演示模型');
  });

  it('a provider that times out is a note too', async () => {
    const { base, access, models } = await setup(searchEnv('tavily'));
    const turn = await sendTurn(base, access, {
      model_id: models[0]?.id,
      prompt: { text: 'fail-slow 的问题' },
      search_enabled: true,
    });
    expect(finalOf(turn.events).search).toMatchObject({
      status: 'failed',
      error: '搜索服务超时（1 秒内没有结果），本次回答未联网。',
    });
    expect(finalOf(turn.events).status).toBe('complete');
  });

  it('with no provider configured the user reads that search is not offered, the log says why', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = await testConfig({ LOG_LEVEL: 'info' });
    const server = await buildApp(config, {
      database: db().database,
      logger: pino(loggerOptions(config), sink),
    });
    try {
      const base = await listen(server);
      const { access } = await signUp(server, db().database.db, 1000);
      const turn = await sendTurn(base, access, {
        model_id: OFFLINE_MODEL_ID,
        prompt: { text: '搜一下' },
        search_enabled: true,
      });
      const final = finalOf(turn.events);
      expect(final.status).toBe('complete');
      expect(final.search).toMatchObject({ status: 'failed', error: '联网搜索暂未开通，本次回答未联网。' });
      // Words for the user, not for the operator.
      expect(final.search?.error).not.toMatch(/服务器|配置|SEARCH_/);
      const warning = lines.map((line) => JSON.parse(line)).find((entry) => /web search/.test(entry.msg));
      expect(warning).toMatchObject({ level: 40 });
      expect(warning.msg).toContain('SEARCH_PROVIDER is not set');
    } finally {
      await server.close();
    }
  });

  it('without the toggle nothing is searched', async () => {
    const { base, access, models } = await setup(searchEnv('searxng'));
    const before = fake.requests.length;
    const turn = await sendTurn(base, access, { model_id: models[0]?.id, prompt: { text: '你好' } });
    expect(turn.events.some((event) => event.type === 'search')).toBe(false);
    expect(finalOf(turn.events).sources).toBeUndefined();
    expect(fake.requests.length).toBe(before);
  });

  it('a priced search is a ledger row of its own, refunded when the search fails', async () => {
    const { base, access, models, userId } = await setup(searchEnv('searxng', { SEARCH_PRICE_CREDITS: '3' }));
    const ok = await sendTurn(base, access, {
      model_id: models[0]?.id,
      prompt: { text: '黄金价格' },
      search_enabled: true,
    });
    const final = finalOf(ok.events);
    expect(await searchLedger(userId)).toEqual([{ delta: -3, kind: 'search', note: '联网搜索' }]);
    // What the turn cost, the search included, is what left the balance.
    expect(final.credits_charged).toBeGreaterThanOrEqual(3);
    expect(final.credits_balance).toBe(1000 - (final.credits_charged ?? 0));

    const failed = await sendTurn(base, access, {
      session_id: final.session_id,
      model_id: models[0]?.id,
      prompt: { text: 'fail-429 再查一次' },
      search_enabled: true,
    });
    const second = finalOf(failed.events);
    expect(await searchLedger(userId)).toEqual([
      { delta: -3, kind: 'search', note: '联网搜索' },
      { delta: -3, kind: 'search', note: '联网搜索' },
      { delta: 3, kind: 'refund', note: '联网搜索未完成，退还' },
    ]);
    expect(second.search?.status).toBe('failed');
    const state = await ledgerState(db().database.db, userId);
    expect(state.balance).toBe(second.credits_balance);
    expect(state.ledgerSum).toBe(state.balance);
  });

  it('a balance that cannot pay for the search gets the answer without it', async () => {
    const { base, access, models, userId } = await setup(
      searchEnv('searxng', { SEARCH_PRICE_CREDITS: '5' }),
      4,
    );
    const before = fake.requests.length;
    const turn = await sendTurn(base, access, {
      model_id: models[0]?.id,
      prompt: { text: '黄金价格' },
      search_enabled: true,
    });
    const final = finalOf(turn.events);
    expect(final.status).toBe('complete');
    expect(final.search?.error).toBe('积分不足以支付联网搜索（每次 5 积分），本次回答未联网。');
    expect(fake.requests.length).toBe(before);
    expect(await searchLedger(userId)).toEqual([]);
    expect((await ledgerState(db().database.db, userId)).balance).toBe(4 - (final.credits_charged ?? 0));
  });
});
