import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  minWidth: '20px',
  height: '20px',
  paddingInline: '6px',
  borderRadius: vars.radius.full,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  lineHeight: 1,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
});

type Tone = 'accent' | 'info' | 'success' | 'warning' | 'danger';
const softTone = (tone: Tone) => ({ backgroundColor: vars.color[tone].soft, color: vars.color[tone].text });
const solidTone = (tone: Tone) => ({
  backgroundColor: vars.color[tone].solid,
  color: vars.color.text.onSolid,
});

export const soft = styleVariants({
  neutral: { backgroundColor: vars.color.bg.pressed, color: vars.color.text.secondary },
  accent: softTone('accent'),
  info: softTone('info'),
  success: softTone('success'),
  warning: softTone('warning'),
  danger: softTone('danger'),
});

export const solid = styleVariants({
  neutral: { backgroundColor: vars.color.text.secondary, color: vars.color.bg.canvas },
  accent: solidTone('accent'),
  info: solidTone('info'),
  success: solidTone('success'),
  warning: solidTone('warning'),
  danger: solidTone('danger'),
});
