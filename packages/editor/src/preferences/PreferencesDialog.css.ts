import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const group = style({
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.md,
  margin: 0,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});

export const legend = style({
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.font.size.sm,
  fontWeight: 600,
  color: vars.color.text.primary,
});

/** A checkbox with its explanation under it. */
export const option = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const optionHint = style({
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
  margin: 0,
  paddingInlineStart: '28px',
});
