import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100%',
  padding: `${vars.space.xl} ${vars.space.xxl}`,
  gap: vars.space.xl,
});

export const pageTitle = style({
  margin: 0,
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const body = style({
  flex: 1,
  display: 'grid',
  placeItems: 'center',
  paddingBottom: '12vh',
});
