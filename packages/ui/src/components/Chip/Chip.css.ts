import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  maxWidth: '100%',
  height: '24px',
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.full,
  border: '1px solid transparent',
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  lineHeight: 1,
  whiteSpace: 'nowrap',
});

export const size = styleVariants({
  sm: {},
  md: { height: '28px', paddingInline: vars.space.md, fontSize: vars.font.size.sm },
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

type Tone = 'accent' | 'info' | 'success' | 'warning' | 'danger';
const softTone = (tone: Tone) => ({
  backgroundColor: vars.color[tone].soft,
  borderColor: vars.color[tone].border,
  color: vars.color[tone].text,
});
const outlineTone = (tone: Tone) => ({
  borderColor: vars.color[tone].border,
  color: vars.color[tone].text,
});

export const soft = styleVariants({
  neutral: {
    backgroundColor: vars.color.bg.sunken,
    borderColor: vars.color.border.default,
    color: vars.color.text.secondary,
  },
  accent: softTone('accent'),
  info: softTone('info'),
  success: softTone('success'),
  warning: softTone('warning'),
  danger: softTone('danger'),
});

export const outline = styleVariants({
  neutral: { borderColor: vars.color.border.strong, color: vars.color.text.secondary },
  accent: outlineTone('accent'),
  info: outlineTone('info'),
  success: outlineTone('success'),
  warning: outlineTone('warning'),
  danger: outlineTone('danger'),
});
