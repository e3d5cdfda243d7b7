import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '100dvh',
  padding: vars.space.xl,
  backgroundColor: vars.color.bg.canvas,
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  maxWidth: '440px',
  textAlign: 'center',
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.danger.soft,
  color: vars.color.danger.text,
  fontSize: '28px',
});

export const title = style({
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
});

export const description = style({
  // Centred CJK text otherwise leaves a lone character or two on the last line.
  textWrap: 'balance',
  color: vars.color.text.secondary,
  lineHeight: vars.font.lineHeight.normal,
});

export const action = style({ marginBlockStart: vars.space.sm });
