import type { createStore } from 'jotai';

/**
 * A jotai store: the app uses jotai's default store (see App.tsx); stories and the bench give their own.
 * The chat's deps are put in it by the signed-in shell when it first renders (app/chatDeps.ts), not on
 * /login, which needs neither the chat nor the API client.
 */
export type AppStore = ReturnType<typeof createStore>;
