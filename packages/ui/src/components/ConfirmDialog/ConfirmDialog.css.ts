import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const error = style({
  marginBlockStart: vars.space.md,
});
