import { style } from '@vanilla-extract/css';
import { focusRingSelectors, transition } from '../../styles/focusRing';
import { vars } from '../../theme/contract.css';

export const group = style({
  display: 'inline-flex',
  padding: vars.space.xxs,
  gap: vars.space.xxs,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.bg.sunken,
  border: `1px solid ${vars.color.border.subtle}`,
});

export const option = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: vars.size.control.sm,
  paddingInline: vars.space.sm,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text.secondary,
  fontSize: vars.font.size.sm,
  cursor: 'pointer',
  outline: 'none',
  transition: transition('background-color', 'color'),
  selectors: {
    ...focusRingSelectors('-2px'),
    '&[data-hovered]': { color: vars.color.text.primary },
    '&[data-selected]': {
      backgroundColor: vars.color.bg.raised,
      color: vars.color.text.primary,
      boxShadow: vars.shadow.sm,
    },
  },
});

export const icon = style({ display: 'inline-flex', fontSize: vars.size.icon.md });
