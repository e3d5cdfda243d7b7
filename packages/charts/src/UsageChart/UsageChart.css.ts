import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** Up to five models get a colour of their own (the theme's tone text colours, checked for contrast); more share the last. */
export const modelColours = [
  vars.color.accent.text,
  vars.color.warning.text,
  vars.color.success.text,
  vars.color.danger.text,
  vars.color.text.secondary,
] as const;

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '100%',
  minWidth: 0,
  color: vars.color.text.primary,
});

export const plot = style({
  display: 'block',
  width: '100%',
  borderRadius: vars.radius.md,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const axis = style({ fill: vars.color.text.secondary, fontSize: '11px' });
export const grid = style({ stroke: vars.color.border.subtle, strokeWidth: 1 });
export const focusBand = style({ fill: vars.color.bg.hover });

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

export const swatch = style({
  display: 'inline-block',
  width: '10px',
  height: '10px',
  marginInlineEnd: vars.space.xs,
  borderRadius: '2px',
  verticalAlign: 'middle',
});

export const readout = style({
  minHeight: '1.6em',
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.text.primary,
  fontVariantNumeric: 'tabular-nums',
});

export const empty = style({ margin: 0, color: vars.color.text.secondary, fontSize: vars.font.size.sm });
