import { hasChatDepsAtom } from '../features/chat/state/deps';
import { createChatDeps } from '../features/chat/state/engine';
import { provideChatAtom } from '../features/chat/state/lifecycle';
import { api } from '../session/api';
import { refreshCurrentUserAtom } from '../session/currentUser';
import type { AppStore } from './store';

/**
 * Gives the app's store the chat's deps unless it has them (a story's or the bench's): the API client,
 * and finished turns that refresh the user's credits in the user menu. The signed-in shell calls it as it
 * first renders, so the chat's actions and the whole API client load with the shell, not on /login.
 */
export function ensureChatDeps(store: AppStore): void {
  if (store.get(hasChatDepsAtom)) return;
  store.set(
    provideChatAtom,
    createChatDeps(api, () => void store.set(refreshCurrentUserAtom)),
  );
}
