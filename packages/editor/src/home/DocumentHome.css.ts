import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const page = style({
  maxWidth: '1440px',
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  color: vars.color.text.primary,
});
export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.md,
});
export const controls = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  alignItems: 'center',
});
export const search = style({ width: '240px', maxWidth: '100%' });
export const sort = style({ width: '132px' });
/** A card's first lines: three of them at most, under the title and time. */
export const preview = style({
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  lineHeight: 1.5,
});
export const noMatch = style({ color: vars.color.text.secondary, margin: `${vars.space.md} 0 0` });
export const showAll = style({ marginTop: vars.space.md });
export const title = style({ fontSize: vars.font.size.xxl, fontWeight: vars.font.weight.bold, margin: 0 });
export const sectionTitle = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.medium,
  margin: `0 0 ${vars.space.md}`,
});
export const grid = style({
  display: 'grid',
  // As many columns as fit at 240 px or more: a wide screen shows more cards, a phone one or two.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(240px, 100%), 1fr))',
  gap: vars.space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const card = style({ height: '100%', minHeight: '132px' });
/** A document's card with its delete button in the bottom corner, shown on hover and keyboard focus. */
export const item = style({ position: 'relative' });
export const remove = style({
  position: 'absolute',
  insetInlineEnd: vars.space.sm,
  insetBlockEnd: vars.space.sm,
  opacity: 0,
  selectors: {
    [`${item}:hover &, ${item}:focus-within &, &[data-focus-visible]`]: { opacity: 1 },
  },
  '@media': { '(hover: none)': { opacity: 1 } },
});
export const blankIcon = style({ fontSize: '28px' });
export const meta = style({ fontSize: vars.font.size.xs, color: vars.color.text.tertiary });
export const cloud = style({
  border: `1px dashed ${vars.color.border.strong}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.md,
  textAlign: 'center',
});
