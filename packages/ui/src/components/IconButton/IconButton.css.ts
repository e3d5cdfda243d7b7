import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { pressableBase, pressableTones } from '../../styles/buttonStyles';
import { vars } from '../../theme/contract.css';

export const root = recipe({
  base: [pressableBase, { padding: 0 }],
  variants: {
    variant: pressableTones,
    size: {
      sm: { width: vars.size.control.sm, height: vars.size.control.sm, fontSize: vars.size.icon.md },
      md: { width: vars.size.control.md, height: vars.size.control.md, fontSize: vars.size.icon.lg },
      lg: { width: vars.size.control.lg, height: vars.size.control.lg, fontSize: '22px' },
    },
    shape: {
      square: {},
      circle: { borderRadius: vars.radius.full },
    },
  },
  defaultVariants: { variant: 'ghost', size: 'md', shape: 'square' },
});

export const content = style({
  display: 'inline-flex',
  selectors: { '[data-pending] > &': { opacity: 0 } },
});

export const pending = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
