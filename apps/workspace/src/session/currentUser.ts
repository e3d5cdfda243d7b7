import type { CurrentUser } from '@wanxiang/api-client/auth';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { authClient } from './client';

export type CurrentUserStatus = 'idle' | 'refreshing' | 'error';

interface CurrentUserState {
  user: CurrentUser | null;
  status: CurrentUserStatus;
}

const currentUserAtom = atom<CurrentUserState>({ user: null, status: 'idle' });

// One request at a time: opening the menu while a refresh runs must not start a second one.
const inFlightAtom = atom<Promise<void> | null>(null);

/** Fetches the signed-in user again (on sign-in, when the user menu opens, after a chat turn spends credits). */
export const refreshCurrentUserAtom = atom(null, (get, set) => {
  const running = get(inFlightAtom);
  if (running) return running;
  set(currentUserAtom, (state) => ({ ...state, status: 'refreshing' }));
  const request = authClient.auth
    .me()
    .then((user) => set(currentUserAtom, { user, status: 'idle' }))
    .catch(() => set(currentUserAtom, (state) => ({ ...state, status: 'error' })))
    .finally(() => set(inFlightAtom, null));
  set(inFlightAtom, request);
  return request;
});

const clearAtom = atom(null, (_get, set) => set(currentUserAtom, { user: null, status: 'idle' }));

/** The signed-in user as last fetched (null before the first answer) and whether a fetch is under way. */
export function useCurrentUser(): CurrentUserState {
  return useAtomValue(currentUserAtom);
}

/** `refresh()` fetches the user again; `clear()` forgets them (on logout). */
export function useCurrentUserActions(): { refresh: () => Promise<void>; clear: () => void } {
  const refresh = useSetAtom(refreshCurrentUserAtom);
  const clear = useSetAtom(clearAtom);
  return { refresh: useCallback(() => refresh(), [refresh]), clear };
}
