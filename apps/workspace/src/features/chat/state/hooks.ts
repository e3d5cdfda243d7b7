import { useSyncExternalStore } from 'react';
import type { ChatState, ChatStore } from './chatStore';
import type { ChatMessage } from './types';

/** A slice of the chat's state; `select` must return a part of the state, not a new object. */
export function useChatState<T>(store: ChatStore, select: (state: ChatState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/** One message, re-rendering only when that message changes. */
export function useChatMessage(store: ChatStore, id: string): ChatMessage | undefined {
  return useSyncExternalStore(
    (listener) => store.subscribeMessage(id, listener),
    () => store.getMessage(id),
  );
}
