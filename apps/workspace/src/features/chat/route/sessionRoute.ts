/** The address of a chat: /home is the new chat, /home/{id} one session. */
export const HOME_PATH = '/home';

export const sessionPath = (id: string | null): string =>
  id === null ? HOME_PATH : `${HOME_PATH}/${encodeURIComponent(id)}`;

/** True on the chat's own routes, where the history marks the open chat. */
export const isChatPath = (pathname: string): boolean =>
  pathname === HOME_PATH || pathname.startsWith(`${HOME_PATH}/`);

/**
 * Who leads. The address, when the user moved it (a link, back, forward, a reload): the chat opens that
 * session, or a new chat on /home (syncFromAddress). The chat, when it chose by itself (the session a
 * new chat's first turn created, the open one deleted): it says so through
 * sessionChosenAtom and the address follows, replacing the entry so Back does not bounce.
 */
export type RouteSync = { kind: 'none' } | { kind: 'open'; id: string } | { kind: 'newChat' };

export function syncFromAddress(param: string | null, current: string | null): RouteSync {
  if (param === current) return { kind: 'none' };
  if (param === null) return { kind: 'newChat' };
  return { kind: 'open', id: param };
}
