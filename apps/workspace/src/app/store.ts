import { createStore } from 'jotai';

export type AppStore = ReturnType<typeof createStore>;

/**
 * The app's one jotai store. The chat engine is put in it by the signed-in shell when it first renders
 * (app/chatEngine.ts), not here: /login needs neither the engine nor the API client it is built on.
 */
export function createAppStore(): AppStore {
  return createStore();
}
