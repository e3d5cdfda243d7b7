import { assignVars, createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { darkTokens, lightTokens } from './tokens';

/*
 * The themes live on <html>, not on a wrapper element: react-aria portals popovers, dialogs, tooltips and
 * toasts to <body>, outside any app subtree, and only document-level custom properties reach them.
 * Light is also the theme of a bare :root, so a page whose boot script did not run still has every token.
 */
createGlobalTheme(':root, :root[data-theme="light"]', vars, lightTokens);
createGlobalTheme(':root[data-theme="dark"]', vars, darkTokens);

globalStyle(':root', { colorScheme: 'light' });
globalStyle(':root[data-theme="dark"]', { colorScheme: 'dark' });

/* Without JavaScript (or before the boot script runs) the page still follows the operating system. */
globalStyle(':root:not([data-theme])', {
  '@media': {
    '(prefers-color-scheme: dark)': {
      vars: assignVars(vars, darkTokens),
      colorScheme: 'dark',
    },
  },
});
