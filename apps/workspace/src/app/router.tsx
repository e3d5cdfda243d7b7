import { createBrowserRouter, Navigate } from 'react-router-dom';
import { hasStoredSession } from '../session/client';
import { askAhead, loadAppLayout, loadHomePage } from './lazyRoutes';
import { RequireAuth } from './RequireAuth';
import { RootLayout, RouteLoading } from './RootLayout';
import { loadBoardPrefetch, loadMarketPage } from './warmRoutes';

/**
 * The app's routes. Pages load on demand, one chunk per screen, and so does the signed-in
 * shell (sidebar, chat history), so /login ships only what sign-in needs. While a chunk loads on a first
 * visit the shell's loading state shows (HydrateFallback); on a navigation the page the user is on stays
 * until the next one is ready.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    HydrateFallback: RouteLoading,
    children: [
      // `/` goes to the chat when a session is stored, else to the sign-in.
      { path: '/', element: <Navigate to={hasStoredSession() ? '/home' : '/login'} replace /> },
      {
        path: '/login',
        lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: '/register',
        lazy: () => import('../features/auth/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: '/forgot-password',
        lazy: () =>
          import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: '/reset-password',
        lazy: () =>
          import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: () => loadAppLayout().then((m) => ({ Component: m.AppLayout })),
            children: [
              // /home is the new chat; each chat has its own address, so reload, back and forward keep it.
              // One route for both, so that a new chat getting its address does not remount the page.
              {
                path: '/home/:sessionId?',
                lazy: () => loadHomePage().then((m) => ({ Component: m.HomePage })),
              },
              {
                path: '/document',
                lazy: () =>
                  import('../features/documents/DocumentHomePage').then((m) => ({
                    Component: m.DocumentHomePage,
                  })),
              },
              {
                path: '/document/:docId',
                lazy: () =>
                  import('../features/documents/DocumentPage').then((m) => ({ Component: m.DocumentPage })),
              },
              {
                path: '/stock',
                ...askAhead(() => loadBoardPrefetch().then((m) => m.prefetchBoard())),
                lazy: () => loadMarketPage().then((m) => ({ Component: m.MarketPage })),
              },
              {
                path: '/stock/:code',
                ...askAhead(({ code }) => loadBoardPrefetch().then((m) => m.prefetchStock(code ?? ''))),
                lazy: () =>
                  import('../features/market/StockDetailPage').then((m) => ({
                    Component: m.StockDetailPage,
                  })),
              },
              ...(['/account', '/account/credits'] as const).map((path) => ({
                path,
                lazy: () =>
                  import('../features/account/AccountPage').then((m) => ({ Component: m.AccountPage })),
              })),
              {
                path: '/admin',
                lazy: () =>
                  import('../features/admin/AdminPages').then((m) => ({ Component: m.AdminLayoutPage })),
                children: [
                  { index: true, element: <Navigate to="/admin/users" replace /> },
                  {
                    path: 'users',
                    lazy: () =>
                      import('../features/admin/AdminPages').then((m) => ({ Component: m.AdminUsersPage })),
                  },
                  {
                    path: 'users/:userId',
                    lazy: () =>
                      import('../features/admin/AdminPages').then((m) => ({ Component: m.AdminUserPage })),
                  },
                  {
                    path: 'usage',
                    lazy: () =>
                      import('../features/admin/AdminPages').then((m) => ({ Component: m.AdminUsagePage })),
                  },
                  {
                    path: 'plans',
                    lazy: () =>
                      import('../features/admin/AdminPages').then((m) => ({ Component: m.AdminPlansPage })),
                  },
                  {
                    path: 'models',
                    lazy: () =>
                      import('../features/admin/AdminPages').then((m) => ({ Component: m.AdminModelsPage })),
                  },
                  {
                    path: 'redeem-codes',
                    lazy: () =>
                      import('../features/admin/AdminPages').then((m) => ({
                        Component: m.AdminRedeemCodesPage,
                      })),
                  },
                  {
                    path: 'invites',
                    lazy: () =>
                      import('../features/admin/AdminPages').then((m) => ({ Component: m.AdminInvitesPage })),
                  },
                  {
                    path: 'audit',
                    lazy: () =>
                      import('../features/admin/AdminPages').then((m) => ({ Component: m.AdminAuditPage })),
                  },
                ],
              },
              {
                path: '/settings',
                lazy: () =>
                  import('../features/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
              },
              ...(['/presentation', '/spreadsheet', '/design'] as const).map((path) => ({
                path,
                lazy: () =>
                  import('../features/placeholder/ComingSoonPage').then((m) => ({
                    Component: m.ComingSoonPage,
                  })),
              })),
              {
                path: '*',
                lazy: () =>
                  import('../features/placeholder/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
              },
            ],
          },
        ],
      },
    ],
  },
]);
