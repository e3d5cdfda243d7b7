import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

const phone = '(max-width: 720px)';

/** A locked view keeps the place (and the 500 px or chart height) of what it stands for. */
export const locked = style({
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  minHeight: 320,
  padding: vars.space.lg,
  '@media': { [phone]: { padding: vars.space.md, minHeight: 0 } },
});

/** In a panel's place: the panel's height. */
export const lockedPanel = style({ height: 500, '@media': { [phone]: { height: 'auto' } } });

export const lockedHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const lockedTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const what = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  lineHeight: 1.6,
  color: vars.color.text.secondary,
});

export const offer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: 'auto',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.accent.soft}`,
  background: vars.color.bg.sunken,
});

export const offerHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const planName = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const price = style({
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  color: vars.color.accent.text,
  fontVariantNumeric: 'tabular-nums',
});

export const benefits = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.size.sm,
  color: vars.color.text.primary,
});

export const benefit = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const benefitIcon = style({ display: 'inline-flex', color: vars.color.success.text, flexShrink: 0 });

export const free = style({ margin: 0, fontSize: vars.font.size.xs, color: vars.color.text.tertiary });

export const offerActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** Today's picks, locked: a strip above the last completed day's report. */
export const notice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.warning.border}`,
  background: vars.color.warning.soft,
});

export const noticeText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  minWidth: 0,
  flex: '1 1 16rem',
  fontSize: vars.font.size.sm,
  color: vars.color.text.primary,
});

export const noticeTitle = style({ fontWeight: vars.font.weight.bold });

/** The recommendation cell: the notice, then the panel. */
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

export const control = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const error = style({ fontSize: vars.font.size.xs, color: vars.color.danger.text });

export const dialogLines = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0 });

export const link = style({
  color: vars.color.text.link,
  fontWeight: vars.font.weight.bold,
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
});
