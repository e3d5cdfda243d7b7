import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const page = style({
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.xl,
  background: vars.color.bg.canvas,
});

export const panel = style({
  width: '100%',
  maxWidth: '400px',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
});

export const brand = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  textAlign: 'center',
});

export const logo = style({
  width: '48px',
  height: '48px',
  marginBottom: vars.space.sm,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const subtitle = style({
  margin: 0,
  fontSize: vars.font.size.md,
  color: vars.color.text.secondary,
});

export const footer = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.font.size.md,
  color: vars.color.text.secondary,
});

export const link = style({
  color: vars.color.text.link,
  fontWeight: vars.font.weight.medium,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const tagline = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.font.size.sm,
  color: vars.color.text.tertiary,
});

/** What the form is doing while the button waits (the sign-in's security check and its progress). */
export const status = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  fontVariantNumeric: 'tabular-nums',
});

/** The line under the terms checkbox with the operator's 用户协议 and 隐私政策. */
export const termsLinks = style({
  margin: `${vars.space.xs} 0 0`,
  paddingInlineStart: vars.space.xl,
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
});

/** 忘记密码？ beside 记住我 on the sign-in form. */
export const loginOptions = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
  fontSize: vars.font.size.sm,
});
