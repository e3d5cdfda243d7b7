import { AUTH_LOGOUT_EVENT, createAuthClient, startSessionCheck } from '@wanxiang/api-client/auth';

export { AUTH_LOGOUT_EVENT };

/**
 * The sign-in part of the app's one API client: token storage, the token service, the HTTP core and the
 * auth endpoints, without zod, so that /login stays light. The signed-in screens use the whole client,
 * built on this one (session/api.ts).
 */
export const authClient = createAuthClient();

/** A token is stored and the user has not logged out since: what the route guard and `/` go by. */
export function hasStoredSession(): boolean {
  return authClient.tokens.isAuthenticated();
}

/**
 * The background session check: every 60 s while the tab is visible and each time it becomes
 * visible, skipped where `isExcluded` says (sign-in and registration). Returns the stop function.
 */
export function startSessionWatch(isExcluded: () => boolean): () => void {
  return startSessionCheck({
    isExcluded: () => isExcluded() || !hasStoredSession(),
    check: () => authClient.tokens.checkSession(),
  });
}
