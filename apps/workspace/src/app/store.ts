import { createStore } from 'jotai';
import { chatEngineAtom } from '../features/chat/state/chatAtoms';
import { createChatEngine } from '../features/chat/state/engine';
import { api } from '../session/client';
import { refreshCurrentUserAtom } from '../session/currentUser';

export type AppStore = ReturnType<typeof createStore>;

/**
 * The app's one jotai store, with the engines that live outside React put in it: the chat engine, whose
 * finished turns refresh the user's credits in the user menu (spec README, decision 6).
 */
export function createAppStore(): AppStore {
  const store = createStore();
  store.set(
    chatEngineAtom,
    createChatEngine(api, () => void store.set(refreshCurrentUserAtom)),
  );
  return store;
}
