import type { createStore } from 'jotai';

/**
 * A jotai store: the app uses jotai's default store (see App.tsx); stories and the bench give their own.
 * The chat engine is put in it by the signed-in shell when it first renders (app/chatEngine.ts), not on
 * /login, which needs neither the engine nor the API client it is built on.
 */
export type AppStore = ReturnType<typeof createStore>;
