/*
 * The chat's test bench: a jotai store with deps whose backend is in memory, answers the test streams
 * event by event, and frames that run when the test says. For the slices' tests, not for the app.
 */
import type { ChatStreamEvent } from '@wanxiang/api-client';
import { createStore } from 'jotai';
import { vi } from 'vitest';
import { conversationAtom, messageAtom } from './conversation';
import { provideChatAtom, startChatAtom } from './lifecycle';
import { openSessionAtom } from './openChat';
import type { ChatBackend, ChatMessage, ChatSessionSummary, TurnInput } from './types';
import { ChatNotFoundError } from './types';

export type TestStore = ReturnType<typeof createStore>;

/** A stream the test drives event by event; it honours the abort signal like the real reader does. */
export function controllableStream() {
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

export const session = (
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

/** A store with the chat's deps: two models (the second the server's default) and `sessions` stored. */
export function setup(sessions: ChatSessionSummary[] = []) {
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
  const store = createStore();
  store.set(provideChatAtom, {
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

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The open conversation's texts, in order. */
export const texts = (store: TestStore) =>
  store.get(conversationAtom).messageIds.map((id) => store.get(messageAtom(id))?.text);

/** A stored message of the open chat, with its versions. */
export const stored = (
  id: string,
  role: 'user' | 'assistant',
  text: string,
  versions = [id],
): ChatMessage => ({
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

/** A store with the chat `s` open: two questions, each answered once, all stored. */
export async function opened() {
  const env = setup([session('s', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z')]);
  vi.mocked(env.backend.getSession).mockResolvedValue([
    stored('q1', 'user', '问题一'),
    stored('a1', 'assistant', '回答一'),
    stored('q2', 'user', '问题二'),
    stored('a2', 'assistant', '回答二'),
  ]);
  env.store.set(startChatAtom);
  await env.store.set(openSessionAtom, 's');
  return env;
}
