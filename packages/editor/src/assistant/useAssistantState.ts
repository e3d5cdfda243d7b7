import { useSyncExternalStore } from 'react';
import type { AssistantState, AssistantStore } from './store';

/** The assistant's state, re-rendering when it changes. */
export function useAssistantState(store: AssistantStore): AssistantState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
