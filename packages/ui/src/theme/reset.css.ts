import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
import './themes.css';

/*
 * A small base, not a full reset: box sizing, document font and colours, one focus ring for elements
 * that are not react-aria components, and reduced motion. Margins are reset only where the browser's
 * defaults fight a component layout.
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

/*
 * Reduced motion: every transition and animation in the components reads its duration from these
 * tokens, so zeroing them here turns motion off without a rule per component. The selector repeats the
 * theme selectors' specificity so it wins over them (it comes later in the stylesheet).
 */
globalStyle(':root, :root[data-theme]', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      vars: {
        [vars.motion.duration.fast]: '0ms',
        [vars.motion.duration.normal]: '0ms',
        [vars.motion.duration.slow]: '0ms',
      },
      scrollBehavior: 'auto',
    },
  },
});
