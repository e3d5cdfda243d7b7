import { ErrorBoundary, ToastRegion, UiProvider } from '@wanxiang/ui';
import { RouterProvider } from 'react-router-dom';
import { router } from './router';

export function App() {
  return (
    <UiProvider locale="zh-CN">
      <ErrorBoundary>
        <RouterProvider router={router} />
        <ToastRegion />
      </ErrorBoundary>
    </UiProvider>
  );
}
