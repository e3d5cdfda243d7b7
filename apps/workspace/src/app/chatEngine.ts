import { chatEngineAtom, createdChatEngineAtom } from '../features/chat/state/chatAtoms';
import { createChatEngine } from '../features/chat/state/engine';
import { api } from '../session/api';
import { refreshCurrentUserAtom } from '../session/currentUser';
import type { AppStore } from './store';

/**
 * Puts the chat engine in the app's store unless it has one (a story's or the bench's): the engine whose
 * finished turns refresh the user's credits in the user menu. The signed-in shell
 * calls it as it first renders, so the engine and the whole API client load with the shell, not on /login.
 */
export function ensureChatEngine(store: AppStore): void {
  if (store.get(createdChatEngineAtom)) return;
  store.set(
    chatEngineAtom,
    createChatEngine(api, () => void store.set(refreshCurrentUserAtom)),
  );
}
