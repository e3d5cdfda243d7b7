import { request as httpRequest } from 'node:http';
import { assistantFrame, STREAM_DONE } from '@wanxiang/api-client/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { assistantTurns, documents } from '../src/db/schema';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { ledgerState, signUp, waitFor } from './chat-support';
import { type FakeOpenAI, fakeModelsConfig, startFakeOpenAI } from './fake-openai';
import { databaseKinds, listen, useApps, useTestDatabase } from './helpers';

const FAST = { OFFLINE_MODEL_CHUNK_DELAY: '0', RATE_LIMIT_MAX: '100000' };
const DOC_ID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';

/** A cloud document of `userId` with the id the tests ask about. */
async function ownDocument(database: Parameters<typeof ledgerState>[0], userId: string, id = DOC_ID) {
  const content = { version: '2.0.0', editorState: null };
  await database.insert(documents).values({ id, userId, title: '季度总结', content, size: 2 });
}

type Frame = z.infer<typeof assistantFrame> | { type: 'done' };

/** The frames of a whole assistant SSE body, each validated against the shared contract. */
function parseFrames(body: string): Frame[] {
  const frames: Frame[] = [];
  for (const block of body.split('\n\n')) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n');
    if (data === '') continue;
    if (frames.at(-1)?.type === 'done') throw new Error(`data after [DONE]: ${data}`);
    frames.push(data === STREAM_DONE ? { type: 'done' } : assistantFrame.parse(JSON.parse(data)));
  }
  return frames;
}

const textOf = (frames: Frame[]) => frames.map((f) => (f.type === 'text' ? f.content : '')).join('');
function completeOf(frames: Frame[]) {
  const frame = frames.find((f) => f.type === 'doc_complete');
  if (frame?.type !== 'doc_complete') throw new Error(`no doc_complete in ${JSON.stringify(frames)}`);
  return frame.content;
}

async function ask(base: string, access: string | null, path: string, body: Record<string, unknown>) {
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      ...(access ? { authorization: `Bearer ${access}` } : {}),
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, frames: response.ok ? parseFrames(text) : [], body: text };
}

const question = (extra: Record<string, unknown> = {}) => ({
  model_id: OFFLINE_MODEL_ID,
  user_input: '这篇文档讲了什么？',
  conversation_type: 'general',
  context_enabled: false,
  context_turns: 0,
  document_markdown: '# 年度总结\n\n今年我们完成了三个项目。',
  ...extra,
});

