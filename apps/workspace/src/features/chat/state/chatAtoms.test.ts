import type { ChatStreamEvent } from '@wanxiang/api-client';
import { createStore } from 'jotai';
import { expect, test } from 'vitest';
import { chatEngineAtom, isStreamingAtom, messageAtom, messageIdsAtom } from './chatAtoms';
import { ChatStore } from './chatStore';

/** An engine whose answers are the events the test pushes, its frames run when the test says. */
function setup() {
  const events: ChatStreamEvent[] = [];
  let wake: (() => void) | null = null;
  const push = (event: ChatStreamEvent) => {
    events.push(event);
    wake?.();
  };
  async function* read(): AsyncGenerator<ChatStreamEvent> {
    while (true) {
      const next = events.shift();
      if (next) {
        yield next;
        if (next.type === 'done') return;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }
  const frames: Array<() => void> = [];
  const engine = new ChatStore({
    backend: {
      getFile: async () => new Blob(['file']),
      listModels: async () => [{ id: 'm', name: 'M', is_per_call: true, fixed_price_credits: 1 }],
      listSessions: async () => ({ items: [], total: 0, hasMore: false }),
      getSession: async () => [],
      deleteSession: async () => {},
      selectVersion: async () => [],
      updateSession: async (id) => ({ id, created_at: '', updated_at: '' }),
      createTurn: () => read(),
    },
    selectedModel: { get: () => 'm', set: () => {} },
    scheduleFrame: (flush) => frames.push(flush),
  });
  const store = createStore();
  store.set(chatEngineAtom, engine);
  const runFrame = () => {
    for (const flush of frames.splice(0)) flush();
  };
  return { engine, store, push, runFrame };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('the atoms follow the engine while watched, and read it afresh when watched again', async () => {
  const { engine, store, push } = setup();
  const seen: boolean[] = [];
  const unsubscribe = store.sub(isStreamingAtom, () => seen.push(store.get(isStreamingAtom)));
  engine.send('你好');
  expect(store.get(isStreamingAtom)).toBe(true);
  expect(store.get(messageIdsAtom)).toHaveLength(2);
  unsubscribe();

  // Nothing watches while the answer ends: the next watcher still reads the engine as it is now.
  push({ type: 'done' });
  await settle();
  expect(engine.getState().isStreaming).toBe(false);
  store.sub(isStreamingAtom, () => {});
  expect(store.get(isStreamingAtom)).toBe(false);
  expect(seen).toEqual([true]);
});

test("a message's atom changes once per frame, however many deltas arrived", async () => {
  const { engine, store, push, runFrame } = setup();
  engine.send('你好');
  const answerId = store.get(messageIdsAtom)[1] ?? '';
  const answer = messageAtom(answerId);
  const texts: string[] = [];
  store.sub(answer, () => texts.push(store.get(answer)?.text ?? ''));
  for (const text of ['一', '二', '三']) push({ type: 'text', text });
  await settle();
  expect(texts).toEqual([]);
  runFrame();
  expect(texts).toEqual(['一二三']);
  push({ type: 'text', text: '四' });
  await settle();
  runFrame();
  expect(texts).toEqual(['一二三', '一二三四']);
});
