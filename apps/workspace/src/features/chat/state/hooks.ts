import { type Atom, useStore } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';
import { messageAtom } from './conversation';
import type { ChatMessage } from './types';

/*
 * jotai's useAtomValue re-renders through a state update, which React runs in a later task when the change
 * comes from a requestAnimationFrame callback: after that frame's paint. The running turn applies an
 * answer's text once per frame, in the frame's rAF; reading the chat's atoms through useSyncExternalStore
 * on the same store renders the text in that frame, as the per-frame batching intends.
 */
export function useChatValue<T>(anAtom: Atom<T>): T {
  const store = useStore();
  const subscribe = useCallback((listener: () => void) => store.sub(anAtom, listener), [store, anAtom]);
  return useSyncExternalStore(subscribe, () => store.get(anAtom));
}

/** One message, re-rendering only when that message changes. */
export function useChatMessage(id: string): ChatMessage | undefined {
  return useChatValue(messageAtom(id));
}
