import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const menuList = style({ display: 'flex', alignItems: 'center', gap: vars.space.xxs });

export const menuButton = style({
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  color: vars.color.text.primary,
  font: 'inherit',
  fontSize: vars.font.size.md,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-hovered], &[data-pressed], &[aria-expanded="true"]': { background: vars.color.bg.hover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});
