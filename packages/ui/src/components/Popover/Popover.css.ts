import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const popover = style({
  padding: vars.space.lg,
  maxWidth: 'min(320px, calc(100vw - 16px))',
});

export const dialog = style({
  outline: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
});

export const title = style({
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.medium,
  lineHeight: vars.font.lineHeight.snug,
});

export const arrow = style({
  display: 'block',
  fill: vars.color.bg.raised,
  stroke: vars.color.border.default,
  strokeWidth: 1,
  selectors: {
    '[data-placement="bottom"] &': { transform: 'rotate(180deg)' },
    '[data-placement="left"] &': { transform: 'rotate(-90deg)' },
    '[data-placement="right"] &': { transform: 'rotate(90deg)' },
  },
});
