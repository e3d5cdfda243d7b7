import { ApiError, type ChatStreamEvent } from '@wanxiang/api-client';
import { describe, expect, test, vi } from 'vitest';
import { chatText } from '../messages';
import { ChatStore } from './chatStore';
import { formatClock, formatModelPrice, newestBy, sessionTitle } from './format';
import {
  type ChatBackend,
  type ChatMessage,
  ChatNotFoundError,
  type ChatSessionSummary,
  type TurnInput,
} from './types';

/** A stream the test drives event by event; it honours the abort signal like the real reader does. */
function controllableStream() {
  const queue: ChatStreamEvent[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  const push = (event: ChatStreamEvent) => {
    queue.push(event);
    wake?.();
  };
  const close = () => {
    closed = true;
    wake?.();
  };
  async function* read(signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
    while (true) {
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (closed) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      wake = null;
    }
  }
  return { push, close, read };
}

const session = (
  id: string,
  created: string,
  updated: string,
  title: string | null = id,
): ChatSessionSummary => ({
  id,
  title,
  created_at: created,
  updated_at: updated,
  total_credits_used: 0,
});

function setup(sessions: ChatSessionSummary[] = []) {
  const stream = controllableStream();
  const turns: TurnInput[] = [];
  let list = [...sessions];
  const frames: Array<() => void> = [];
  let stored: string | null = null;
  const backend: ChatBackend = {
    getFile: async () => new Blob(['file']),
    listModels: async () => [
      { id: 'm1', name: 'One', is_per_call: true, fixed_price_credits: 2 },
      {
        id: 'm2',
        name: 'Two',
        is_per_call: false,
        input_price_credits: 1,
        output_price_credits: 3,
        is_default: true,
      },
    ],
    // Like the server: a search keeps the titles that contain it (any case), pinned sessions come first.
    listSessions: vi.fn(async (_page: number, _size: number, query?: string) => {
      const q = query?.toLocaleLowerCase() ?? '';
      const items = list
        .filter((s) => (s.title ?? '').toLocaleLowerCase().includes(q))
        .sort((a, b) => Number(b.pinned ?? false) - Number(a.pinned ?? false));
      return { items, total: items.length, hasMore: false };
    }),
    updateSession: vi.fn(async (id: string, change: { title?: string; pinned?: boolean }) => {
      if (id === 'locked') throw new Error('nope');
      list = list.map((s) => (s.id === id ? { ...s, ...change } : s));
      const updated = list.find((s) => s.id === id);
      if (!updated) throw new Error('not found');
      return updated;
    }),
    getSession: vi.fn(async (id: string): Promise<ChatMessage[]> => {
      // Like the server: a chat that is not the user's (or not at all) is 404, unlike a network fault.
      if (id === 'gone') throw new ChatNotFoundError('未找到');
      if (id === 'offline') throw new TypeError('Failed to fetch');
      return [
        {
          id: `${id}-u`,
          role: 'user',
          text: `question of ${id}`,
          images: [],
          files: [],
          status: 'done',
          error: null,
          credits: null,
          startedAt: null,
        },
      ];
    }),
    deleteSession: vi.fn(async (id: string) => {
      if (id === 'locked') throw new Error('nope');
      list = list.filter((s) => s.id !== id);
    }),
    selectVersion: vi.fn(async (): Promise<ChatMessage[]> => []),
    createTurn: (input, signal) => {
      turns.push(input);
      return stream.read(signal);
    },
  };
  const onTurnEnd = vi.fn();
  const onInterrupted = vi.fn();
  const store = new ChatStore({
    backend,
    selectedModel: {
      get: () => stored,
      set: (id) => {
        stored = id;
      },
    },
    onTurnEnd,
    onInterrupted,
    scheduleFrame: (flush) => frames.push(flush),
    wait: () => Promise.resolve(),
  });
  const runFrame = () => {
    for (const flush of frames.splice(0)) flush();
  };
  const addSession = (s: ChatSessionSummary) => list.unshift(s);
  return {
    store,
    stream,
    turns,
    frames,
    runFrame,
    onTurnEnd,
    onInterrupted,
    backend,
    addSession,
    stored: () => stored,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const texts = (store: ChatStore) =>
  store.getState().conversation.messageIds.map((id) => store.getMessage(id)?.text);

describe('ChatStore', () => {
  test('the page opens on a new chat beside the history, not on the newest old chat', async () => {
    const { store, backend } = setup([
      session('old', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
      session('recent', '2025-12-01T00:00:00Z', '2026-03-01T00:00:00Z'),
    ]);
    store.start();
    await settle();
    await settle();
    expect(store.getState().sessions.items.map((s) => s.id)).toEqual(['old', 'recent']);
    expect(store.getState().currentSessionId).toBeNull();
    expect(store.getState().conversation).toEqual({ status: 'ready', messageIds: [] });
    expect(backend.getSession).not.toHaveBeenCalled();
    // The server's default model is chosen when nothing is stored.
    expect(store.getState().selectedModelId).toBe('m2');
  });

  test('a new chat has its address and its row in the history from its first frame on', async () => {
    const { store, stream, turns } = setup([
      { ...session('pinned', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), pinned: true },
      session('old', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
    ]);
    const chosen: (string | null)[] = [];
    store.onSessionChosen((id) => chosen.push(id));
    store.start();
    await settle();
    store.send('第一个问题');
    expect(turns[0]?.sessionId).toBeNull();
    stream.push({
      type: 'turn',
      turn: { session_id: 'new', message_id: 'a', user_message_id: 'q', title: '第一个问题' },
    });
    await settle();
    // Still answering, yet already the chat at /home/new, listed under the pinned chat.
    expect(store.getState().isStreaming).toBe(true);
    expect(store.getState().currentSessionId).toBe('new');
    expect(chosen).toEqual(['new']);
    const { items, total } = store.getState().sessions;
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
    expect(store.getState().currentSessionId).toBe('new');
    store.send('第二个问题');
    expect(turns[1]?.sessionId).toBe('new');
  });

  test('a stored model choice wins and a new choice is kept', async () => {
    const { store, stored } = setup();
    store.start();
    await settle();
    store.selectModel('m1');
    expect(stored()).toBe('m1');
    expect(store.getState().selectedModelId).toBe('m1');
  });

  test('text is applied once per frame, however many deltas arrive', async () => {
    const { store, stream, runFrame, frames } = setup();
    store.start();
    await settle();
    expect(store.send('  你好  ')).toBe(true);
    const ids = store.getState().conversation.messageIds;
    const assistantId = ids[1] as string;
    const seen: string[] = [];
    store.subscribeMessage(assistantId, () => seen.push(store.getMessage(assistantId)?.text ?? ''));
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
    expect(store.getMessage(ids[0] as string)?.text).toBe('你好');
  });

  test('a new chat becomes its session on final_data, the list reloads, credits are refreshed', async () => {
    const { store, stream, turns, onTurnEnd, addSession } = setup();
    store.start();
    await settle();
    store.send('第一个问题');
    expect(turns[0]).toEqual({ sessionId: null, modelId: 'm2', text: '第一个问题', searchEnabled: false });
    expect(store.getState().isStreaming).toBe(true);
    expect(store.send('again')).toBe(false);
    stream.push({ type: 'text', text: '答' });
    addSession(session('new', '2026-04-01T00:00:00Z', '2026-04-01T00:00:00Z'));
    stream.push({
      type: 'final_data',
      data: { session_id: 'new', credits_charged: 3, model_name: 'Two（服务器名）' },
    });
    stream.push({ type: 'done' });
    await settle();
    await settle();
    const assistant = store.getMessage(store.getState().conversation.messageIds[1] as string);
    expect(assistant).toMatchObject({ text: '答', status: 'done', credits: 3, modelName: 'Two（服务器名）' });
    expect(store.getState().currentSessionId).toBe('new');
    expect(store.getState().isStreaming).toBe(false);
    expect(store.getState().sessions.items.map((s) => s.id)).toEqual(['new']);
    expect(onTurnEnd).toHaveBeenCalledTimes(1);
  });

  test('stop keeps what arrived, marks it stopped without a toast, and picks up the session the server made', async () => {
    const { store, stream, onInterrupted, addSession } = setup([
      session('older', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ]);
    store.start();
    await settle();
    store.newChat();
    store.send('讲个长故事');
    stream.push({ type: 'text', text: '从前' });
    await settle();
    addSession(session('fresh', '2026-05-01T00:00:00Z', '2026-05-01T00:00:00Z'));
    store.stop();
    await settle();
    await settle();
    const assistant = store.getMessage(store.getState().conversation.messageIds[1] as string);
    expect(assistant).toMatchObject({ text: '从前', status: 'stopped' });
    expect(onInterrupted).not.toHaveBeenCalled();
    expect(store.getState().currentSessionId).toBe('fresh');
  });

  test('an answer stopped because the user opened another chat is told with 对话已中断', async () => {
    const { store, stream, onInterrupted } = setup([
      session('older', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ]);
    store.start();
    await settle();
    store.send('讲个长故事');
    stream.push({ type: 'text', text: '从前' });
    await settle();
    await store.openSession('older');
    for (let i = 0; i < 4; i++) await settle();
    expect(onInterrupted).toHaveBeenCalledTimes(1);
  });

  test('a stopped answer shows what it cost once the server has settled it', async () => {
    const { store, stream, backend, onTurnEnd } = setup([
      session('s1', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
    ]);
    store.start();
    await store.openSession('s1');
    const stored = (credits: number | null): ChatMessage[] => [
      { ...(store.getMessage('s1-u') as ChatMessage), id: 'q' },
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
    store.send('讲个长故事');
    stream.push({ type: 'text', text: '从前' });
    await settle();
    store.stop();
    for (let i = 0; i < 6; i++) await settle();
    const assistant = store.getMessage(store.getState().conversation.messageIds.at(-1) as string);
    expect(assistant).toMatchObject({ text: '从前', status: 'stopped', credits: 4 });
    expect(backend.getSession).toHaveBeenLastCalledWith('s1');
    // Once when the turn ended, once more with the settled balance.
    expect(onTurnEnd).toHaveBeenCalledTimes(2);
  });

  test('a refused turn shows the server’s own reason, not the generic request wrapper', async () => {
    const { store, backend } = setup();
    await store.loadModels();
    const response = new Response(null, { status: 402 });
    backend.createTurn = () => {
      throw new ApiError(response, { detail: '积分不足：本次对话至少需要 5 积分，当前余额 3 积分。' });
    };
    store.send('hi');
    await settle();
    await settle();
    expect(store.getState().banner).toBe('对话失败: 积分不足：本次对话至少需要 5 积分，当前余额 3 积分。');
    // Nothing was answered: the text goes back to the input, to be sent again.
    expect(store.getState().returnedDraft).toEqual({ text: 'hi', seq: 1 });
  });

  test('a stream error shows in the message and in the banner', async () => {
    const { store, stream } = setup();
    store.start();
    await settle();
    store.send('hi');
    stream.push({ type: 'error', message: '模型不可用' });
    stream.push({ type: 'done' });
    await settle();
    await settle();
    const assistant = store.getMessage(store.getState().conversation.messageIds[1] as string);
    expect(assistant).toMatchObject({ status: 'error', error: '模型不可用' });
    expect(store.getState().banner).toBe('对话失败: 模型不可用');
    // An answer that started and then failed is not a refused message: the input is left alone.
    expect(store.getState().returnedDraft).toBeNull();
  });

  test('a turn ends even when the store was never started (a page of its own, the bench)', async () => {
    const { store, stream } = setup();
    await store.loadModels();
    store.send('hi');
    stream.push({ type: 'text', text: '好' });
    stream.push({ type: 'done' });
    await settle();
    await settle();
    expect(store.getState().isStreaming).toBe(false);
  });

  test('tells the address only what it chose by itself, not what the user asked for', async () => {
    const { store, stream } = setup([
      session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
      session('b', '2026-01-01T00:00:00Z', '2026-01-05T00:00:00Z'),
    ]);
    const chosen: (string | null)[] = [];
    store.onSessionChosen((id) => chosen.push(id));
    store.start();
    await settle();
    await settle();
    // Nothing is chosen on loading: the page stays on its new chat.
    expect(chosen).toEqual([]);
    // The user's own moves (a new chat, back to a chat) are the address's: nothing is told.
    store.newChat();
    await store.openSession('b');
    store.newChat();
    expect(chosen).toEqual([]);
    // A new chat's first answer made its session.
    store.send('hi');
    stream.push({ type: 'final_data', data: { session_id: 'c' } });
    stream.close();
    await settle();
    expect(chosen).toEqual(['c']);
    // Deleting the open chat starts a new one.
    await store.deleteSession('c');
    expect(chosen).toEqual(['c', null]);
  });

  test('sending needs text and a model', async () => {
    const { store } = setup();
    expect(store.send('   ')).toBe(false);
    expect(store.send('hi')).toBe(false);
    expect(store.getState().banner).toBe(chatText.noModelSelected);
  });

  test('deleting the open session clears the selection; a failure says 删除会话失败', async () => {
    const { store } = setup([
      session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
      session('locked', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ]);
    store.start();
    await store.openSession('a');
    expect(store.getState().currentSessionId).toBe('a');
    await expect(store.deleteSession('locked')).rejects.toThrow('删除会话失败');
    await store.deleteSession('a');
    expect(store.getState().currentSessionId).toBeNull();
    expect(store.getState().conversation.messageIds).toEqual([]);
    expect(store.getState().sessions.items.map((s) => s.id)).toEqual(['locked']);
    expect(store.getState().sessions.total).toBe(1);
  });

  test('searching the history lists only what matches; clearing it brings the whole history back', async () => {
    const { store, backend } = setup([
      { ...session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'), title: '秋天的诗' },
      { ...session('b', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), title: 'TypeScript 数组' },
    ]);
    store.start();
    await settle();
    await store.searchSessions('  typescript ');
    expect(backend.listSessions).toHaveBeenLastCalledWith(1, 10, 'typescript');
    expect(store.getState().sessions.query).toBe('typescript');
    expect(store.getState().sessions.items.map((s) => s.id)).toEqual(['b']);
    await store.searchSessions('');
    expect(store.getState().sessions.items.map((s) => s.id)).toEqual(['a', 'b']);
  });

  test('renaming changes the row; an empty name or a failure is refused in Chinese', async () => {
    const { store } = setup([
      session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
      session('locked', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ]);
    store.start();
    await settle();
    await store.renameSession('a', '  新名字 ');
    expect(store.getState().sessions.items.find((s) => s.id === 'a')?.title).toBe('新名字');
    await expect(store.renameSession('a', '  ')).rejects.toThrow('会话名称不能为空');
    await expect(store.renameSession('locked', '改')).rejects.toThrow('重命名失败，请稍后重试');
  });

  test('pinning moves a session to the top of the history, unpinning puts it back', async () => {
    const { store } = setup([
      session('new', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
      session('old', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ]);
    store.start();
    await settle();
    await store.setPinned('old', true);
    expect(store.getState().sessions.items.map((s) => [s.id, s.pinned ?? false])).toEqual([
      ['old', true],
      ['new', false],
    ]);
    await store.setPinned('old', false);
    expect(store.getState().sessions.items.map((s) => s.id)).toEqual(['new', 'old']);
  });

  test('a chat that does not exist is missing, not a failed load; a failed load stays one', async () => {
    const { store } = setup();
    store.start();
    await store.openSession('gone');
    expect(store.getState().conversation).toEqual({ status: 'missing', messageIds: [] });
    expect(store.getState().currentSessionId).toBe('gone');
    await store.openSession('offline');
    expect(store.getState().conversation.status).toBe('error');
    // 新建对话 from there is an ordinary new chat.
    store.newChat();
    expect(store.getState().conversation).toEqual({ status: 'ready', messageIds: [] });
    expect(store.getState().currentSessionId).toBeNull();
  });

  test('new chat before the first load keeps the welcome screen', async () => {
    const { store } = setup([session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z')]);
    store.newChat();
    store.start();
    await settle();
    await settle();
    expect(store.getState().currentSessionId).toBeNull();
  });
});

test('reset forgets the history and stops a running answer without a toast', async () => {
  const { store, stream, onInterrupted } = setup([
    session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
  ]);
  store.start();
  await settle();
  await settle();
  store.send('hi');
  stream.push({ type: 'text', text: '部分' });
  await settle();
  store.reset();
  await settle();
  expect(store.getState().sessions.items).toEqual([]);
  expect(store.getState().conversation.messageIds).toEqual([]);
  expect(store.getState().currentSessionId).toBeNull();
  expect(store.getState().isStreaming).toBe(false);
  expect(onInterrupted).not.toHaveBeenCalled();
});

describe('formatting', () => {
  test('prices, clock, titles, newest', () => {
    expect(formatModelPrice({ is_per_call: true, fixed_price_credits: 5 })).toBe('每次 5 积分');
    expect(formatModelPrice({ is_per_call: true, fixed_price_credits: 0 })).toBe('免费');
    expect(formatModelPrice({ is_per_call: false, input_price_credits: 0, output_price_credits: 0 })).toBe(
      '免费',
    );
    expect(formatModelPrice({ is_per_call: false, input_price_credits: 1, output_price_credits: 2 })).toBe(
      '输入 1 / 输出 2 积分/千 tokens',
    );
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65_400)).toBe('01:05');
    expect(formatClock(3_725_000)).toBe('62:05');
    expect(sessionTitle(null)).toBe('未命名会话');
    expect(sessionTitle('  ')).toBe('未命名会话');
    expect(sessionTitle('周报')).toBe('周报');
    const items = [
      { id: 'a', at: '2026-01-01T00:00:00Z' },
      { id: 'b', at: '2026-03-01T00:00:00Z' },
      { id: 'c', at: 'garbage' },
    ];
    expect(newestBy(items, 'at')?.id).toBe('b');
  });
});

describe('ChatStore versions', () => {
  const stored = (id: string, role: 'user' | 'assistant', text: string, versions = [id]): ChatMessage => ({
    id,
    role,
    text,
    images: [],
    files: [],
    status: 'done',
    error: null,
    credits: role === 'assistant' ? 3 : null,
    startedAt: null,
    modelName: role === 'assistant' ? 'Two' : null,
    serverId: id,
    versions,
  });

  async function opened() {
    const env = setup([session('s', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z')]);
    vi.mocked(env.backend.getSession).mockResolvedValue([
      stored('q1', 'user', '问题一'),
      stored('a1', 'assistant', '回答一'),
      stored('q2', 'user', '问题二'),
      stored('a2', 'assistant', '回答二'),
    ]);
    env.store.start();
    await env.store.openSession('s');
    expect(env.store.getState().currentSessionId).toBe('s');
    return env;
  }

  test('重新生成 answers the last question again as a new version, and learns its stored id', async () => {
    const { store, stream, turns } = await opened();
    expect(store.regenerate('a1')).toBe(false); // only the last answer
    expect(store.regenerate('a2')).toBe(true);
    expect(turns.at(-1)).toMatchObject({ sessionId: 's', text: '问题二', regenerateMessageId: 'a2' });
    const ids = store.getState().conversation.messageIds;
    expect(ids.slice(0, 3)).toEqual(['q1', 'a1', 'q2']);
    const fresh = ids[3] ?? '';
    expect(store.getMessage(fresh)).toMatchObject({ status: 'streaming', versions: ['a2', fresh] });
    // Nothing else runs meanwhile.
    expect(store.regenerate(fresh)).toBe(false);
    stream.push({ type: 'text', text: '新回答' });
    stream.push({
      type: 'final_data',
      data: { session_id: 's', message_id: 'a2b', user_message_id: 'q2', credits_charged: 4 },
    });
    stream.close();
    await settle();
    expect(store.getMessage(fresh)).toMatchObject({
      text: '新回答',
      status: 'done',
      credits: 4,
      serverId: 'a2b',
      versions: ['a2', 'a2b'],
    });
    // The stored id makes it regenerable in turn.
    expect(store.regenerate(fresh)).toBe(true);
  });

  test('编辑 sends in place of a question, dropping what followed it from view', async () => {
    const { store, stream, turns } = await opened();
    expect(store.edit('q1', '   ')).toBe(false);
    expect(store.edit('a1', '不是问题')).toBe(false);
    expect(store.edit('q1', ' 改过的问题 ')).toBe(true);
    expect(turns.at(-1)).toMatchObject({ text: '改过的问题', editMessageId: 'q1' });
    const [question = '', answer = ''] = store.getState().conversation.messageIds;
    expect(store.getState().conversation.messageIds).toHaveLength(2);
    expect(store.getMessage(question)).toMatchObject({ text: '改过的问题', versions: ['q1', question] });
    stream.push({ type: 'final_data', data: { session_id: 's', message_id: 'a9', user_message_id: 'q9' } });
    stream.close();
    await settle();
    expect(store.getMessage(question)).toMatchObject({ serverId: 'q9', versions: ['q1', 'q9'] });
    expect(store.getMessage(answer)).toMatchObject({ serverId: 'a9' });
  });

  test('a refused edit shows the chat as it was and gives its text back to the input', async () => {
    const { store, backend } = await opened();
    backend.createTurn = () => {
      throw new ApiError(new Response(null, { status: 402 }), { detail: '积分不足' });
    };
    expect(store.edit('q2', '换个问法')).toBe(true);
    await settle();
    expect(store.getState().conversation.messageIds).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(store.getState().returnedDraft?.text).toBe('换个问法');
    expect(store.getState().banner).toContain('积分不足');
  });

  test('paging shows the branch the server answers; a failure says so', async () => {
    const { store, backend } = await opened();
    vi.mocked(backend.selectVersion).mockResolvedValueOnce([
      stored('q1', 'user', '问题一'),
      stored('a1', 'assistant', '回答一'),
      stored('q2', 'user', '问题二'),
      stored('a2b', 'assistant', '另一个回答', ['a2', 'a2b']),
    ]);
    expect(await store.selectVersion('a2b')).toBe(true);
    expect(backend.selectVersion).toHaveBeenCalledWith('s', 'a2b');
    expect(texts(store)).toEqual(['问题一', '回答一', '问题二', '另一个回答']);
    vi.mocked(backend.selectVersion).mockRejectedValueOnce(new Error('offline'));
    expect(await store.selectVersion('a2')).toBe(false);
    expect(store.getState().banner).toBe(chatText.versionFailed);
    expect(texts(store)).toEqual(['问题一', '回答一', '问题二', '另一个回答']);
  });
});

describe('an answer that outlives its tab', () => {
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
    store.start();
    await store.openSession('s1');
    await settle();
    expect(followTurn).toHaveBeenCalledWith('s1', expect.any(AbortSignal));
    expect(store.getState().isStreaming).toBe(true);
    // The stream replays the whole text so far, which replaces the stored one, then grows.
    live.push(turnFrame);
    live.push({ type: 'text', text: '从前有座山' });
    live.push({ type: 'text', text: '，山里' });
    await settle();
    runFrame();
    expect(store.getMessage('a')).toMatchObject({ text: '从前有座山，山里', status: 'streaming' });
    store.stop();
    for (let i = 0; i < 4; i++) await settle();
    runFrame();
    expect(stopTurn).toHaveBeenCalledWith('s1');
    expect(store.getMessage('a')).toMatchObject({ text: '从前有座山，山里', status: 'stopped', credits: 3 });
    expect(store.getState().isStreaming).toBe(false);
    expect(onInterrupted).not.toHaveBeenCalled();
  });

  test('this tab’s own answer is stopped on the server once the stream said where it is', async () => {
    const { store, stream, backend, runFrame } = setup();
    const stopTurn = vi.fn(async () => {
      stream.push({ type: 'final_data', data: { status: 'stopped', credits_charged: 2, session_id: 's1' } });
      stream.push({ type: 'done' });
    });
    backend.stopTurn = stopTurn;
    store.start();
    await settle();
    store.send('讲个长故事');
    stream.push(turnFrame);
    stream.push({ type: 'text', text: '从前' });
    await settle();
    runFrame();
    store.stop();
    for (let i = 0; i < 4; i++) await settle();
    expect(stopTurn).toHaveBeenCalledWith('s1');
    const answer = store.getMessage(store.getState().conversation.messageIds[1] as string);
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
    store.start();
    await store.openSession('s1');
    await settle();
    expect(store.getState().isStreaming).toBe(true);
    await store.openSession('s2');
    expect(backend.stopTurn).not.toHaveBeenCalled();
    expect(store.getState().isStreaming).toBe(false);
  });
});
