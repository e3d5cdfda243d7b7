import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minHeight: 0 });
export const note = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.text.secondary });
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(180px, 240px) 1fr',
  gap: vars.space.md,
  minHeight: 320,
  maxHeight: '60vh',
  '@media': { 'screen and (max-width: 640px)': { gridTemplateColumns: '1fr', maxHeight: 'none' } },
});
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  borderRight: `1px solid ${vars.color.border.subtle}`,
  paddingRight: vars.space.sm,
});
export const item = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  color: vars.color.text.primary,
  fontSize: vars.font.size.sm,
  selectors: {
    '&:hover': { background: vars.color.bg.hover },
    '&[aria-pressed="true"]': { background: vars.color.bg.selected },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});
export const itemTime = style({ fontWeight: vars.font.weight.medium });
export const itemMeta = style({ color: vars.color.text.secondary, fontSize: vars.font.size.xs });
export const itemName = style({ color: vars.color.accent.text, fontWeight: vars.font.weight.medium });
export const pane = style({
  overflowY: 'auto',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const compare = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  fontSize: vars.font.size.sm,
  lineHeight: 1.7,
});
export const columnHead = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.secondary,
  position: 'sticky',
  top: 0,
  background: vars.color.bg.raised,
});
export const cell = style({
  margin: 0,
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: vars.color.text.primary,
  minHeight: '1.7em',
});
export const cellRemoved = style({ background: vars.color.danger.soft });
export const cellAdded = style({ background: vars.color.success.soft });
export const ins = style({
  background: vars.color.success.softHover,
  color: vars.color.success.text,
  textDecoration: 'underline',
});
export const del = style({
  background: vars.color.danger.softHover,
  color: vars.color.danger.text,
  textDecoration: 'line-through',
});
export const summary = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.text.secondary });
export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
