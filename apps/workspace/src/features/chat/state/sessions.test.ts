import { describe, expect, test } from 'vitest';
import { session, settle, setup } from './chatTesting';
import { startChatAtom } from './lifecycle';
import { renameSessionAtom, searchSessionsAtom, sessionsAtom, setPinnedAtom } from './sessions';

describe('the history', () => {
  test('searching the history lists only what matches; clearing it brings the whole history back', async () => {
    const { store, backend } = setup([
      { ...session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'), title: '秋天的诗' },
      { ...session('b', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), title: 'TypeScript 数组' },
    ]);
    store.set(startChatAtom);
    await settle();
    await store.set(searchSessionsAtom, '  typescript ');
    expect(backend.listSessions).toHaveBeenLastCalledWith(1, 10, 'typescript');
    expect(store.get(sessionsAtom).query).toBe('typescript');
    expect(store.get(sessionsAtom).items.map((s) => s.id)).toEqual(['b']);
    await store.set(searchSessionsAtom, '');
    expect(store.get(sessionsAtom).items.map((s) => s.id)).toEqual(['a', 'b']);
  });

  test('renaming changes the row; an empty name or a failure is refused in Chinese', async () => {
    const { store } = setup([
      session('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
      session('locked', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ]);
    store.set(startChatAtom);
    await settle();
    await store.set(renameSessionAtom, 'a', '  新名字 ');
    expect(store.get(sessionsAtom).items.find((s) => s.id === 'a')?.title).toBe('新名字');
    await expect(store.set(renameSessionAtom, 'a', '  ')).rejects.toThrow('会话名称不能为空');
    await expect(store.set(renameSessionAtom, 'locked', '改')).rejects.toThrow('重命名失败，请稍后重试');
  });

  test('pinning moves a session to the top of the history, unpinning puts it back', async () => {
    const { store } = setup([
      session('new', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
      session('old', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ]);
    store.set(startChatAtom);
    await settle();
    await store.set(setPinnedAtom, 'old', true);
    expect(store.get(sessionsAtom).items.map((s) => [s.id, s.pinned ?? false])).toEqual([
      ['old', true],
      ['new', false],
    ]);
    await store.set(setPinnedAtom, 'old', false);
    expect(store.get(sessionsAtom).items.map((s) => s.id)).toEqual(['new', 'old']);
  });
});
