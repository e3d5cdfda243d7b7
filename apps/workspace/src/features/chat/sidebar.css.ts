import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const note = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.font.size.sm,
  color: vars.color.text.tertiary,
});

export const error = style({ color: vars.color.danger.text });
