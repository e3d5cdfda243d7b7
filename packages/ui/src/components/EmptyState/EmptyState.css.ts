import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.xxxl,
  paddingInline: vars.space.xl,
  textAlign: 'center',
  color: vars.color.text.primary,
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '48px',
  height: '48px',
  marginBlockEnd: vars.space.sm,
  borderRadius: vars.radius.xl,
  backgroundColor: vars.color.bg.sunken,
  border: `1px solid ${vars.color.border.subtle}`,
  color: vars.color.text.secondary,
  fontSize: '24px',
});

export const title = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.medium,
  lineHeight: vars.font.lineHeight.snug,
});

export const description = style({
  // Centred CJK text otherwise leaves a lone character or two on the last line.
  textWrap: 'balance',
  maxWidth: '420px',
  fontSize: vars.font.size.md,
  color: vars.color.text.secondary,
  lineHeight: vars.font.lineHeight.normal,
});

export const action = style({
  marginBlockStart: vars.space.md,
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
});
