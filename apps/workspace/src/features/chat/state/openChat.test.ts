import { describe, expect, test, vi } from 'vitest';
import { chatText } from '../messages';
import { opened, session, settle, setup, stored, texts } from './chatTesting';
import { conversationAtom, currentSessionIdAtom, sessionChosenAtom } from './conversation';
import { bannerAtom } from './flags';
import { startChatAtom } from './lifecycle';
import { deleteSessionAtom, newChatAtom, openSessionAtom, selectVersionAtom } from './openChat';
import { sendAtom } from './running';
import { sessionsAtom } from './sessions';

describe('opening chats', () => {
  test('tells the address only what it chose by itself, not what the user asked for', async () => {
    const { store, stream } = setup([
      session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
      session('b', '2026-01-01T00:00:00Z', '2026-01-05T00:00:00Z'),
    ]);
    const chosen: (string | null)[] = [];
    store.sub(sessionChosenAtom, () => chosen.push(store.get(sessionChosenAtom)?.id ?? null));
    store.set(startChatAtom);
    await settle();
    await settle();
    // Nothing is chosen on loading: the page stays on its new chat.
    expect(chosen).toEqual([]);
    // The user's own moves (a new chat, back to a chat) are the address's: nothing is told.
    store.set(newChatAtom);
    await store.set(openSessionAtom, 'b');
    store.set(newChatAtom);
    expect(chosen).toEqual([]);
    // A new chat's first answer made its session.
    store.set(sendAtom, 'hi');
    stream.push({ type: 'final_data', data: { session_id: 'c' } });
    stream.close();
    await settle();
    expect(chosen).toEqual(['c']);
    // Deleting the open chat starts a new one.
    await store.set(deleteSessionAtom, 'c');
    expect(chosen).toEqual(['c', null]);
  });

  test('deleting the open session clears the selection; a failure says 删除会话失败', async () => {
    const { store } = setup([
      session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
      session('locked', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ]);
    store.set(startChatAtom);
    await store.set(openSessionAtom, 'a');
    expect(store.get(currentSessionIdAtom)).toBe('a');
    await expect(store.set(deleteSessionAtom, 'locked')).rejects.toThrow('删除会话失败');
    await store.set(deleteSessionAtom, 'a');
    expect(store.get(currentSessionIdAtom)).toBeNull();
    expect(store.get(conversationAtom).messageIds).toEqual([]);
    expect(store.get(sessionsAtom).items.map((s) => s.id)).toEqual(['locked']);
    expect(store.get(sessionsAtom).total).toBe(1);
  });

  test('a chat that does not exist is missing, not a failed load; a failed load stays one', async () => {
    const { store } = setup();
    store.set(startChatAtom);
    await store.set(openSessionAtom, 'gone');
    expect(store.get(conversationAtom)).toEqual({ status: 'missing', messageIds: [] });
    expect(store.get(currentSessionIdAtom)).toBe('gone');
    await store.set(openSessionAtom, 'offline');
    expect(store.get(conversationAtom).status).toBe('error');
    // 新建对话 from there is an ordinary new chat.
    store.set(newChatAtom);
    expect(store.get(conversationAtom)).toEqual({ status: 'ready', messageIds: [] });
    expect(store.get(currentSessionIdAtom)).toBeNull();
  });

  test('paging shows the branch the server answers; a failure says so', async () => {
    const { store, backend } = await opened();
    vi.mocked(backend.selectVersion).mockResolvedValueOnce([
      stored('q1', 'user', '问题一'),
      stored('a1', 'assistant', '回答一'),
      stored('q2', 'user', '问题二'),
      stored('a2b', 'assistant', '另一个回答', ['a2', 'a2b']),
    ]);
    expect(await store.set(selectVersionAtom, 'a2b')).toBe(true);
    expect(backend.selectVersion).toHaveBeenCalledWith('s', 'a2b');
    expect(texts(store)).toEqual(['问题一', '回答一', '问题二', '另一个回答']);
    vi.mocked(backend.selectVersion).mockRejectedValueOnce(new Error('offline'));
    expect(await store.set(selectVersionAtom, 'a2')).toBe(false);
    expect(store.get(bannerAtom)).toBe(chatText.versionFailed);
    expect(texts(store)).toEqual(['问题一', '回答一', '问题二', '另一个回答']);
  });
});
