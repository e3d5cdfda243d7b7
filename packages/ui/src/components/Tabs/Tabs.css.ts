import { style } from '@vanilla-extract/css';
import { focusRingSelectors, transition } from '../../styles/focusRing';
import { vars } from '../../theme/contract.css';

export const tabs = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
});

export const list = style({
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  // The list scrolls sideways on phones; no scrollbar is drawn over the labels.
  scrollbarWidth: 'none',
  selectors: {
    '[data-variant="underline"] > &': {
      gap: vars.space.lg,
      boxShadow: `inset 0 -1px 0 ${vars.color.border.default}`,
    },
    '[data-variant="segmented"] > &': {
      alignSelf: 'flex-start',
      padding: vars.space.xxs,
      borderRadius: vars.radius.lg,
      backgroundColor: vars.color.bg.sunken,
      border: `1px solid ${vars.color.border.subtle}`,
    },
  },
});

export const tab = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexShrink: 0,
  minHeight: vars.size.control.md,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.secondary,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  outline: 'none',
  WebkitTapHighlightColor: 'transparent',
  transition: transition('color', 'background-color', 'box-shadow'),
  selectors: {
    ...focusRingSelectors('-2px'),
    '&[data-hovered]': { color: vars.color.text.primary },
    '&[data-selected]': { color: vars.color.text.primary },
    '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.text.disabled },
    '[data-variant="underline"] &': { paddingInline: vars.space.xxs },
    '[data-variant="underline"] &[data-selected]': {
      boxShadow: `inset 0 -2px 0 ${vars.color.accent.solid}`,
    },
    '[data-variant="segmented"] &': {
      minHeight: vars.size.control.sm,
      paddingInline: vars.space.md,
      borderRadius: vars.radius.md,
      fontSize: vars.font.size.sm,
    },
    '[data-variant="segmented"] &[data-selected]': {
      backgroundColor: vars.color.bg.raised,
      boxShadow: vars.shadow.sm,
    },
  },
});

export const tabIcon = style({
  display: 'inline-flex',
  fontSize: vars.size.icon.md,
});

export const panel = style({
  outline: 'none',
  borderRadius: vars.radius.md,
  selectors: {
    ...focusRingSelectors(),
  },
});
