// The page's base first, before any component's styles (the app opts in; an embedding host need not).
import '@wanxiang/ui/reset.css';
import { applyStoredTheme } from '@wanxiang/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// theme-boot.js already set <html data-theme> before the first paint; this keeps it following the OS
// preference (or the user's choice, from any tab) from now on.
applyStoredTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
