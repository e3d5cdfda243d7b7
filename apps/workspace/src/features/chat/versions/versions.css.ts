import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const pager = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.xs,
});

export const counter = style({
  minWidth: '3ch',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
});

export const editor = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: 'min(100%, 640px)',
  padding: vars.space.sm,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border.default}`,
  background: vars.color.bg.surface,
});

export const editorInput = style({
  width: '100%',
  minHeight: '4.5em',
  maxHeight: '40vh',
  resize: 'vertical',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text.primary,
  font: 'inherit',
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  padding: vars.space.xs,
});

export const editorActions = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

export const editorNote = style({
  marginRight: 'auto',
  color: vars.color.text.tertiary,
  fontSize: vars.font.size.xs,
});
