import type { LoaderFunctionArgs, Params, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { hasStoredSession } from '../session/client';

/**
 * The chunks of the signed-in shell and of the home chat, named once so that the router loads them and the
 * sign-in page can fetch them ahead: while the user types a password, the screen that follows sign-in
 * downloads, and signing in shows it without waiting for the network.
 */
export const loadAppLayout = () => import('./AppLayout');
export const loadHomePage = () => import('../features/chat/HomePage');

let prefetched = false;

/** Starts loading the shell and the home chat once; a failure is left to the navigation, which retries. */
export function prefetchSignedInScreens(): void {
  if (prefetched) return;
  prefetched = true;
  void Promise.all([loadAppLayout(), loadHomePage()]).catch(() => {
    prefetched = false;
  });
}

/**
 * How long a route waits for its page's first answers before showing the page without them. Within it,
 * the page's first frame has its data (one render, no flash of loading panels); past it, the page shows
 * and its panels say what is still loading. Well under the moment a click feels ignored.
 */
export const ASK_AHEAD_WAIT_MS = 300;

/**
 * A route's loader that asks its page's first requests while the page's code loads (both arrive together
 * instead of one after the other), and lets the page render once they have answered or after
 * ASK_AHEAD_WAIT_MS, whichever is first. Nothing is asked without a session (the route sends the user to
 * sign in instead), and only a new address asks again, not a change of its query string.
 */
export function askAhead(ask: (params: Params) => Promise<void>) {
  return {
    loader: async ({ params }: LoaderFunctionArgs) => {
      if (!hasStoredSession()) return null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ASK_AHEAD_WAIT_MS);
      });
      await Promise.race([ask(params).catch(() => {}), waited]);
      clearTimeout(timer);
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
      currentUrl.pathname !== nextUrl.pathname,
  };
}
