import { type Atom, atom, type WritableAtom } from 'jotai';
import type { RefObject } from 'react';
import type { ChatState, ChatStore } from './chatStore';
import { engineSlotAtom } from './engineSlot';

export { createdChatEngineAtom } from './engineSlot';

import type { ChatMessage } from './types';

/*
 * The chat engine (ChatStore) stays free of React; these atoms hand it and its state to the app. The
 * engine lives in the jotai store, one per store: the app's gets it when the signed-in shell first renders (app/chatEngine.ts),
 * a story or the bench puts in its own with `chatEngineAtom`'s setter.
 */

/** The chat engine of this jotai store: what components call to act (send, stop, open a session…). */
export const chatEngineAtom = atom(
  (get) => {
    const engine = get(engineSlotAtom);
    if (!engine) throw new Error('This jotai store has no chat engine: set chatEngineAtom first.');
    return engine;
  },
  (_get, set, engine: ChatStore) => set(engineSlotAtom, engine),
);

/**
 * An atom that reads `read(engine)` and follows the engine while mounted. `subscribe` tells when the
 * value may have changed; the atom's version moves then, so jotai reads the engine again. On mount the
 * version also moves if the engine changed while nothing was watching.
 */
function engineAtom<T>(
  read: (engine: ChatStore) => T,
  subscribe: (engine: ChatStore, changed: () => void) => () => void,
): Atom<T> {
  const versionAtom = atom(0);
  const valueAtom: WritableAtom<T, [], () => void> = atom(
    (get) => {
      get(versionAtom);
      return read(get(chatEngineAtom));
    },
    (get, set) => {
      const engine = get(chatEngineAtom);
      const changed = () => set(versionAtom, (version) => version + 1);
      if (!Object.is(get(valueAtom), read(engine))) changed();
      return subscribe(engine, changed);
    },
  );
  valueAtom.onMount = (follow) => follow();
  return valueAtom;
}

/** The chat's whole state snapshot; read slices of it through the atoms below. */
export const chatStateAtom = engineAtom(
  (engine) => engine.getState(),
  (engine, changed) => engine.subscribe(changed),
);

const slice = <T>(select: (state: ChatState) => T) => atom((get) => select(get(chatStateAtom)));

export const modelsAtom = slice((s) => s.models);
export const selectedModelIdAtom = slice((s) => s.selectedModelId);
export const sessionsAtom = slice((s) => s.sessions);
export const sessionsStatusAtom = slice((s) => s.sessions.status);
export const currentSessionIdAtom = slice((s) => s.currentSessionId);
export const conversationAtom = slice((s) => s.conversation);
export const messageIdsAtom = slice((s) => s.conversation.messageIds);
export const isStreamingAtom = slice((s) => s.isStreaming);
export const bannerAtom = slice((s) => s.banner);
export const returnedDraftAtom = slice((s) => s.returnedDraft);
export const searchEnabledAtom = slice((s) => s.searchEnabled);

/**
 * One message, following only that message: a streaming answer changes its own atom and no other, so
 * only its row re-renders. Make one per row (useMemo), not one per render.
 */
export function messageAtom(id: string): Atom<ChatMessage | undefined> {
  return engineAtom(
    (engine) => engine.getMessage(id),
    (engine, changed) => engine.subscribeMessage(id, changed),
  );
}

/** The chat input while the chat page shows, so that a new chat started elsewhere can focus it. */
export const composerInputAtom = atom<RefObject<HTMLTextAreaElement | null> | null>(null);

/** Puts the caret in the chat's input, when the chat page is on screen. */
export const focusComposerAtom = atom(null, (get) => {
  get(composerInputAtom)?.current?.focus();
});
