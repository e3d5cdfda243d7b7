import { describe, expect, test } from 'vitest';
import { session, settle, setup } from './chatTesting';
import { conversationAtom, currentSessionIdAtom } from './conversation';
import { resetChatAtom, startChatAtom } from './lifecycle';
import { selectedModelIdAtom } from './models';
import { newChatAtom } from './openChat';
import { isStreamingAtom, sendAtom } from './running';
import { sessionsAtom } from './sessions';

describe('starting and resetting the chat', () => {
  test('the page opens on a new chat beside the history, not on the newest old chat', async () => {
    const { store, backend } = setup([
      session('old', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
      session('recent', '2025-12-01T00:00:00Z', '2026-03-01T00:00:00Z'),
    ]);
    store.set(startChatAtom);
    await settle();
    await settle();
    expect(store.get(sessionsAtom).items.map((s) => s.id)).toEqual(['old', 'recent']);
    expect(store.get(currentSessionIdAtom)).toBeNull();
    expect(store.get(conversationAtom)).toEqual({ status: 'ready', messageIds: [] });
    expect(backend.getSession).not.toHaveBeenCalled();
    // The server's default model is chosen when nothing is stored.
    expect(store.get(selectedModelIdAtom)).toBe('m2');
  });

  test('new chat before the first load keeps the welcome screen', async () => {
    const { store } = setup([session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z')]);
    store.set(newChatAtom);
    store.set(startChatAtom);
    await settle();
    await settle();
    expect(store.get(currentSessionIdAtom)).toBeNull();
  });

  test('reset forgets the history and stops a running answer without a toast', async () => {
    const { store, stream, onInterrupted } = setup([
      session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
    ]);
    store.set(startChatAtom);
    await settle();
    await settle();
    store.set(sendAtom, 'hi');
    stream.push({ type: 'text', text: '部分' });
    await settle();
    store.set(resetChatAtom);
    await settle();
    expect(store.get(sessionsAtom).items).toEqual([]);
    expect(store.get(conversationAtom).messageIds).toEqual([]);
    expect(store.get(currentSessionIdAtom)).toBeNull();
    expect(store.get(isStreamingAtom)).toBe(false);
    expect(onInterrupted).not.toHaveBeenCalled();
  });
});
