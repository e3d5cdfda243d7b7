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
