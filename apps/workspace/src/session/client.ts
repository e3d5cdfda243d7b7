import { AUTH_LOGOUT_EVENT, createApiClient, startSessionCheck } from '@wanxiang/api-client';

export { AUTH_LOGOUT_EVENT };

/** The one API client of the app: token storage, the token service and every endpoint module. */
export const api = createApiClient();

/** A token is stored and the user has not logged out since (spec 01 §2: the guard and the `/` redirect). */
export function hasStoredSession(): boolean {
  return api.tokens.isAuthenticated();
}

/**
 * The background session check of spec 01 §4: every 60 s while the tab is visible and each time it becomes
 * visible, skipped where `isExcluded` says (sign-in and registration). Returns the stop function.
 */
export function startSessionWatch(isExcluded: () => boolean): () => void {
  return startSessionCheck({
    isExcluded: () => isExcluded() || !hasStoredSession(),
    check: () => api.tokens.checkSession(),
  });
}
