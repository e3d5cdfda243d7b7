import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

/*
 * The page's base, opt-in ('@wanxiang/ui/reset.css'): box sizing, the document's font and colours, one
 * focus ring for elements that are not react-aria components. Margins are reset only where the browser's
 * defaults fight a component layout. 万象's own app imports it first; a host page that embeds the editor or
 * the charts keeps its own base (the components style their own elements, see base.css.ts).
 */

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  // iOS Safari enlarges text in landscape unless told not to; the layout is already responsive.
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  fontFamily: vars.font.family.sans,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  color: vars.color.text.primary,
  backgroundColor: vars.color.bg.canvas,
});

globalStyle('body', {
  margin: 0,
  minHeight: '100dvh',
  color: vars.color.text.primary,
  backgroundColor: vars.color.bg.canvas,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  // CJK lines may break between any two ideographs; `break-word` keeps long Latin tokens (URLs) inside
  // their box instead of overflowing it.
  overflowWrap: 'break-word',
});

globalStyle('h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd', { margin: 0 });

globalStyle('h1, h2, h3, h4, h5, h6', {
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
});

// Form controls do not inherit the document font by default.
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});

globalStyle('::selection', {
  backgroundColor: vars.color.accent.softHover,
  color: vars.color.text.primary,
});

// Reduced motion: no smooth scrolling either (the themes zero the components' durations).
globalStyle('html', { '@media': { '(prefers-reduced-motion: reduce)': { scrollBehavior: 'auto' } } });
