import { ErrorBoundary } from '@wanxiang/ui';
import { RouterProvider } from 'react-router-dom';
import { router } from './router';

/**
 * The app's state lives in jotai's default store, not a Provider's: /login then loads no jotai at all, and
 * the signed-in shell (AppLayout, a chunk of its own) brings it. Stories and tests give their own store.
 */
export function App() {
  return (
    <ErrorBoundary>
      <RouterProvider router={router} />
    </ErrorBoundary>
  );
}
