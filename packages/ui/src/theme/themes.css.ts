import { assignVars, createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { darkTokens, lightTokens } from './tokens';

/*
 * The themes: light on a bare :root, so every token exists on any page; `data-theme="light" | "dark"` on
 * any element themes it and what it holds (the app sets it on <html>; a host may theme just the part of a
 * page that holds the editor); `data-theme="system"` follows the operating system. Nothing here follows
 * the OS unasked, nor styles the page itself: that is reset.css, which a host imports only if it wants it.
 *
 * react-aria portals popovers, dialogs, tooltips and toasts to <body>: they take the theme of <html>.
 */
createGlobalTheme(':root, [data-theme="light"], [data-theme="system"]', vars, lightTokens);
createGlobalTheme('[data-theme="dark"]', vars, darkTokens);

globalStyle('[data-theme]', { color: vars.color.text.primary });
globalStyle('[data-theme="light"]', { colorScheme: 'light' });
globalStyle('[data-theme="dark"]', { colorScheme: 'dark' });
globalStyle('[data-theme="system"]', {
  colorScheme: 'light',
  '@media': {
    '(prefers-color-scheme: dark)': {
      vars: assignVars(vars, darkTokens),
      colorScheme: 'dark',
    },
  },
});

/*
 * Reduced motion: every transition and animation in the components reads its duration from these
 * tokens, so zeroing them here turns motion off without a rule per component. It comes after the themes,
 * at their specificity, so it wins over them wherever a theme is set.
 */
globalStyle(':root, [data-theme]', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      vars: {
        [vars.motion.duration.fast]: '0ms',
        [vars.motion.duration.normal]: '0ms',
        [vars.motion.duration.slow]: '0ms',
      },
    },
  },
});
