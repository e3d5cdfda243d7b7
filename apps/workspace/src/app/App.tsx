import { ErrorBoundary } from '@wanxiang/ui';
import { Provider } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { router } from './router';
import { createAppStore } from './store';

export function App() {
  const [store] = useState(createAppStore);
  return (
    <Provider store={store}>
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </Provider>
  );
}
