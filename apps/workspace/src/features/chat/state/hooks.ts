import { type Atom, useAtomValue, useStore } from 'jotai';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { chatEngineAtom, messageAtom } from './chatAtoms';
import type { ChatStore } from './chatStore';
import type { ChatMessage } from './types';

/*
 * jotai's useAtomValue re-renders through a state update, which React runs in a later task when the change
 * comes from a requestAnimationFrame callback: after that frame's paint. The engine applies an answer's
 * text once per frame, in the frame's rAF; reading its atoms through useSyncExternalStore on the same
 * store renders the text in that frame, as the per-frame batching intends.
 */
export function useChatValue<T>(anAtom: Atom<T>): T {
  const store = useStore();
  const subscribe = useCallback((listener: () => void) => store.sub(anAtom, listener), [store, anAtom]);
  return useSyncExternalStore(subscribe, () => store.get(anAtom));
}

/** The chat engine of the app's store, to act on: send, stop, open or delete a session. */
export function useChatEngine(): ChatStore {
  return useAtomValue(chatEngineAtom);
}

/** One message, re-rendering only when that message changes. */
export function useChatMessage(id: string): ChatMessage | undefined {
  const anAtom = useMemo(() => messageAtom(id), [id]);
  return useChatValue(anAtom);
}
