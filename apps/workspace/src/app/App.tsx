import { ErrorBoundary, ToastRegion, UiProvider } from '@wanxiang/ui';
import { Provider } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { router } from './router';
import { createAppStore } from './store';

export function App() {
  const [store] = useState(createAppStore);
  return (
    <Provider store={store}>
      <UiProvider locale="zh-CN">
        <ErrorBoundary>
          <RouterProvider router={router} />
          <ToastRegion />
        </ErrorBoundary>
      </UiProvider>
    </Provider>
  );
}
