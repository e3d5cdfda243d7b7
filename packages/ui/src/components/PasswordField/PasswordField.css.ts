import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const toggle = style({
  marginInlineEnd: vars.space.xs,
});
