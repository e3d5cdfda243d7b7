import { style } from '@vanilla-extract/css';
import { focusRingSelectors, transition } from '../../styles/focusRing';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
});

export const heading = style({
  margin: 0,
  fontSize: 'inherit',
  fontWeight: 'inherit',
});

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  minHeight: '28px',
  paddingInline: vars.space.sm,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text.secondary,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  letterSpacing: '0.02em',
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  transition: transition('color', 'background-color'),
  selectors: {
    ...focusRingSelectors('-2px'),
    '&[data-hovered]': { color: vars.color.text.primary, backgroundColor: vars.color.bg.hover },
  },
});

export const title = style({ flex: 1, minWidth: 0 });

export const chevron = style({
  display: 'inline-flex',
  flexShrink: 0,
  fontSize: vars.size.icon.sm,
  transition: transition('transform'),
  selectors: {
    '[aria-expanded="true"] > &': { transform: 'rotate(90deg)' },
  },
});

/* The spacing sits inside the panel: a collapsed panel keeps its box (hidden="until-found"). */
export const panelContent = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  paddingBlockStart: vars.space.xxs,
});
