import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const icon = style({
  display: 'inline-flex',
  flexShrink: 0,
  fontSize: vars.size.icon.lg,
  // Centres the 20 px icon on the first line of text.
  marginBlockStart: `calc((1em * ${vars.font.lineHeight.normal} - ${vars.size.icon.lg}) / 2)`,
});

export const tone = styleVariants({
  neutral: { color: vars.color.text.secondary },
  info: { color: vars.color.info.text },
  success: { color: vars.color.success.text },
  warning: { color: vars.color.warning.text },
  danger: { color: vars.color.danger.text },
});
