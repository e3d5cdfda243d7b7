import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const grid = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  maxHeight: 280,
  overflowY: 'auto',
  padding: 2,
});
export const row = style({ display: 'grid', gridTemplateColumns: 'repeat(10, 2.4em)', gap: 2 });
export const cell = style({
  height: '2.4em',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: vars.font.size.lg,
  color: vars.color.text.primary,
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.sm,
  background: vars.color.bg.surface,
  cursor: 'pointer',
  userSelect: 'none',
  selectors: {
    '&:hover': { background: vars.color.bg.sunken },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
    '&:focus': { background: vars.color.bg.selected },
  },
});
export const picker = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minHeight: 360 });
export const status = style({
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  minHeight: '1.5em',
  margin: 0,
});
export const empty = style({ fontSize: vars.font.size.sm, color: vars.color.text.secondary, margin: 0 });
