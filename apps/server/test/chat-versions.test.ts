import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../src/db/schema';
import { currentBranch, pathTo } from '../src/modules/chat/tree';
import { finalOf, ledgerState, sendTurn, signUp, textOf } from './chat-support';
import { type FakeOpenAI, fakeModelsConfig, startFakeOpenAI } from './fake-openai';
import { databaseKinds, json, listen, useApps, useTestDatabase } from './helpers';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const node = (id: string, parentId: string | null, created: number, selected = created) => ({
  id,
  parentId,
  createdAt: at(created),
  selectedAt: at(selected),
});

describe('the chat tree', () => {
  // q1 ─ a1 ─ q2 ─ a2
  //    ╲         ╲ a2b (regenerated, chosen)
  //     a1b (regenerated, then a1 chosen again)
  const rows = [
    node('q1', null, 0),
    node('a1', 'q1', 1, 50),
    node('a1b', 'q1', 10),
    node('q2', 'a1', 20),
    node('a2', 'q2', 21),
    node('a2b', 'q2', 30),
  ];

  it('follows the version chosen last at every fork', () => {
    expect(currentBranch(rows).map((row) => row.id)).toEqual(['q1', 'a1', 'q2', 'a2b']);
    const edited = [...rows, node('q1b', null, 60)];
    expect(currentBranch(edited).map((row) => row.id)).toEqual(['q1b']);
    expect(currentBranch([])).toEqual([]);
  });

  it('walks up from a message to the first question', () => {
    expect(pathTo(rows, 'a2').map((row) => row.id)).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(pathTo(rows, null)).toEqual([]);
    expect(pathTo(rows, 'missing')).toEqual([]);
  });
});

interface WireMessage {
  id: string;
  role: 'user' | 'assistant';
  parent_id: string | null;
  versions: string[];
  content: unknown;
  metadata?: { credits_charged?: number; model_name?: string; status?: string };
}

