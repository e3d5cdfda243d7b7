import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** The console: a side nav beside the section; on a narrow container the nav goes on top. */
export const console_ = style({
  containerType: 'inline-size',
  display: 'flex',
  width: '100%',
  height: '100%',
  minHeight: 0,
  boxSizing: 'border-box',
});

export const layout = style({
  display: 'flex',
  width: '100%',
  minHeight: 0,
  '@container': {
    '(max-width: 640px)': { flexDirection: 'column' },
  },
});

export const nav = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  flex: '0 0 160px',
  padding: `${vars.space.xl} ${vars.space.md}`,
  borderInlineEnd: `1px solid ${vars.color.border.subtle}`,
  '@container': {
    '(max-width: 640px)': {
      flex: '0 0 auto',
      flexDirection: 'row',
      overflowX: 'auto',
      padding: `${vars.space.sm} ${vars.space.md}`,
      borderInlineEnd: 'none',
      borderBottom: `1px solid ${vars.color.border.subtle}`,
    },
  },
});

export const navTitle = style({
  margin: `0 0 ${vars.space.sm}`,
  padding: `0 ${vars.space.sm}`,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.secondary,
  '@container': { '(max-width: 640px)': { display: 'none' } },
});

export const navLink = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.text.primary,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.bg.hover },
    '&[aria-current="page"]': {
      background: vars.color.bg.selected,
      fontWeight: vars.font.weight.bold,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const main = style({ flex: 1, minWidth: 0, minHeight: 0, overflowY: 'auto' });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const fact = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0 });
export const factLabel = style({ color: vars.color.text.secondary, fontSize: vars.font.size.sm });
export const factValue = style({
  margin: 0,
  color: vars.color.text.primary,
  fontWeight: vars.font.weight.medium,
});

export const pager = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
export const actions = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap' });
export const reasonField = style({ flex: '1 1 240px' });
export const details = style({ whiteSpace: 'normal', minWidth: '200px', wordBreak: 'break-word' });
/** A form of a few settings, one field under the other, each with its hint. */
export const settingsForm = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.md,
  maxWidth: '28rem',
});