describe.each(databaseKinds)('the document assistant with the offline model on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('answers a transient question as SSE, charges it by the chat rules, and keeps the ledger equal to the balance', async () => {
    const server = await app(FAST);
    const base = await listen(server);
    const database = db().database.db;
    const { access, userId } = await signUp(server, database, 1000);
    const { status, frames } = await ask(base, access, '/assistant/transient', question());
    expect(status).toBe(200);
    expect(frames.at(-1)).toEqual({ type: 'done' });
    expect(frames.filter((f) => f.type === 'text').length).toBeGreaterThan(3);
    expect(textOf(frames)).toContain('这篇文档讲了什么？');
    const complete = completeOf(frames);
    expect(complete).toMatchObject({ status: 'complete', model_id: OFFLINE_MODEL_ID, document_note: null });
    const usage = complete.usage;
    if (!usage) throw new Error('no usage');
    // The offline model costs 1 credit per 1000 input tokens and 2 per 1000 output tokens.
    const cost = Math.ceil(usage.input_tokens / 1000 + (usage.output_tokens / 1000) * 2);
    expect(complete.credits_charged).toBe(cost);
    expect(complete.credits_balance).toBe(1000 - cost);
    expect(await ledgerState(database, userId)).toMatchObject({
      balance: 1000 - cost,
      ledgerSum: 1000 - cost,
    });
    const [row] = await database.select().from(assistantTurns).where(eq(assistantTurns.userId, userId));
    expect(row).toMatchObject({ docId: null, status: 'complete', creditsCharged: cost });
    expect(row?.answer).toBe(textOf(frames));
  });

  it('refuses without a sign-in (401), a document id that is not a uuid (404), and an empty question (400)', async () => {
    const server = await app(FAST);
    const base = await listen(server);
    const { access } = await signUp(server, db().database.db, 1000);
    expect((await ask(base, null, '/assistant/transient', question())).status).toBe(401);
    expect((await ask(base, null, `/docs/${DOC_ID}/assistant/`, question())).status).toBe(401);
    const notUuid = await ask(base, access, '/docs/not-a-uuid/assistant/', question());
    expect(notUuid.status).toBe(404);
    expect(JSON.parse(notUuid.body).detail).toBe('未找到');
    const empty = await ask(base, access, '/assistant/transient', question({ user_input: '   ' }));
    expect(empty.status).toBe(400);
    expect(empty.body).toContain('请输入问题或添加附件。');
  });

  it('keeps a cloud document’s history per user and gives the model its last turns when context is on', async () => {
    const server = await app(FAST);
    const base = await listen(server);
    const database = db().database.db;
    const { access, userId } = await signUp(server, database, 1000);
    await ownDocument(database, userId);
    const path = `/docs/${DOC_ID.replace(/-/g, '')}/assistant/`;
    // The offline model numbers the turn by the user messages it is given (| 本会话第几轮 | n |).
    const first = await ask(base, access, path, question({ context_enabled: true, context_turns: 5 }));
    expect(textOf(first.frames)).toContain('| 本会话第几轮 | 1 |');
    const second = await ask(base, access, path, question({ context_enabled: true, context_turns: 5 }));
    expect(textOf(second.frames)).toContain('| 本会话第几轮 | 2 |');
    const withoutContext = await ask(
      base,
      access,
      path,
      question({ context_enabled: false, context_turns: 0 }),
    );
    expect(textOf(withoutContext.frames)).toContain('| 本会话第几轮 | 1 |');
    const rows = await database.select().from(assistantTurns).where(eq(assistantTurns.userId, userId));
    expect(rows.map((row) => row.docId)).toEqual([DOC_ID, DOC_ID, DOC_ID]);

    // Another user may not ask about this document: it is not theirs (404, as if it did not exist).
    const other = await signUp(server, database, 1000);
    const theirs = await ask(base, other.access, path, question({ context_enabled: true, context_turns: 5 }));
    expect(theirs.status).toBe(404);
    // The transient endpoint never gives history, whatever the body says.
    const transient = await ask(
      base,
      access,
      '/assistant/transient',
      question({ context_enabled: true, context_turns: 5 }),
    );
    expect(textOf(transient.frames)).toContain('| 本会话第几轮 | 1 |');

    // The history lists this user's turns about the document, oldest first; the transient one is not there.
    const history = async (token: string, query = '') => {
      const response = await fetch(`${base}/api/docs/${DOC_ID}/assistant/history${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return {
        status: response.status,
        body: (await response.json()) as {
          items: {
            question: string;
            answer: string;
            status: string;
            model_id: string;
            credits_charged: number;
          }[];
        },
      };
    };
    const mine = await history(access);
    expect(mine.status).toBe(200);
    expect(mine.body.items).toHaveLength(3);
    expect(mine.body.items.map((item) => item.status)).toEqual(['complete', 'complete', 'complete']);
    expect(mine.body.items[0]?.answer).toContain('| 本会话第几轮 | 1 |');
    expect(mine.body.items[1]?.answer).toContain('| 本会话第几轮 | 2 |');
    expect(mine.body.items[0]).toMatchObject({ question: '这篇文档讲了什么？', model_id: OFFLINE_MODEL_ID });
    expect((await history(access, '?limit=1')).body.items.map((item) => item.answer)).toEqual([
      mine.body.items[2]?.answer,
    ]);
    expect((await history(access, '?limit=0')).status).toBe(400);
    expect((await history(other.access)).status).toBe(404);
    const unsigned = await fetch(`${base}/api/docs/${DOC_ID}/assistant/history`);
    expect(unsigned.status).toBe(401);
  });

  it('refuses a question the balance cannot pay for with 402 before any stream', async () => {
    const server = await app(FAST);
    const base = await listen(server);
    const database = db().database.db;
    const { access, userId } = await signUp(server, database, 0);
    const res = await ask(base, access, '/assistant/transient', question());
    expect(res.status).toBe(402);
    expect(JSON.parse(res.body).code).toBe('insufficient_credits');
    expect(await ledgerState(database, userId)).toMatchObject({ balance: 0, ledgerSum: 0 });
  });

  it('charges an answer the client stopped only for what was generated', async () => {
    const server = await app({ ...FAST, OFFLINE_MODEL_CHUNK_DELAY: '20ms' });
    const base = await listen(server);
    const database = db().database.db;
    const { access, userId } = await signUp(server, database, 1000);
    let received = '';
    const request = httpRequest(new URL('/api/assistant/transient', base), {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    });
    const started = new Promise<void>((resolve) => {
      request.on('response', (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received += chunk;
          if (received.split('"type":"text"').length > 5) resolve();
        });
      });
    });
    request.on('error', () => {});
    request.end(JSON.stringify(question()));
    await started;
    request.destroy();
    let row: typeof assistantTurns.$inferSelect | undefined;
    await waitFor(async () => {
      [row] = await database.select().from(assistantTurns).where(eq(assistantTurns.userId, userId));
      return row?.status === 'stopped';
    });
    if (!row) throw new Error('no row');
    expect(row.answer.length).toBeGreaterThan(5);
    expect(row.answer.length).toBeLessThan(400);
    const cost = Math.ceil((row.inputTokens ?? 0) / 1000 + ((row.outputTokens ?? 0) / 1000) * 2);
    expect(row.creditsCharged).toBe(cost);
    expect(await ledgerState(database, userId)).toMatchObject({
      balance: 1000 - cost,
      ledgerSum: 1000 - cost,
    });
  });
});

describe.each(databaseKinds)('the document assistant through an OpenAI-compatible provider on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);
  let upstream: FakeOpenAI;
  beforeAll(async () => {
    upstream = await startFakeOpenAI();
  });
  afterAll(async () => {
    await upstream.close();
  });

  async function setup() {
    const server = await app({
      MODELS_CONFIG_JSON: fakeModelsConfig(upstream.baseURL, ['stream'], { input: 1, output: 2 }),
      RATE_LIMIT_MAX: '100000',
      MODEL_RETRIES: '0',
    });
    const base = await listen(server);
    const user = await signUp(server, db().database.db, 1000);
    await ownDocument(db().database.db, user.userId);
    return { base, ...user };
  }
  const messagesOf = (index: number) =>
    upstream.requests[index]?.body.messages as { role: string; content: string | { text: string }[] }[];
  const contentOf = (message: { content: string | { text: string }[] } | undefined) =>
    typeof message?.content === 'string'
      ? message.content
      : (message?.content ?? []).map((p) => p.text).join('');

  it('gives the model the document, the selection and the last turns, and settles on the reported usage', async () => {
    const { base, access, userId } = await setup();
    const path = `/docs/${DOC_ID}/assistant/`;
    const body = question({
      model_id: 'stream',
      selection: '三个项目',
      context_enabled: true,
      context_turns: 2,
    });
    for (let turn = 0; turn < 3; turn += 1) {
      const res = await ask(base, access, path, { ...body, user_input: `问题 ${turn}` });
      expect(textOf(res.frames)).toBe('你好，这是模拟的回答。');
      // The fake provider reports 1200 input and 800 output tokens: ceil(1.2 + 1.6) = 3.
      expect(completeOf(res.frames).credits_charged).toBe(3);
    }
    const start = upstream.requests.length - 3;
    const system = contentOf(messagesOf(start)?.[0]);
    expect(messagesOf(start)?.[0]?.role).toBe('system');
    expect(system).toContain('# 年度总结');
    expect(system).toContain('<selection>\n三个项目\n</selection>');
    // The third question sees the two before it (context_turns 2), oldest first, then itself.
    const third = messagesOf(start + 2) ?? [];
    expect(third.slice(1).map((m) => [m.role, contentOf(m)])).toEqual([
      ['user', '问题 0'],
      ['assistant', '你好，这是模拟的回答。'],
      ['user', '问题 1'],
      ['assistant', '你好，这是模拟的回答。'],
      ['user', '问题 2'],
    ]);
    expect(await ledgerState(database(), userId)).toMatchObject({ balance: 991, ledgerSum: 991 });
  });

  it('cuts a long document around the caret and says so', async () => {
    const { base, access } = await setup();
    const paragraphs = Array.from({ length: 3000 }, (_, i) => `第 ${i} 段：${'文字'.repeat(10)}`);
    const markdown = paragraphs.join('\n\n');
    const focus = markdown.indexOf('第 2500 段');
    const res = await ask(base, access, '/assistant/transient', {
      ...question({ model_id: 'stream' }),
      document_markdown: markdown,
      focus_offset: focus,
    });
    const note = completeOf(res.frames).document_note;
    expect(note).toMatch(/^文档较长（共 \d+ 字），只给出了光标附近的第 \d+–\d+ 字/);
    const system = contentOf(messagesOf(upstream.requests.length - 1)?.[0]);
    expect(system).toContain('第 2500 段');
    expect(system).not.toContain('第 0 段');
    expect(system).toContain('[……前文已省略……]');
    expect(system).toContain(note ?? '');
  });

  function database() {
    return db().database.db;
  }
});
