import { atom } from 'jotai';
import { chatText } from '../messages';
import {
  choseSession,
  conversationAtom,
  conversationTokenAtom,
  currentSessionIdAtom,
  replaceConversation,
} from './conversation';
import { chatDepsAtom } from './deps';
import { bannerAtom } from './flags';
import { followGeneratingAtom, leaveTurnAtom, runningTurnAtom } from './running';
import { loadSessionsAtom, sessionsAtom } from './sessions';
import { ChatNotFoundError } from './types';

/*
 * Which conversation is open: a stored chat, a new one, another version of a message. Opening another
 * chat leaves the running answer first (running.ts).
 */

/**
 * Opens a session and loads its history. A running answer of this tab's is stopped first;
 * one it only followed goes on. An answer the session is still generating (this tab's before a reload,
 * or another tab's) is followed: it grows here and the stop button stops it.
 */
export const openSessionAtom = atom(null, async (get, set, id: string): Promise<void> => {
  const { backend } = get(chatDepsAtom);
  if (get(currentSessionIdAtom) === id) {
    const { status } = get(conversationAtom);
    if (status !== 'error') return;
  }
  set(leaveTurnAtom);
  const token = get(conversationTokenAtom) + 1;
  set(conversationTokenAtom, token);
  set(currentSessionIdAtom, id);
  set(bannerAtom, null);
  replaceConversation(get, set, [], 'loading');
  try {
    const messages = await backend.getSession(id);
    if (token !== get(conversationTokenAtom)) return;
    replaceConversation(get, set, messages, 'ready');
    set(followGeneratingAtom, id, messages);
  } catch (error) {
    if (token !== get(conversationTokenAtom)) return;
    replaceConversation(get, set, [], error instanceof ChatNotFoundError ? 'missing' : 'error');
  }
});

/** New chat clears the current session and shows the welcome screen. */
export const newChatAtom = atom(null, (get, set) => {
  set(leaveTurnAtom);
  set(conversationTokenAtom, (token) => token + 1);
  set(currentSessionIdAtom, null);
  set(bannerAtom, null);
  replaceConversation(get, set, [], 'ready');
});

/**
 * Pages to another version of a message (one of its `versions`): the server makes the branch through
 * it current, and the conversation shows that branch. A failure says so in the banner.
 */
export const selectVersionAtom = atom(null, async (get, set, versionId: string): Promise<boolean> => {
  const sessionId = get(currentSessionIdAtom);
  if (!sessionId || get(runningTurnAtom)) return false;
  const token = get(conversationTokenAtom) + 1;
  set(conversationTokenAtom, token);
  try {
    const messages = await get(chatDepsAtom).backend.selectVersion(sessionId, versionId);
    if (token !== get(conversationTokenAtom)) return false;
    replaceConversation(get, set, messages, 'ready');
    return true;
  } catch {
    if (token === get(conversationTokenAtom)) set(bannerAtom, chatText.versionFailed);
    return false;
  }
});

/** Deletes a session; throws 删除会话失败 for the confirm dialog to show. Deleting the open one clears it. */
export const deleteSessionAtom = atom(null, async (get, set, id: string): Promise<void> => {
  try {
    await get(chatDepsAtom).backend.deleteSession(id);
  } catch {
    throw new Error(chatText.deleteFailed);
  }
  const sessions = get(sessionsAtom);
  const items = sessions.items.filter((s) => s.id !== id);
  const removed = sessions.items.length - items.length;
  set(sessionsAtom, { ...sessions, items, total: Math.max(items.length, sessions.total - removed) });
  if (get(currentSessionIdAtom) === id) {
    set(newChatAtom);
    choseSession(set, null);
  }
  // The page lost a row: fetch it again so that a session from page two moves up.
  if (sessions.hasMore) void set(loadSessionsAtom);
});
