import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const chip = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
  maxWidth: '240px',
  padding: vars.space.xs,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border.default}`,
  background: vars.color.bg.sunken,
  overflow: 'hidden',
  selectors: {
    // Without a button at its end, the text keeps the tile's inner margin on the right too.
    '&:not([data-end])': { paddingInlineEnd: vars.space.sm },
  },
});

export const thumb = style({
  flex: 'none',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.md,
  objectFit: 'cover',
  background: vars.color.bg.hover,
});

export const badge = style({
  flex: 'none',
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.md,
  background: vars.color.accent.soft,
  color: vars.color.accent.text,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.bold,
});

export const meta = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  lineHeight: vars.font.lineHeight.tight,
});

export const name = style({
  color: vars.color.text.primary,
  fontSize: vars.font.size.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const detail = style({
  color: vars.color.text.tertiary,
  fontSize: vars.font.size.xs,
  whiteSpace: 'nowrap',
});

/** The upload's progress, a bar along the chip's bottom edge. */
export const progress = style({
  position: 'absolute',
  left: 0,
  bottom: 0,
  height: '3px',
  background: vars.color.accent.solid,
  transition: `width ${vars.motion.duration.fast} linear`,
});
