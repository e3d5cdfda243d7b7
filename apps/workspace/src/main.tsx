// The page's base first, before any component's styles (the app opts in; an embedding host need not).
import '@wanxiang/ui/reset.css';
import { applyStoredTheme } from '@wanxiang/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod';
import { App } from './app/App';

// The contract's schemas check every answer in the browser too. Zod compiles its object parsers with
// `new Function` when it may, and finds out by trying once; the page's policy allows no eval (script-src
// 'self'), so the try is refused and reported as a violation on every page. Interpreted parsing is what
// runs under that policy anyway: saying so skips the probe.
configureZod({ jitless: true });

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
