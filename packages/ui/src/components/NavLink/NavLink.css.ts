import { style } from '@vanilla-extract/css';
import { focusRingSelectors, transition } from '../../styles/focusRing';
import { vars } from '../../theme/contract.css';

/** The row holds the link and, beside it, an optional action (a link may not contain a button). */
export const row = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  borderRadius: vars.radius.md,
  transition: transition('background-color'),
  selectors: {
    '&:hover, &:has([data-hovered])': { backgroundColor: vars.color.bg.hover },
    '&:has([data-current])': { backgroundColor: vars.color.bg.selected },
  },
});

export const link = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flex: 1,
  minWidth: 0,
  minHeight: vars.size.control.md,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.md,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  WebkitTapHighlightColor: 'transparent',
  selectors: {
    ...focusRingSelectors('-2px'),
    '&[data-hovered]': { color: vars.color.text.primary },
    '&[data-pressed]': { backgroundColor: vars.color.bg.pressed },
    '&[data-current]': { color: vars.color.text.primary, fontWeight: vars.font.weight.medium },
    '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.text.disabled },
  },
});

export const icon = style({
  display: 'inline-flex',
  flexShrink: 0,
  fontSize: vars.size.icon.md,
  color: vars.color.text.secondary,
  selectors: {
    [`${link}[data-current] &`]: { color: vars.color.accent.text },
    [`${link}[data-disabled] &`]: { color: 'inherit' },
  },
});

export const label = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const badge = style({
  flexShrink: 0,
  marginInlineStart: 'auto',
});

/**
 * The row's action (the delete icon of a session) shows while the row is hovered or anything in it has
 * focus; it stays in the tab order so keyboard users reach it, and touch screens (no hover) always see it.
 */
export const action = style({
  flexShrink: 0,
  paddingInlineEnd: vars.space.xxs,
  opacity: 0,
  transition: transition('opacity'),
  selectors: {
    [`${row}:hover &, ${row}:has([data-hovered]) &, ${row}:focus-within &`]: { opacity: 1 },
  },
  '@media': {
    '(hover: none)': { opacity: 1 },
  },
});
