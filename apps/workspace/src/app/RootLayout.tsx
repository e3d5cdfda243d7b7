import type { LogoutDetail } from '@wanxiang/api-client';
import { Spinner, toastQueue, UiProvider } from '@wanxiang/ui';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, useHref, useLocation, useNavigate } from 'react-router-dom';
import { t } from '../i18n/zh-CN';
import { AUTH_LOGOUT_EVENT, startSessionWatch } from '../session/client';
import * as styles from './RootLayout.css';

const publicPaths = new Set(['/login', '/register', '/forgot-password', '/reset-password']);

const Toasts = lazy(() => import('./Toasts'));
const subscribeToToasts = (changed: () => void) => toastQueue.subscribe(changed);
const hasToasts = () => toastQueue.visibleToasts.length > 0;

const titles: [prefix: string, title: string][] = [
  ['/login', t.auth.loginTitle],
  ['/register', t.auth.registerTitle],
  ['/forgot-password', t.auth.forgotTitle],
  ['/reset-password', t.auth.resetTitle],
  ['/home', t.nav.modelChat],
  ['/document', t.nav.documents],
  ['/stock', t.pages.stockTitle],
  ['/presentation', t.nav.presentations],
  ['/spreadsheet', t.nav.spreadsheets],
  ['/design', t.nav.design],
];

/**
 * Wires what every route shares: links of the ui package navigate through the router, any `auth:logout`
 * event sends the user to /login (keeping where they were when the session expired), the
 * background session check runs on every page but sign-in and registration, and the tab title follows the
 * page. It holds the app's one UiProvider and toast region: links need the router, which only exists here.
 */
export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Sign-in and registration raise no toasts: the region loads off them, or as soon as a toast is queued.
  const toastsNeeded = useSyncExternalStore(subscribeToToasts, hasToasts) || !publicPaths.has(pathname);

  useEffect(() => {
    const onLogout = (event: Event) => {
      const detail = (event as CustomEvent<LogoutDetail>).detail;
      const { pathname: path, search } = window.location;
      if (publicPaths.has(path)) return;
      // A user who chose to log out starts fresh; an expired session comes back to where it was.
      const query =
        detail?.reason && detail.reason !== 'user'
          ? `?next=${encodeURIComponent(path + search)}&expired=1`
          : '';
      navigate(`/login${query}`, { replace: true });
    };
    globalThis.addEventListener(AUTH_LOGOUT_EVENT, onLogout);
    return () => globalThis.removeEventListener(AUTH_LOGOUT_EVENT, onLogout);
  }, [navigate]);

  useEffect(() => startSessionWatch(() => publicPaths.has(window.location.pathname)), []);

  useEffect(() => {
    // A document's page names the document itself (DocumentPage), which a child sets before this runs.
    if (pathname.startsWith('/document/')) return;
    const page = titles.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
    document.title = page ? `${page[1]} · ${t.brand.name}` : t.brand.name;
  }, [pathname]);

  return (
    <UiProvider locale="zh-CN" navigate={(to) => navigate(to)} useHref={useHref}>
      <Outlet />
      {toastsNeeded && (
        <Suspense fallback={null}>
          <Toasts className={styles.toastRegion} />
        </Suspense>
      )}
    </UiProvider>
  );
}

/**
 * What a first visit shows while the chunk of its screen loads (the router's HydrateFallback): the loading
 * state of the shell, centred, instead of a blank page.
 */
export function RouteLoading() {
  return (
    <div className={styles.loading}>
      <Spinner label={t.pages.loading} showLabel />
    </div>
  );
}
