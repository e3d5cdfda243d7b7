import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const notice = style({
  color: vars.color.warning.text,
  fontSize: vars.font.size.sm,
  padding: `0 ${vars.space.xs}`,
});

export const error = style({
  color: vars.color.danger.text,
  fontSize: vars.font.size.sm,
  padding: `0 ${vars.space.xs}`,
});

export const imageButton = style({
  display: 'block',
  padding: 0,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.lg,
  background: vars.color.bg.sunken,
  cursor: 'zoom-in',
  overflow: 'hidden',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const messageImage = style({
  display: 'block',
  width: '160px',
  height: '120px',
  objectFit: 'cover',
});

/** An answer's generated image: large enough to see without opening it, never wider than the column. */
export const answerImage = style({
  display: 'block',
  width: 'auto',
  height: 'auto',
  // Fixed bounds, not a share of the button: the button takes its width from the image.
  maxWidth: '320px',
  maxHeight: '320px',
  // A tiny image stays large enough to see and to press.
  minWidth: '48px',
  minHeight: '48px',
  objectFit: 'contain',
});

export const fullImage = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '70vh',
  margin: '0 auto',
  objectFit: 'contain',
});

export const messageFiles = style({
  justifyContent: 'flex-end',
});

export const fileLink = style({
  color: 'inherit',
  textDecoration: 'none',
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  minWidth: 0,
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
