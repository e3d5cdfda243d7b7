import { ApiError, type ChatStreamEvent } from '@wanxiang/api-client';
import { describe, expect, test, vi } from 'vitest';
import { controllableStream, opened, session, settle, setup } from './chatTesting';
import { conversationAtom, currentSessionIdAtom, messageAtom, sessionChosenAtom } from './conversation';
import { bannerAtom, returnedDraftAtom } from './flags';
import { startChatAtom } from './lifecycle';
import { loadModelsAtom } from './models';
import { newChatAtom, openSessionAtom } from './openChat';
import { editAtom, isStreamingAtom, regenerateAtom, sendAtom, stopAtom } from './running';
import { sessionsAtom } from './sessions';
import type { ChatMessage } from './types';

const generating = (text: string): ChatMessage[] => [
  {
    id: 'q',
    role: 'user',
    text: '讲个长故事',
    images: [],
    files: [],
    status: 'done',
    error: null,
    credits: null,
    startedAt: null,
  },
  {
    id: 'a',
    role: 'assistant',
    text,
    images: [],
    files: [],
    status: 'streaming',
    error: null,
    credits: null,
    startedAt: 1,
    serverId: 'a',
  },
];
const turnFrame: ChatStreamEvent = {
  type: 'turn',
  turn: { session_id: 's1', message_id: 'a', user_message_id: 'q' },
};