describe.each(databaseKinds)('chat versions on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);
  let upstream: FakeOpenAI;

  beforeAll(async () => {
    upstream = await startFakeOpenAI();
  });
  afterAll(async () => {
    await upstream.close();
  });

  async function setUp() {
    const server = await app({
      MODELS_CONFIG_JSON: fakeModelsConfig(upstream.baseURL, ['stream', 'no-usage'], { input: 1, output: 2 }),
      RATE_LIMIT_MAX: '100000',
      MODEL_RETRIES: '0',
    });
    const base = await listen(server);
    const user = await signUp(server, db().database.db, 1000);
    /** Sends a turn whose answer is `answer`; answers its final_data and the messages the model was given. */
    const turn = async (body: Record<string, unknown>, answer: string) => {
      upstream.options.pieces = [answer];
      const before = upstream.requests.length;
      const sent = await sendTurn(base, user.access, { model_id: 'stream', ...body });
      expect(sent.status, sent.body).toBe(200);
      expect(textOf(sent.events)).toBe(answer);
      const messages = (upstream.requests[before]?.body.messages ?? []) as {
        role: string;
        content: unknown;
      }[];
      const context = messages.map(
        (m) => `${m.role}:${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}`,
      );
      return { final: finalOf(sent.events), context };
    };
    const history = async (sessionId: string) => {
      const res = await server.inject({
        method: 'GET',
        url: `/api/chat/sessions/${sessionId}/`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { total_credits_used: number; history: WireMessage[] };
    };
    const select = (sessionId: string, messageId: string, who = user) =>
      server.inject({
        method: 'POST',
        url: `/api/chat/sessions/${sessionId}/select-version/`,
        ...json({ message_id: messageId }),
        headers: { ...json({}).headers, ...who.auth },
      });
    return { server, base, user, turn, history, select };
  }

  const ids = (messages: WireMessage[]) => messages.map((m) => m.id);

  it('regenerate keeps every answer as a version, charges each, and gives the model only the current branch', async () => {
    const { user, turn, history, select } = await setUp();
    const first = await turn({ prompt: { text: '问题一' } }, '回答一');
    const sessionId = String(first.final.session_id);
    const second = await turn({ session_id: sessionId, prompt: { text: '问题二' } }, '回答二');

    // 重新生成 the last answer: the same question again, without the answer it replaces.
    const again = await turn(
      { session_id: sessionId, regenerate_message_id: second.final.message_id },
      '回答二·新',
    );
    expect(again.context).toEqual(['user:问题一', 'assistant:回答一', 'user:问题二']);
    expect(again.final).toMatchObject({ status: 'complete', user_message_id: second.final.user_message_id });
    expect(again.final.message_id).not.toBe(second.final.message_id);

    // A reload shows the new version, with the old one to page back to; each with its model and cost.
    let shown = await history(sessionId);
    expect(ids(shown.history)).toEqual([
      first.final.user_message_id,
      first.final.message_id,
      second.final.user_message_id,
      again.final.message_id,
    ]);
    expect(shown.history[3]?.versions).toEqual([second.final.message_id, again.final.message_id]);
    expect(shown.history[3]?.parent_id).toBe(second.final.user_message_id);
    expect(shown.history[2]?.versions).toEqual([second.final.user_message_id]);
    expect(shown.history[3]?.metadata).toMatchObject({ model_name: '模拟 stream', credits_charged: 3 });

    // Every generation was held and charged: three turns of 3 credits.
    expect(shown.total_credits_used).toBe(9);
    expect(await ledgerState(db().database.db, user.userId)).toMatchObject({ balance: 991, ledgerSum: 991 });

    // Paging back to the first answer is what a reload shows from then on, and what the model sees next.
    const back = await select(sessionId, String(second.final.message_id));
    expect(back.statusCode).toBe(200);
    expect(ids(back.json().history).at(-1)).toBe(second.final.message_id);
    shown = await history(sessionId);
    expect(shown.history.at(-1)).toMatchObject({ id: second.final.message_id, content: '回答二' });
    const third = await turn({ session_id: sessionId, prompt: { text: '问题三' } }, '回答三');
    expect(third.context).toEqual([
      'user:问题一',
      'assistant:回答一',
      'user:问题二',
      'assistant:回答二',
      'user:问题三',
    ]);
    // The new question follows the chosen answer; the other version keeps no children.
    shown = await history(sessionId);
    expect(shown.history.map((m) => m.parent_id)).toEqual([
      null,
      first.final.user_message_id,
      first.final.message_id,
      second.final.user_message_id,
      second.final.message_id,
      third.final.user_message_id,
    ]);
  });

  it('edit re-sends from there, keeping the old question and everything after it as a version', async () => {
    const { turn, history, select } = await setUp();
    const first = await turn({ prompt: { text: '原来的问题' } }, '原来的回答');
    const sessionId = String(first.final.session_id);
    const second = await turn({ session_id: sessionId, prompt: { text: '追问' } }, '追问的回答');

    const edited = await turn(
      { session_id: sessionId, prompt: { text: '改过的问题' }, edit_message_id: first.final.user_message_id },
      '新的回答',
    );
    // The model sees the edited question alone: nothing of the old branch.
    expect(edited.context).toEqual(['user:改过的问题']);
    let shown = await history(sessionId);
    expect(ids(shown.history)).toEqual([edited.final.user_message_id, edited.final.message_id]);
    expect(shown.history[0]?.versions).toEqual([first.final.user_message_id, edited.final.user_message_id]);
    expect(shown.history[0]?.content).toEqual({ text: '改过的问题', files: [] });

    // The old version comes back whole, its follow-up included.
    const back = await select(sessionId, String(first.final.user_message_id));
    expect(back.statusCode).toBe(200);
    shown = await history(sessionId);
    expect(ids(shown.history)).toEqual([
      first.final.user_message_id,
      first.final.message_id,
      second.final.user_message_id,
      second.final.message_id,
    ]);

    // Editing a later question keeps the earlier exchange as context.
    const deeper = await turn(
      { session_id: sessionId, prompt: { text: '换个追问' }, edit_message_id: second.final.user_message_id },
      '换个回答',
    );
    expect(deeper.context).toEqual(['user:原来的问题', 'assistant:原来的回答', 'user:换个追问']);
    shown = await history(sessionId);
    expect(shown.history[2]?.versions).toEqual([second.final.user_message_id, deeper.final.user_message_id]);
    expect(shown.history[0]?.versions).toHaveLength(2);
  });

  it('refuses what is not a version of this chat, in Chinese', async () => {
    const { server, base, user, turn, select } = await setUp();
    const first = await turn({ prompt: { text: '问题' } }, '回答');
    const sessionId = String(first.final.session_id);
    const refused = async (body: Record<string, unknown>) => {
      const res = await sendTurn(base, user.access, { model_id: 'stream', ...body });
      expect(res.status).toBe(400);
      return res.body;
    };
    expect(
      await refused({
        session_id: sessionId,
        prompt: { text: 'x' },
        edit_message_id: first.final.message_id,
      }),
    ).toContain('要编辑的问题不在这个会话中');
    expect(
      await refused({ session_id: sessionId, regenerate_message_id: first.final.user_message_id }),
    ).toContain('要重新生成的回答不在这个会话中');
    expect(await refused({ regenerate_message_id: first.final.message_id })).toContain(
      '只能编辑或重新生成已有会话中的消息',
    );
    expect(await refused({ session_id: sessionId })).toContain('该字段是必填项');
    expect(
      await refused({
        session_id: sessionId,
        prompt: { text: '   ' },
        edit_message_id: first.final.user_message_id,
      }),
    ).toContain('请输入内容');

    // Another user's chat and unknown messages are not found.
    const other = await signUp(server, db().database.db, 100);
    expect((await select(sessionId, String(first.final.message_id), other)).statusCode).toBe(404);
    expect((await select(sessionId, crypto.randomUUID())).statusCode).toBe(404);
    expect((await select(sessionId, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('deleting a chat deletes every version', async () => {
    const { server, user, turn } = await setUp();
    const first = await turn({ prompt: { text: '问题' } }, '回答');
    const sessionId = String(first.final.session_id);
    await turn({ session_id: sessionId, regenerate_message_id: first.final.message_id }, '回答·新');
    await turn(
      { session_id: sessionId, prompt: { text: '问题·改' }, edit_message_id: first.final.user_message_id },
      '回答·改',
    );
    const stored = () =>
      db().database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    expect(await stored()).toHaveLength(5);
    const res = await server.inject({
      method: 'DELETE',
      url: `/api/chat/sessions/${sessionId}/`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(204);
    expect(await stored()).toHaveLength(0);
  });
});
