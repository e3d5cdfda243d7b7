import { AUTH_LOGOUT_EVENT, createAuthClient, startSessionCheck } from '@wanxiang/api-client/auth';

export { AUTH_LOGOUT_EVENT };

/**
 * The sign-in part of the app's one API client: token storage, the token service, the HTTP core and the
 * auth endpoints, without zod, so that /login stays light. The signed-in screens use the whole client,
 * built on this one (session/api.ts).
 */
export const authClient = createAuthClient();

/** A token is stored and the user has not logged out since (spec 01 §2: the guard and the `/` redirect). */
export function hasStoredSession(): boolean {
  return authClient.tokens.isAuthenticated();
}

/**
 * The background session check of spec 01 §4: every 60 s while the tab is visible and each time it becomes
 * visible, skipped where `isExcluded` says (sign-in and registration). Returns the stop function.
 */
export function startSessionWatch(isExcluded: () => boolean): () => void {
  return startSessionCheck({
    isExcluded: () => isExcluded() || !hasStoredSession(),
    check: () => authClient.tokens.checkSession(),
  });
}