describe('the running turn', () => {
  test('a new chat has its address and its row in the history from its first frame on', async () => {
    const { store, stream, turns } = setup([
      { ...session('pinned', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), pinned: true },
      session('old', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
    ]);
    const chosen: (string | null)[] = [];
    store.sub(sessionChosenAtom, () => chosen.push(store.get(sessionChosenAtom)?.id ?? null));
    store.set(startChatAtom);
    await settle();
    store.set(sendAtom, '第一个问题');
    expect(turns[0]?.sessionId).toBeNull();
    stream.push({
      type: 'turn',
      turn: { session_id: 'new', message_id: 'a', user_message_id: 'q', title: '第一个问题' },
    });
    await settle();
    // Still answering, yet already the chat at /home/new, listed under the pinned chat.
    expect(store.get(isStreamingAtom)).toBe(true);
    expect(store.get(currentSessionIdAtom)).toBe('new');
    expect(chosen).toEqual(['new']);
    const { items, total } = store.get(sessionsAtom);
    expect(items.map((s) => [s.id, s.title])).toEqual([
      ['pinned', 'pinned'],
      ['new', '第一个问题'],
      ['old', 'old'],
    ]);
    expect(total).toBe(3);
    // The next question goes to the same chat.
    stream.push({ type: 'final_data', data: { session_id: 'new', credits_charged: 1 } });
    stream.push({ type: 'done' });
    await settle();
    await settle();
    expect(store.get(currentSessionIdAtom)).toBe('new');
    store.set(sendAtom, '第二个问题');
    expect(turns[1]?.sessionId).toBe('new');
  });

  test('text is applied once per frame, however many deltas arrive', async () => {
    const { store, stream, runFrame, frames } = setup();
    store.set(startChatAtom);
    await settle();
    expect(store.set(sendAtom, '  你好  ')).toBe(true);
    const ids = store.get(conversationAtom).messageIds;
    const assistantId = ids[1] as string;
    const seen: string[] = [];
    store.sub(messageAtom(assistantId), () => seen.push(store.get(messageAtom(assistantId))?.text ?? ''));
    for (const piece of ['一', '二', '三']) stream.push({ type: 'text', text: piece });
    await settle();
    expect(frames).toHaveLength(1);
    expect(seen).toEqual([]);
    runFrame();
    expect(seen).toEqual(['一二三']);
    stream.push({ type: 'text', text: '四' });
    await settle();
    runFrame();
    expect(seen).toEqual(['一二三', '一二三四']);
    expect(store.get(messageAtom(ids[0] as string))?.text).toBe('你好');
  });

  test('a new chat becomes its session on final_data, the list reloads, credits are refreshed', async () => {
    const { store, stream, turns, onTurnEnd, addSession } = setup();
    store.set(startChatAtom);
    await settle();
    store.set(sendAtom, '第一个问题');
    expect(turns[0]).toEqual({ sessionId: null, modelId: 'm2', text: '第一个问题', searchEnabled: false });
    expect(store.get(isStreamingAtom)).toBe(true);
    expect(store.set(sendAtom, 'again')).toBe(false);
    stream.push({ type: 'text', text: '答' });
    addSession(session('new', '2026-04-01T00:00:00Z', '2026-04-01T00:00:00Z'));
    stream.push({
      type: 'final_data',
      data: { session_id: 'new', credits_charged: 3, model_name: 'Two（服务器名）' },
    });
    stream.push({ type: 'done' });
    await settle();
    await settle();
    const assistant = store.get(messageAtom(store.get(conversationAtom).messageIds[1] as string));
    expect(assistant).toMatchObject({ text: '答', status: 'done', credits: 3, modelName: 'Two（服务器名）' });
    expect(store.get(currentSessionIdAtom)).toBe('new');
    expect(store.get(isStreamingAtom)).toBe(false);
    expect(store.get(sessionsAtom).items.map((s) => s.id)).toEqual(['new']);
    expect(onTurnEnd).toHaveBeenCalledTimes(1);
  });

  test('stop keeps what arrived, marks it stopped without a toast, and picks up the session the server made', async () => {
    const { store, stream, onInterrupted, addSession } = setup([
      session('older', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ]);
    store.set(startChatAtom);
    await settle();
    store.set(newChatAtom);
    store.set(sendAtom, '讲个长故事');
    stream.push({ type: 'text', text: '从前' });
    await settle();
    addSession(session('fresh', '2026-05-01T00:00:00Z', '2026-05-01T00:00:00Z'));
    store.set(stopAtom);
    await settle();
    await settle();
    const assistant = store.get(messageAtom(store.get(conversationAtom).messageIds[1] as string));
    expect(assistant).toMatchObject({ text: '从前', status: 'stopped' });
    expect(onInterrupted).not.toHaveBeenCalled();
    expect(store.get(currentSessionIdAtom)).toBe('fresh');
  });

  test('an answer stopped because the user opened another chat is told with 对话已中断', async () => {
    const { store, stream, onInterrupted } = setup([
      session('older', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ]);
    store.set(startChatAtom);
    await settle();
    store.set(sendAtom, '讲个长故事');
    stream.push({ type: 'text', text: '从前' });
    await settle();
    await store.set(openSessionAtom, 'older');
    for (let i = 0; i < 4; i++) await settle();
    expect(onInterrupted).toHaveBeenCalledTimes(1);
  });

  test('a stopped answer shows what it cost once the server has settled it', async () => {
    const { store, stream, backend, onTurnEnd } = setup([
      session('s1', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
    ]);
    store.set(startChatAtom);
    await store.set(openSessionAtom, 's1');
    const stored = (credits: number | null): ChatMessage[] => [
      { ...(store.get(messageAtom('s1-u')) as ChatMessage), id: 'q' },
      {
        id: 'a',
        role: 'assistant',
        text: '从前有座山',
        images: [],
        files: [],
        status: 'stopped',
        error: null,
        credits,
        startedAt: null,
      },
    ];
    // The first look comes before the server noticed the stop; the second finds the settled cost.
    vi.mocked(backend.getSession).mockResolvedValueOnce(stored(null)).mockResolvedValueOnce(stored(4));
    store.set(sendAtom, '讲个长故事');
    stream.push({ type: 'text', text: '从前' });
    await settle();
    store.set(stopAtom);
    for (let i = 0; i < 6; i++) await settle();
    const assistant = store.get(messageAtom(store.get(conversationAtom).messageIds.at(-1) as string));
    expect(assistant).toMatchObject({ text: '从前', status: 'stopped', credits: 4 });
    expect(backend.getSession).toHaveBeenLastCalledWith('s1');
    // Once when the turn ended, once more with the settled balance.
    expect(onTurnEnd).toHaveBeenCalledTimes(2);
  });

  test('a refused turn shows the server’s own reason, not the generic request wrapper', async () => {
    const { store, backend } = setup();
    await store.set(loadModelsAtom);
    const response = new Response(null, { status: 402 });
    backend.createTurn = () => {
      throw new ApiError(response, { detail: '积分不足：本次对话至少需要 5 积分，当前余额 3 积分。' });
    };
    store.set(sendAtom, 'hi');
    await settle();
    await settle();
    expect(store.get(bannerAtom)).toBe('对话失败: 积分不足：本次对话至少需要 5 积分，当前余额 3 积分。');
    // Nothing was answered: the text goes back to the input, to be sent again.
    expect(store.get(returnedDraftAtom)).toEqual({ text: 'hi', seq: 1 });
  });

  test('a stream error shows in the message and in the banner', async () => {
    const { store, stream } = setup();
    store.set(startChatAtom);
    await settle();
    store.set(sendAtom, 'hi');
    stream.push({ type: 'error', message: '模型不可用' });
    stream.push({ type: 'done' });
    await settle();
    await settle();
    const assistant = store.get(messageAtom(store.get(conversationAtom).messageIds[1] as string));
    expect(assistant).toMatchObject({ status: 'error', error: '模型不可用' });
    expect(store.get(bannerAtom)).toBe('对话失败: 模型不可用');
    // An answer that started and then failed is not a refused message: the input is left alone.
    expect(store.get(returnedDraftAtom)).toBeNull();
  });

  test('a turn ends even when the store was never started (a page of its own, the bench)', async () => {
    const { store, stream } = setup();
    await store.set(loadModelsAtom);
    store.set(sendAtom, 'hi');
    stream.push({ type: 'text', text: '好' });
    stream.push({ type: 'done' });
    await settle();
    await settle();
    expect(store.get(isStreamingAtom)).toBe(false);
  });
});

describe('versions', () => {
  test('重新生成 answers the last question again as a new version, and learns its stored id', async () => {
    const { store, stream, turns } = await opened();
    expect(store.set(regenerateAtom, 'a1')).toBe(false); // only the last answer
    expect(store.set(regenerateAtom, 'a2')).toBe(true);
    expect(turns.at(-1)).toMatchObject({ sessionId: 's', text: '问题二', regenerateMessageId: 'a2' });
    const ids = store.get(conversationAtom).messageIds;
    expect(ids.slice(0, 3)).toEqual(['q1', 'a1', 'q2']);
    const fresh = ids[3] ?? '';
    expect(store.get(messageAtom(fresh))).toMatchObject({ status: 'streaming', versions: ['a2', fresh] });
    // Nothing else runs meanwhile.
    expect(store.set(regenerateAtom, fresh)).toBe(false);
    stream.push({ type: 'text', text: '新回答' });
    stream.push({
      type: 'final_data',
      data: { session_id: 's', message_id: 'a2b', user_message_id: 'q2', credits_charged: 4 },
    });
    stream.close();
    await settle();
    expect(store.get(messageAtom(fresh))).toMatchObject({
      text: '新回答',
      status: 'done',
      credits: 4,
      serverId: 'a2b',
      versions: ['a2', 'a2b'],
    });
    // The stored id makes it regenerable in turn.
    expect(store.set(regenerateAtom, fresh)).toBe(true);
  });

  test('编辑 sends in place of a question, dropping what followed it from view', async () => {
    const { store, stream, turns } = await opened();
    expect(store.set(editAtom, 'q1', '   ')).toBe(false);
    expect(store.set(editAtom, 'a1', '不是问题')).toBe(false);
    expect(store.set(editAtom, 'q1', ' 改过的问题 ')).toBe(true);
    expect(turns.at(-1)).toMatchObject({ text: '改过的问题', editMessageId: 'q1' });
    const [question = '', answer = ''] = store.get(conversationAtom).messageIds;
    expect(store.get(conversationAtom).messageIds).toHaveLength(2);
    expect(store.get(messageAtom(question))).toMatchObject({
      text: '改过的问题',
      versions: ['q1', question],
    });
    stream.push({ type: 'final_data', data: { session_id: 's', message_id: 'a9', user_message_id: 'q9' } });
    stream.close();
    await settle();
    expect(store.get(messageAtom(question))).toMatchObject({ serverId: 'q9', versions: ['q1', 'q9'] });
    expect(store.get(messageAtom(answer))).toMatchObject({ serverId: 'a9' });
  });

  test('a refused edit shows the chat as it was and gives its text back to the input', async () => {
    const { store, backend } = await opened();
    backend.createTurn = () => {
      throw new ApiError(new Response(null, { status: 402 }), { detail: '积分不足' });
    };
    expect(store.set(editAtom, 'q2', '换个问法')).toBe(true);
    await settle();
    expect(store.get(conversationAtom).messageIds).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(store.get(returnedDraftAtom)?.text).toBe('换个问法');
    expect(store.get(bannerAtom)).toContain('积分不足');
  });
});

describe('an answer that outlives its tab', () => {
  test('opening a chat whose answer is being generated follows it: it grows, and stop stops it on the server', async () => {
    const { store, backend, runFrame, onInterrupted } = setup([
      session('s1', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
    ]);
    const live = controllableStream();
    const followTurn = vi.fn((_id: string, signal: AbortSignal) => live.read(signal));
    const stopTurn = vi.fn(async () => {
      live.push({ type: 'final_data', data: { status: 'stopped', credits_charged: 3 } });
      live.push({ type: 'done' });
    });
    backend.followTurn = followTurn;
    backend.stopTurn = stopTurn;
    vi.mocked(backend.getSession).mockResolvedValueOnce(generating('从前'));
    store.set(startChatAtom);
    await store.set(openSessionAtom, 's1');
    await settle();
    expect(followTurn).toHaveBeenCalledWith('s1', expect.any(AbortSignal));
    expect(store.get(isStreamingAtom)).toBe(true);
    // The stream replays the whole text so far, which replaces the stored one, then grows.
    live.push(turnFrame);
    live.push({ type: 'text', text: '从前有座山' });
    live.push({ type: 'text', text: '，山里' });
    await settle();
    runFrame();
    expect(store.get(messageAtom('a'))).toMatchObject({ text: '从前有座山，山里', status: 'streaming' });
    store.set(stopAtom);
    for (let i = 0; i < 4; i++) await settle();
    runFrame();
    expect(stopTurn).toHaveBeenCalledWith('s1');
    expect(store.get(messageAtom('a'))).toMatchObject({
      text: '从前有座山，山里',
      status: 'stopped',
      credits: 3,
    });
    expect(store.get(isStreamingAtom)).toBe(false);
    expect(onInterrupted).not.toHaveBeenCalled();
  });

  test('this tab’s own answer is stopped on the server once the stream said where it is', async () => {
    const { store, stream, backend, runFrame } = setup();
    const stopTurn = vi.fn(async () => {
      stream.push({ type: 'final_data', data: { status: 'stopped', credits_charged: 2, session_id: 's1' } });
      stream.push({ type: 'done' });
    });
    backend.stopTurn = stopTurn;
    store.set(startChatAtom);
    await settle();
    store.set(sendAtom, '讲个长故事');
    stream.push(turnFrame);
    stream.push({ type: 'text', text: '从前' });
    await settle();
    runFrame();
    store.set(stopAtom);
    for (let i = 0; i < 4; i++) await settle();
    expect(stopTurn).toHaveBeenCalledWith('s1');
    const answer = store.get(messageAtom(store.get(conversationAtom).messageIds[1] as string));
    expect(answer).toMatchObject({ text: '从前', status: 'stopped', credits: 2 });
  });

  test('leaving a chat whose answer it only follows does not stop the answer', async () => {
    const { store, backend } = setup([
      session('s1', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
      session('s2', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ]);
    const live = controllableStream();
    backend.followTurn = (_id, signal) => live.read(signal);
    backend.stopTurn = vi.fn(async () => {});
    vi.mocked(backend.getSession).mockResolvedValueOnce(generating('从前'));
    store.set(startChatAtom);
    await store.set(openSessionAtom, 's1');
    await settle();
    expect(store.get(isStreamingAtom)).toBe(true);
    await store.set(openSessionAtom, 's2');
    expect(backend.stopTurn).not.toHaveBeenCalled();
    expect(store.get(isStreamingAtom)).toBe(false);
  });
});
