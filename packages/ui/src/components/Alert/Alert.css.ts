import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  paddingBlock: vars.space.md,
  paddingInline: vars.space.md,
  border: '1px solid transparent',
  color: vars.color.text.primary,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
});

export const variant = styleVariants({
  inline: { borderRadius: vars.radius.lg },
  banner: {
    borderRadius: 0,
    borderInlineWidth: 0,
    borderBlockStartWidth: 0,
    paddingInline: vars.space.lg,
  },
});

const toneStyle = (tone: 'accent' | 'info' | 'success' | 'warning' | 'danger') => ({
  backgroundColor: vars.color[tone].soft,
  borderColor: vars.color[tone].border,
});

export const tone = styleVariants({
  neutral: { backgroundColor: vars.color.bg.sunken, borderColor: vars.color.border.default },
  info: toneStyle('info'),
  success: toneStyle('success'),
  warning: toneStyle('warning'),
  danger: toneStyle('danger'),
});

export const content = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const title = style({
  fontWeight: vars.font.weight.medium,
});

export const body = style({
  color: vars.color.text.primary,
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexShrink: 0,
  // Lines the buttons up with the first line of text.
  marginBlock: `calc(-1 * ${vars.space.xxs})`,
});
