import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/*
 * Formulas on the paper (stable class names, as the paper's other nodes) and the formula dialog. KaTeX's
 * own stylesheet (loaded with KaTeX) sizes and places the glyphs.
 */

globalStyle('.wx-ed-formula-block', {
  display: 'block',
  textAlign: 'center',
  margin: '0.5em 0',
});

/* The paper stays white in both themes: a formula's error colour and hover are the paper's, not the theme's. */
const PAPER_ERROR = '#b42318';

globalStyle('.wx-ed-formula', {
  vars: { '--wx-math-error': PAPER_ERROR },
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  outline: '2px solid transparent',
  outlineOffset: '1px',
});
globalStyle('.wx-ed-formula-block .wx-ed-formula', {
  display: 'block',
  overflowX: 'auto',
  overflowY: 'hidden',
  padding: '2px 0',
});
globalStyle('.wx-ed-formula:hover', { background: 'rgba(0, 0, 0, 0.05)' });
globalStyle('.wx-ed-formula[data-selected]', { outlineColor: vars.color.accent.solid });
globalStyle('.wx-ed-formula .katex-display', { margin: 0 });
globalStyle('.wx-ed-formula-source', { fontFamily: vars.font.family.mono, fontSize: '0.9em' });

/** The preview is a piece of paper: white, in the paper's ink, in both themes. */
export const preview = style({
  vars: { '--wx-math-error': PAPER_ERROR },
  minHeight: '64px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflowX: 'auto',
  color: '#1a1a1a',
  background: '#ffffff',
  border: `1px dashed ${vars.color.border.strong}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  fontSize: '1.2em',
});

export const previewRow = style({
  display: 'grid',
  gap: vars.space.xs,
});

export const templates = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  alignItems: 'center',
});

export const templatesLabel = style({ fontSize: vars.font.size.sm, color: vars.color.text.secondary });

export const source = style({});
globalStyle(`${source} textarea`, { fontFamily: vars.font.family.mono, minHeight: '88px' });
