import { atom } from 'jotai';
import { chatText } from '../messages';
import { choseSession, currentSessionIdAtom } from './conversation';
import { chatDepsAtom, generationAtom } from './deps';
import { newestBy } from './format';
import type { LoadStatus } from './models';
import type { ChatSessionSummary } from './types';

/** The history loads 10 sessions a page. */
export const SESSION_PAGE_SIZE = 10;

/** The history (the sidebar's list of chats), as far as it is loaded. */
export interface SessionsState {
  status: LoadStatus;
  items: readonly ChatSessionSummary[];
  total: number;
  hasMore: boolean;
  page: number;
  isLoadingMore: boolean;
  /** The history's search text; '' shows the whole history. */
  query: string;
}

export const initialSessions: SessionsState = {
  status: 'idle',
  items: [],
  total: 0,
  hasMore: false,
  page: 0,
  isLoadingMore: false,
  query: '',
};

export const sessionsAtom = atom<SessionsState>(initialSessions);

export const sessionsStatusAtom = atom((get) => get(sessionsAtom).status);

export interface LoadSessionsOptions {
  /**
   * 'created_at': a turn of a new chat ended before its stream said its session; the newest session the
   * list did not have (not in `knownIds`) is that chat, and becomes the open one.
   */
  selectNewest?: 'created_at';
  knownIds?: ReadonlySet<string>;
}

/** Reloads the first page of the history (of the search, when there is one). */
export const loadSessionsAtom = atom(
  null,
  async (get, set, options: LoadSessionsOptions = {}): Promise<void> => {
    const { backend } = get(chatDepsAtom);
    set(sessionsAtom, (sessions) => ({ ...sessions, status: 'loading' }));
    const generation = get(generationAtom);
    const query = get(sessionsAtom).query;
    // A newer search (or a reset) has taken over.
    const overtaken = () => generation !== get(generationAtom) || query !== get(sessionsAtom).query;
    try {
      const page = await backend.listSessions(1, SESSION_PAGE_SIZE, query);
      if (overtaken()) return;
      set(sessionsAtom, {
        query,
        status: 'ready',
        items: page.items,
        total: page.total ?? page.items.length,
        hasMore: page.hasMore,
        page: 1,
        isLoadingMore: false,
      });
      if (options.selectNewest === 'created_at' && get(currentSessionIdAtom) === null) {
        const known = options.knownIds;
        const newest = newestBy(
          page.items.filter((s) => !known?.has(s.id)),
          'created_at',
        );
        if (newest) {
          set(currentSessionIdAtom, newest.id);
          choseSession(set, newest.id);
        }
      }
    } catch {
      if (overtaken()) return;
      set(sessionsAtom, (sessions) => ({ ...sessions, status: 'error', isLoadingMore: false }));
    }
  },
);

/** Searches the history (titles and messages); '' shows the whole history again. */
export const searchSessionsAtom = atom(null, (get, set, query: string): Promise<void> => {
  const q = query.trim();
  if (q === get(sessionsAtom).query) return Promise.resolve();
  set(sessionsAtom, (sessions) => ({ ...sessions, query: q, items: [], hasMore: false, page: 0 }));
  return set(loadSessionsAtom);
});

/** The history's next page, added below what is listed. */
export const loadMoreSessionsAtom = atom(null, async (get, set): Promise<void> => {
  const sessions = get(sessionsAtom);
  if (!sessions.hasMore || sessions.isLoadingMore) return;
  const { backend } = get(chatDepsAtom);
  set(sessionsAtom, { ...sessions, isLoadingMore: true });
  const generation = get(generationAtom);
  try {
    const next = sessions.page + 1;
    const query = sessions.query;
    const page = await backend.listSessions(next, SESSION_PAGE_SIZE, query);
    if (generation !== get(generationAtom) || query !== get(sessionsAtom).query) return;
    set(sessionsAtom, (now) => {
      const seen = new Set(now.items.map((s) => s.id));
      return {
        ...now,
        items: [...now.items, ...page.items.filter((s) => !seen.has(s.id))],
        total: page.total ?? now.total,
        hasMore: page.hasMore,
        page: next,
        isLoadingMore: false,
      };
    });
  } catch {
    if (generation !== get(generationAtom)) return;
    set(sessionsAtom, (now) => ({ ...now, isLoadingMore: false, status: 'error' }));
  }
});

/** Renames and/or pins a session on the server and in the list; throws `failure` when it cannot. */
const updateSessionAtom = atom(
  null,
  async (
    get,
    set,
    id: string,
    change: { title?: string; pinned?: boolean },
    failure: string,
  ): Promise<void> => {
    let updated: ChatSessionSummary;
    try {
      updated = await get(chatDepsAtom).backend.updateSession(id, change);
    } catch {
      throw new Error(failure);
    }
    set(sessionsAtom, (sessions) => ({
      ...sessions,
      items: sessions.items.map((s) => (s.id === id ? { ...s, ...updated, snippet: s.snippet ?? null } : s)),
    }));
  },
);

/** Renames a session; throws 重命名失败 (or the server's reason) for the dialog to show. */
export const renameSessionAtom = atom(null, async (_get, set, id: string, title: string): Promise<void> => {
  const name = title.trim();
  if (!name) throw new Error(chatText.renameEmpty);
  await set(updateSessionAtom, id, { title: name }, chatText.renameFailed);
});

/** Pins a session on top of the history, or unpins it; the list is reloaded in its new order. */
export const setPinnedAtom = atom(null, async (_get, set, id: string, pinned: boolean): Promise<void> => {
  await set(updateSessionAtom, id, { pinned }, chatText.pinFailed);
  await set(loadSessionsAtom);
});

/**
 * A new chat's first turn has started and the server has made its session: the chat takes its address
 * and its row in the history now, not when the answer ends, so that a reload or another tab finds it
 * while it is still being written. The row is the server's title and the time `at`; the list is read
 * again when the turn ends.
 */
export const listNewSessionAtom = atom(
  null,
  (get, set, sessionId: string, title: string | null, at: string) => {
    const sessions = get(sessionsAtom);
    const listed = sessions.items.some((s) => s.id === sessionId);
    const row: ChatSessionSummary = { id: sessionId, title, created_at: at, updated_at: at };
    // Below the pinned chats, above the rest; a search's results are left as they are.
    const pinned = sessions.items.filter((s) => s.pinned).length;
    const items =
      listed || sessions.query !== ''
        ? sessions.items
        : [...sessions.items.slice(0, pinned), row, ...sessions.items.slice(pinned)];
    set(sessionsAtom, { ...sessions, items, total: sessions.total + (items === sessions.items ? 0 : 1) });
  },
);
