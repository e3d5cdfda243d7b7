import { ErrorBoundary } from '@wanxiang/ui';
import { RouterProvider } from 'react-router-dom';
import { router } from './router';

/**
 * The router applies each navigation at once (useTransitions false), as the app's stores do: in a React
 * transition the new address could wait behind the chat's per-frame updates while the chat already showed
 * the new state, and after 新建对话 the browser's Back then left the welcome screen under a chat's address.
 *
 * The app's state lives in jotai's default store, not a Provider's: /login then loads no jotai at all, and
 * the signed-in shell (AppLayout, a chunk of its own) brings it. Stories and tests give their own store.
 */
export function App() {
  return (
    <ErrorBoundary>
      <RouterProvider router={router} useTransitions={false} />
    </ErrorBoundary>
  );
}
