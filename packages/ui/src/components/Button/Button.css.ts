import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { pressableBase, pressableTones } from '../../styles/buttonStyles';
import { vars } from '../../theme/contract.css';

export const root = recipe({
  base: [pressableBase, { gap: vars.space.sm }],
  variants: {
    variant: {
      primary: pressableTones.primary,
      secondary: pressableTones.secondary,
      ghost: pressableTones.ghost,
      danger: pressableTones.danger,
    },
    size: {
      sm: {
        height: vars.size.control.sm,
        paddingInline: vars.space.md,
        fontSize: vars.font.size.sm,
        gap: vars.space.xs,
      },
      md: {
        height: vars.size.control.md,
        paddingInline: vars.space.lg,
        fontSize: vars.font.size.md,
      },
      lg: {
        height: vars.size.control.lg,
        paddingInline: vars.space.xl,
        fontSize: vars.font.size.lg,
      },
    },
    fullWidth: {
      true: { width: '100%' },
      false: {},
    },
  },
  defaultVariants: { variant: 'secondary', size: 'md', fullWidth: false },
});

/**
 * While pending the label stays in place (the width must not jump) and in the accessibility tree
 * (react-aria names the busy button by it), only invisible; the spinner is drawn over it.
 */
export const content = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 'inherit',
  minWidth: 0,
  selectors: {
    '[data-pending] > &': { opacity: 0 },
  },
});

export const label = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const icon = style({
  display: 'inline-flex',
  flexShrink: 0,
  fontSize: '1.15em',
});

export const pending = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
